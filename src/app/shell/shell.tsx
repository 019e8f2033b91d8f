import { Box, Flex, Spinner } from '@chakra-ui/react'
import { Suspense, useEffect, useRef, useState } from 'react'
import { Outlet, useLocation, useNavigation } from 'react-router'
import { DeferredHydration } from '../../components/deferred-hydration.tsx'
import { useUserStore } from '../../stores/user.ts'
import { DeferredToaster } from '../deferred-toaster.tsx'
import { DocumentHead } from '../document-head.tsx'
import { lazyPart } from '../lazy-part.ts'
import { BackToTop } from './back-to-top.tsx'
import { Footer } from './footer.tsx'
import { Header } from './header.tsx'
import { useSessionWatch } from './use-session-watch.ts'

// The real-name dialogs carry the form kit: they load the first time something asks for them.
const RealnameDialogs = lazyPart(() => import('../../features/realname/realname-dialogs.tsx'))

/** Header, page, footer and back-to-top around every route. */
export function Shell() {
  const navigation = useNavigation()
  const { pathname } = useLocation()
  useSessionWatch()
  const realnameOpen = useUserStore((s) => s.realnameDialogOpen)
  const [realnameLoaded, setRealnameLoaded] = useState(false)
  useEffect(() => {
    if (realnameOpen) setRealnameLoaded(true)
  }, [realnameOpen])
  // A new page starts at the top; the first one keeps where the visitor already is (a #section link,
  // or a scroll made before a server-rendered page finished hydrating).
  const previousPath = useRef(pathname)
  useEffect(() => {
    if (previousPath.current === pathname) return
    previousPath.current = pathname
    window.scrollTo(0, 0)
  }, [pathname])
  return (
    <Flex direction="column" minH="100dvh">
      <DocumentHead />
      <Header />
      {navigation.state === 'loading' && (
        <Box position="fixed" top="3" right="3" zIndex="toast" role="status" aria-label="加载中">
          <Spinner size="sm" color="brand.600" />
        </Box>
      )}
      <Box as="main" flex="1" display="flex" flexDirection="column">
        <Outlet />
      </Box>
      <BackToTop />
      <DeferredHydration>
        <Footer />
      </DeferredHydration>
      <DeferredToaster />
      {(realnameOpen || realnameLoaded) && (
        <Suspense fallback={null}>
          <RealnameDialogs />
        </Suspense>
      )}
    </Flex>
  )
}
