import { Box, Button, Container, Flex, Stack, Text } from '@chakra-ui/react'
import { type ComponentType, useState } from 'react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { MINE_SIDEBAR_TABS, type MineTab, mineTab } from '../../lib/paths.ts'
import { useTitle } from '../../lib/use-title.ts'
import { AddressTab } from './address-tab.tsx'
import { BillTab } from './bill-tab.tsx'
import { CertTab } from './cert-tab.tsx'
import { CompetitionTab } from './competition-tab.tsx'
import { InfoTab } from './info-tab.tsx'
import { OrderTab } from './order-tab.tsx'
import { SettingTab } from './setting-tab.tsx'
import { readSidebarCollapsed, writeSidebarCollapsed } from './sidebar-state.ts'
import { WorkTab } from './work-tab.tsx'

const TAB_SCREENS: Record<MineTab, ComponentType> = {
  Info: InfoTab,
  Cert: CertTab,
  Competition: CompetitionTab,
  Work: WorkTab,
  Setting: SettingTab,
  Bill: BillTab,
  Order: OrderTab,
  Address: AddressTab,
}

const isTab = (value: string | null): value is MineTab => !!value && value in TAB_SCREENS

/** /mine: the personal area; `change` picks the tab (SPEC §2), Info when missing or unknown. */
export function Component() {
  const [params] = useSearchParams()
  const change = params.get('change')
  const tab: MineTab = isTab(change) ? change : 'Info'
  const label = MINE_SIDEBAR_TABS.find((t) => t.tab === tab)?.label ?? ''
  const [collapsed, setCollapsed] = useState(readSidebarCollapsed)
  useTitle(label)
  const Screen = TAB_SCREENS[tab]

  const toggle = () => {
    setCollapsed(!collapsed)
    writeSidebarCollapsed(!collapsed)
  }

  return (
    <Container maxW="6xl" py={{ base: '4', md: '8' }}>
      <Flex gap={{ base: '4', md: '8' }} direction={{ base: 'column', md: 'row' }} align="flex-start">
        <Box
          as="nav"
          aria-label="个人中心"
          w={{ base: 'full', md: collapsed ? '14' : '48' }}
          flexShrink={0}
          borderWidth="1px"
          borderRadius="md"
          p="2"
          data-testid="mine-sidebar"
          data-collapsed={collapsed ? 'true' : 'false'}
        >
          <Button
            size="xs"
            variant="ghost"
            w="full"
            mb="1"
            onClick={toggle}
            aria-expanded={!collapsed}
            display={{ base: 'none', md: 'flex' }}
            data-testid="mine-sidebar-toggle"
          >
            {collapsed ? '»' : '« 收起'}
          </Button>
          <Stack gap="1" direction={{ base: 'row', md: 'column' }} overflowX="auto">
            {MINE_SIDEBAR_TABS.map((item) => {
              const current = item.tab === tab
              return (
                <Button
                  key={item.tab}
                  asChild
                  size="sm"
                  variant={current ? 'subtle' : 'ghost'}
                  colorPalette={current ? 'brand' : 'gray'}
                  justifyContent={collapsed ? 'center' : 'flex-start'}
                  title={item.label}
                >
                  <RouterLink
                    to={mineTab(item.tab)}
                    aria-current={current ? 'page' : undefined}
                    aria-label={item.label}
                  >
                    {collapsed ? (
                      <Text as="span" display={{ base: 'none', md: 'inline' }} aria-hidden>
                        {item.label.slice(0, 1)}
                      </Text>
                    ) : null}
                    <Text as="span" display={collapsed ? { base: 'inline', md: 'none' } : 'inline'}>
                      {item.label}
                    </Text>
                  </RouterLink>
                </Button>
              )
            })}
          </Stack>
        </Box>
        <Box flex="1" minW="0" w="full">
          <Screen key={tab} />
        </Box>
      </Flex>
    </Container>
  )
}
