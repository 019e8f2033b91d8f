import {
  Avatar,
  Badge,
  Box,
  Button,
  Container,
  HStack,
  IconButton,
  Skeleton,
  Stack,
  VisuallyHidden,
} from '@chakra-ui/react'
import { Suspense, useState } from 'react'
import { Link as RouterLink } from 'react-router'
import type { MenuItem } from '../../api/site.ts'
import { BrandLogo } from '../../components/brand-logo.tsx'
import { MenuIcon } from '../../components/icons.tsx'
import { paths } from '../../lib/paths.ts'
import { lazyPart } from '../lazy-part.ts'
import { NavLink } from './nav-link.tsx'
import { SearchBox } from './search-box.tsx'

// The dropdown and the mobile drawer pull in menu/dialog state machines and positioning code; they
// load when first needed so the home page paints without them.
const UserMenu = lazyPart(() => import('./user-menu.tsx'))
const MobileNav = lazyPart(() => import('./mobile-nav.tsx'))

function AvatarPlaceholder({ name }: { name: string }) {
  return (
    <Avatar.Root size="xs" colorPalette="brand" mx="1.5">
      <Avatar.Fallback name={name} />
    </Avatar.Root>
  )
}

interface HeaderViewProps {
  /** undefined while loading. */
  menus: MenuItem[] | undefined
  user: { name: string; avatar: string } | null
  /** Where the login prompt goes: /login with a return_url back here. */
  loginHref: string
  currentPath: string
  onSearch(keyword: string): void
  onLogout(): void
}

/**
 * Sits in the link's flow right after the title: an absolutely placed badge covered the last
 * characters on desktop and drifted to the drawer's far edge on phones. Raised on the desktop row
 * (superscript-like) and centred beside the text in the drawer.
 */
function HotBadge({ raised }: { raised: boolean }) {
  return (
    <Badge
      size="xs"
      bg="accent.500"
      color="white"
      px="1"
      fontSize="2xs"
      lineHeight="1.2"
      flexShrink={0}
      alignSelf={raised ? 'flex-start' : 'center'}
      mt={raised ? '-1' : '0'}
    >
      HOT
    </Badge>
  )
}

function MenuLinks({
  menus,
  currentPath,
  direction,
  onNavigate,
}: {
  menus: MenuItem[] | undefined
  currentPath: string
  direction: 'row' | 'column'
  onNavigate?(): void
}) {
  if (!menus) {
    return (
      <HStack gap="5">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} h="4" w="12" />
        ))}
      </HStack>
    )
  }
  return (
    <Stack
      as="ul"
      direction={direction}
      gap={direction === 'row' ? '4' : '1'}
      listStyleType="none"
      m="0"
      p="0"
      aria-label="主导航"
    >
      {menus.map((item) => {
        const active =
          currentPath === item.url ||
          (item.url !== '/index' && currentPath.startsWith(item.url.replace(/\/index$/, '/')))
        return (
          <Box as="li" key={item.id}>
            <NavLink
              to={item.url}
              onClick={onNavigate}
              fontSize="sm"
              fontWeight={active ? 'semibold' : 'medium'}
              color={active ? 'brand.600' : 'fg'}
              whiteSpace="nowrap"
              display="flex"
              alignItems="center"
              gap="1"
              py={direction === 'column' ? '2' : '0'}
              _hover={{ color: 'brand.600', textDecoration: 'none' }}
              aria-current={active ? 'page' : undefined}
            >
              {item.title}
              {item.hot && <HotBadge raised={direction === 'row'} />}
            </NavLink>
          </Box>
        )
      })}
    </Stack>
  )
}

export function HeaderView({ menus, user, loginHref, currentPath, onSearch, onLogout }: HeaderViewProps) {
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [drawerOpened, setDrawerOpened] = useState(false)
  const account = user ? (
    <Suspense fallback={<AvatarPlaceholder name={user.name} />}>
      <UserMenu name={user.name} avatar={user.avatar} onLogout={onLogout} />
    </Suspense>
  ) : (
    <Button asChild size="sm" colorPalette="brand" variant="solid" data-testid="login-prompt">
      <RouterLink to={loginHref}>登录 / 注册</RouterLink>
    </Button>
  )

  return (
    <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky" boxShadow="xs">
      <Container maxW="7xl" h="16" display="flex" alignItems="center" gap={{ base: '2', md: '6' }}>
        <IconButton
          variant="ghost"
          size="sm"
          aria-label="打开导航"
          display={{ base: 'inline-flex', xl: 'none' }}
          onClick={() => {
            setDrawerOpened(true)
            setDrawerOpen(true)
          }}
        >
          <MenuIcon />
        </IconButton>
        {/* Named by what it shows (WCAG 2.5.3 Label in Name): the wordmark 咖簿网, then 首页 for
            screen readers, where an aria-label would have replaced the visible words. */}
        <RouterLink to={paths.home.path}>
          <BrandLogo />
          <VisuallyHidden>首页</VisuallyHidden>
        </RouterLink>
        {/* The nine menu items (with the HOT badge) need ~600 px beside the search box: from 1280 px
            up they fit; narrower screens get the drawer rather than a row cut off after 资讯. */}
        <Box as="nav" flex="1" display={{ base: 'none', xl: 'block' }} overflow="hidden" pt="1">
          <MenuLinks menus={menus} currentPath={currentPath} direction="row" />
        </Box>
        <Box flex={{ base: '1', xl: '0 0 auto' }} />
        {/* 224 px at most: the page is never wider than 1280 px, and the menu row needs the rest
            beside a signed-in user's name. */}
        <Box w={{ md: '56' }} display={{ base: 'none', md: 'block' }}>
          <SearchBox key={currentPath} onSearch={onSearch} />
        </Box>
        {account}
      </Container>

      {drawerOpened && (
        <Suspense fallback={null}>
          <MobileNav open={drawerOpen} onOpenChange={setDrawerOpen} onSearch={onSearch}>
            <MenuLinks
              menus={menus}
              currentPath={currentPath}
              direction="column"
              onNavigate={() => setDrawerOpen(false)}
            />
          </MobileNav>
        </Suspense>
      )}
    </Box>
  )
}
