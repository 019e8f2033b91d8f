import { Box, CloseButton, Drawer, Portal, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { BrandLogo } from '../../components/brand-logo.tsx'
import { SearchBox } from './search-box.tsx'

/** The navigation drawer of narrow screens: search box and the server menu. */
export default function MobileNav({
  open,
  onOpenChange,
  onSearch,
  children,
}: {
  open: boolean
  onOpenChange(open: boolean): void
  onSearch(keyword: string): void
  children: ReactNode
}) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => onOpenChange(e.open)} placement="start" size="xs">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <BrandLogo />
            </Drawer.Header>
            <Drawer.Body>
              <Stack gap="5">
                <SearchBox
                  onSearch={(keyword) => {
                    onOpenChange(false)
                    onSearch(keyword)
                  }}
                />
                <Box as="nav">{children}</Box>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="关闭" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
