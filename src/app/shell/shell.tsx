import { Box, Flex, Spinner } from '@chakra-ui/react'
import { useEffect } from 'react'
import { Outlet, useLocation, useNavigation } from 'react-router'
import { DeferredToaster } from '../deferred-toaster.tsx'
import { BackToTop } from './back-to-top.tsx'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'
import { useSessionWatch } from './use-session-watch.ts'

/** Header, page, footer and back-to-top around every route. */
export function Shell() {
  const navigation = useNavigation()
  const { pathname } = useLocation()
  useSessionWatch()
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return (
    <Flex direction="column" minH="100dvh">
      <Header />
      {navigation.state === 'loading' && (
        <Box position="fixed" top="3" right="3" zIndex="toast" aria-label="加载中">
          <Spinner size="sm" color="brand.600" />
        </Box>
      )}
      <Box as="main" flex="1" display="flex" flexDirection="column">
        <Outlet />
      </Box>
      <Footer />
      <BackToTop />
      <DeferredToaster />
    </Flex>
  )
}
