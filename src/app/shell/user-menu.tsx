import { Avatar, Box, Button, HStack, Menu, Portal, Text } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { ChevronDownIcon } from '../../components/icons.tsx'
import { assetUrl, MINE_TABS, mineTab } from '../../lib/paths.ts'

/** The eight items of the avatar dropdown (SPEC §2 Shell), in order: the personal area's tabs, then sign-out. */
export const USER_MENU_ITEMS = MINE_TABS
export const LOGOUT_LABEL = '退出登录'

export default function UserMenu({
  name,
  avatar,
  onLogout,
}: {
  name: string
  avatar: string
  onLogout(): void
}) {
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        {/* Named by its content, not an aria-label: a spoken name must contain the visible one (the
            user's name), so voice control can say what the eye reads. The avatar's initial is left
            out; on phones, where the name is not shown, it is still read. */}
        <Button variant="ghost" size="sm" px="1.5" data-testid="user-menu">
          <HStack gap="2">
            <Avatar.Root size="xs" colorPalette="brand" aria-hidden>
              <Avatar.Fallback name={name} />
              {avatar && <Avatar.Image src={assetUrl(avatar)} alt="" />}
            </Avatar.Root>
            <Text maxW="24" truncate display={{ base: 'none', sm: 'block' }}>
              {name}
            </Text>
            <Box as="span" srOnly hideFrom="sm">
              {name}
            </Box>
            <Box as="span" srOnly>
              的账户菜单
            </Box>
            <ChevronDownIcon boxSize="4" color="fg.muted" />
          </HStack>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="40">
            {USER_MENU_ITEMS.map((item) => (
              <Menu.Item key={item.tab} value={item.tab} asChild>
                <RouterLink to={mineTab(item.tab)}>{item.label}</RouterLink>
              </Menu.Item>
            ))}
            <Menu.Separator />
            <Menu.Item value="logout" color="fg.error" onSelect={onLogout}>
              {LOGOUT_LABEL}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
