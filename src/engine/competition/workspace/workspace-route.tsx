import { Alert, Box, Button, Container, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useEffect } from 'react'
import { type LoaderFunctionArgs, Outlet, Link as RouterLink } from 'react-router'
import { phaseRefusal } from '../../../../definitions/competition/phases.ts'
import { paths } from '../../../lib/paths.ts'
import { useLoad } from '../../../lib/use-load.ts'
import { useTitle } from '../../../lib/use-title.ts'
import { useCompetitionStore } from '../../../stores/competition.ts'
import { competitionOf, redirectFor, useCompetition } from '../route.tsx'
import { entryLock } from './entry-lock.ts'
import { StepBar } from './step-bar.tsx'

/**
 * Runs on every move between workspace paths (the competition route's loader does not): an absent
 * path is a 404. The router's sign-in guard then sends a visitor who signed out meanwhile to sign in.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  if (import.meta.env.SSR) return null
  const elsewhere = redirectFor(await competitionOf(params.competition ?? ''), request)
  if (elsewhere) throw elsewhere
  return null
}

/**
 * /:competition/base — the entrant's workspace: the step bar (following the store's workStep) over
 * the step being filled. The entry is loaded from the server, so an entrant who leaves comes back to
 * the same place on any device.
 */
export function Component() {
  const competition = useCompetition()
  const setInfo = useCompetitionStore((s) => s.setInfo)
  const loadUserInfo = useCompetitionStore((s) => s.loadUserInfo)
  const entry = useCompetitionStore((s) => s.userInfo)
  useTitle(`${competition.shortTitle ?? competition.title} · 参赛`)
  useEffect(() => setInfo(competition), [competition, setInfo])
  const load = useLoad(async () => {
    setInfo(competition)
    return loadUserInfo()
  }, [competition.competitionId])
  // Why the works can no longer change (closed, or submitted), over every step of the workspace.
  const closed = entry
    ? entryLock(competition, entry).works
    : phaseRefusal(competition.phases, 'submit', Date.now())

  return (
    <Box flex="1" bg="bg.subtle" pb="12">
      <Container maxW="5xl" py={{ base: '6', md: '8' }}>
        <Stack gap="6">
          <HStack justify="space-between" flexWrap="wrap" gap="3">
            <Heading as="h1" size="xl">
              {competition.title}
            </Heading>
            <Button asChild variant="outline" size="sm">
              <RouterLink to={paths.competition.getHref(competition.slug, 'index')}>返回赛事首页</RouterLink>
            </Button>
          </HStack>
          {closed && (
            <Alert.Root status={entry?.finalised ? 'success' : 'warning'} data-testid="competition-closed">
              <Alert.Indicator />
              <Alert.Title>{closed}</Alert.Title>
            </Alert.Root>
          )}
          {entry?.moderation && (
            // Staff returned the entry for correction, or disqualified it (README "Organisers' console").
            <Alert.Root
              status={entry.moderation.state === 'returned' ? 'warning' : 'error'}
              data-testid="entry-moderation"
            >
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>
                  {entry.moderation.state === 'returned'
                    ? '您的报名已被退回修改，请修改后重新确认提交'
                    : '您的参赛资格已被取消'}
                </Alert.Title>
                <Alert.Description>原因：{entry.moderation.reason}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          {load.failed ? (
            <Stack align="start" gap="3" data-testid="workspace-failed">
              <Text>参赛信息加载失败。</Text>
              <Button onClick={load.reload}>重试</Button>
            </Stack>
          ) : !entry || load.loading ? (
            <Skeleton height="320px" borderRadius="lg" />
          ) : (
            <>
              <StepBar competition={competition} entry={entry} />
              <Box bg="bg" borderRadius="lg" borderWidth="1px" p={{ base: '4', md: '8' }}>
                <Outlet />
              </Box>
            </>
          )}
        </Stack>
      </Container>
    </Box>
  )
}
