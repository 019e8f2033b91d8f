import { Avatar, Box, Button, HStack, Menu, Portal, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
import { ChevronDownIcon } from '../../components/icons.tsx'
import { assetUrl, MINE_TABS, mineTab, paths } from '../../lib/paths.ts'

/** The eight items of the avatar dropdown (SPEC §2 Shell), in order: the personal area's tabs, then sign-out. */
export const USER_MENU_ITEMS = MINE_TABS
export const LOGOUT_LABEL = '退出登录'
/** The console's entry point, shown to organisers and admins only (README "Organisers' console"). */
export const MANAGE_LABEL = '管理后台'

/**
 * Whether the account may open the console, asked the first time the menu opens (the client module
 * loads then too, so no page pays for it before).
 */
function useStaffCheck(): [boolean, () => void] {
  const [staff, setStaff] = useState(false)
  const [asked, setAsked] = useState(false)
  const ask = () => {
    if (asked) return
    setAsked(true)
    import('../../api/manage.ts')
      .then((m) => m.getStaffMe())
      .then((me) => setStaff(me.admin || me.roles.some((r) => r.role === 'organiser')))
      .catch(() => setAsked(false))
  }
  return [staff, ask]
}

export default function UserMenu({
  name,
  avatar,
  onLogout,
}: {
  name: string
  avatar: string
  onLogout(): void
}) {
  const [staff, askStaff] = useStaffCheck()
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onOpenChange={(e) => e.open && askStaff()}>
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
            {staff && (
              <Menu.Item value="manage" asChild>
                <RouterLink to={paths.manage.path} data-testid="menu-manage">
                  {MANAGE_LABEL}
                </RouterLink>
              </Menu.Item>
            )}
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
