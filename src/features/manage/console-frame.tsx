import { Alert, Box, Button, Heading, HStack, Skeleton, Stack, Text, Wrap } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { Link as RouterLink, useLocation } from 'react-router'
import { getStaffMe, type StaffMe } from '../../api/manage.ts'
import { paths } from '../../lib/paths.ts'
import { type Loaded, useLoad } from '../../lib/use-load.ts'
import { useTitle } from '../../lib/use-title.ts'

/** The console's sections; `admin`: shown to admins only (the server refuses the others too). */
const SECTIONS = [
  { label: '赛事', to: paths.manage.path, admin: false },
  { label: '落地页报名', to: paths.manageSignups.path, admin: true },
  { label: '活动报名与签到', to: paths.manageEvents.path, admin: true },
  { label: '评审分配', to: paths.manageJudging.path, admin: false },
  { label: '证书', to: paths.manageCertificates.path, admin: false },
  { label: '证书邮寄', to: paths.manageCertificatePosts.path, admin: false },
  { label: '参赛者消息', to: paths.manageMessages.path, admin: false },
  { label: '退款案例', to: paths.manageRefunds.path, admin: false },
  { label: '角色与审计', to: paths.manageStaff.path, admin: false },
  { label: '定义文件', to: paths.manageDefinitions.path, admin: true },
] as const

/**
 * Every console screen: the heading, the sections the reader may open, and the body once the
 * account's roles are known. A signed-in account without a staff role reads 无权访问 and nothing of
 * the console is asked of the server.
 */
export function ConsoleFrame({
  title,
  back,
  actions,
  children,
}: {
  title: string
  /** Where 返回 leads (an entry's page back to its table). */
  back?: { label: string; to: string }
  actions?: ReactNode
  children: (me: StaffMe) => ReactNode
}) {
  useTitle(`${title} - 管理后台`)
  const me = useLoad(getStaffMe, [])
  const { pathname } = useLocation()
  const staff = me.data && (me.data.admin || me.data.roles.some((r) => r.role === 'organiser'))
  return (
    <Box maxW="7xl" mx="auto" px={{ base: '3', md: '6' }} py={{ base: '4', md: '8' }} data-testid="manage">
      <Stack gap="5">
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted">
            管理后台
          </Text>
          {staff && (
            <Wrap gap="2" as="nav" aria-label="管理后台栏目">
              {SECTIONS.filter((s) => !s.admin || me.data?.admin).map((s) => {
                const current =
                  pathname.endsWith(s.to) ||
                  (s.to === paths.manage.path && /\/manage\/(entr|results)/.test(pathname))
                return (
                  <Button
                    key={s.to}
                    asChild
                    size="sm"
                    variant={current ? 'solid' : 'outline'}
                    colorPalette="brand"
                    aria-current={current ? 'page' : undefined}
                  >
                    <RouterLink to={s.to}>{s.label}</RouterLink>
                  </Button>
                )
              })}
            </Wrap>
          )}
          <HStack justify="space-between" align="center" wrap="wrap" gap="3">
            <Heading as="h1" size={{ base: 'lg', md: 'xl' }} minW="0" overflowWrap="anywhere">
              {title}
            </Heading>
            <HStack gap="2" wrap="wrap">
              {back && (
                <Button asChild size="sm" variant="ghost">
                  <RouterLink to={back.to}>← {back.label}</RouterLink>
                </Button>
              )}
              {actions}
            </HStack>
          </HStack>
        </Stack>
        <LoadState loaded={me}>
          {(data) =>
            data.admin || data.roles.some((r) => r.role === 'organiser') ? (
              children(data)
            ) : (
              <Alert.Root status="warning" data-testid="manage-forbidden">
                <Alert.Indicator />
                <Alert.Title>无权访问：管理后台仅供赛事组织者和管理员使用。</Alert.Title>
              </Alert.Root>
            )
          }
        </LoadState>
      </Stack>
    </Box>
  )
}

/** Loading, failed and empty states of one load, then its data. */
export function LoadState<T>({
  loaded,
  empty,
  children,
}: {
  loaded: Loaded<T>
  /** Shown instead of the data when it holds nothing (`isEmpty` decides). */
  empty?: { text: string; isEmpty: (data: T) => boolean }
  children: (data: T) => ReactNode
}) {
  if (loaded.failed)
    return (
      <Alert.Root status="error" data-testid="manage-error">
        <Alert.Indicator />
        <Alert.Title>加载失败</Alert.Title>
        <Button size="xs" variant="outline" ms="auto" onClick={loaded.reload}>
          重试
        </Button>
      </Alert.Root>
    )
  if (loaded.data === undefined)
    return (
      <Stack gap="3" role="status" aria-busy="true" aria-label="加载中">
        <Skeleton h="6" />
        <Skeleton h="6" />
        <Skeleton h="6" w="60%" />
      </Stack>
    )
  if (empty?.isEmpty(loaded.data))
    return (
      <Text color="fg.muted" py="6" textAlign="center" data-testid="manage-empty">
        {empty.text}
      </Text>
    )
  return <>{children(loaded.data)}</>
}
