import { Alert, Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useMemo } from 'react'
import { Navigate, Link as RouterLink, useNavigate } from 'react-router'
import type { CompetitionView } from '../../../../definitions/competition/view.ts'
import type { CompetitionWork } from '../../../../schemas/api/competition.ts'
import { competitionApi } from '../../../api/competition.ts'
import { notify } from '../../../lib/notify.ts'
import { paths } from '../../../lib/paths.ts'
import { useCompetitionStore } from '../../../stores/competition.ts'
import { useCompetition } from '../route.tsx'
import { EntryForm } from './entry-form.tsx'
import { entryLock } from './entry-lock.ts'
import { nextStepPath } from './next-step.ts'
import { useChoices } from './use-choices.ts'
import { useCurrentWork } from './use-current-work.ts'

/** /:competition/base/works/base — a work's base info (forms.workBase): its latest work, or ?id=. */
export function Component() {
  const competition = useCompetition()
  const api = useMemo(() => competitionApi(competition), [competition])
  const work = useCurrentWork(api)
  if (work.loading) return <Skeleton height="320px" />
  if (work.failed) return <Text>作品加载失败，请刷新重试。</Text>
  return <WorkBaseForm competition={competition} work={work.data ?? null} />
}

/** The base-info form for an existing work, or a new one (works/add, or no work yet). */
export function WorkBaseForm({
  competition,
  work,
}: {
  competition: CompetitionView
  work: CompetitionWork | null
}) {
  const api = useMemo(() => competitionApi(competition), [competition])
  const entry = useCompetitionStore((s) => s.userInfo)
  const loadUserInfo = useCompetitionStore((s) => s.loadUserInfo)
  const navigate = useNavigate()
  const form = competition.forms.workBase
  const choices = useChoices(competition, api, form ?? '')
  if (!form) return <Navigate to={paths.competition.getHref(competition.slug, 'index')} replace />
  const locked = entryLock(competition, entry).works
  if (!entry?.registered) {
    // Registration has closed: the workspace says why above the steps; there is nothing to fill in.
    if (locked) return <Text data-testid="works-locked">报名已结束，不能再提交作品。</Text>
    return (
      <Stack gap="3" align="start">
        <Text>请先填写报名信息，再提交作品。</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.competition.getHref(competition.slug, 'base/infomation')}>
            填写报名信息
          </RouterLink>
        </Button>
      </Stack>
    )
  }
  if (locked && !work) return <Text data-testid="works-locked">不能再添加作品。</Text>
  const full = !work && entry.worksCount >= entry.worksMax
  return (
    <Stack gap="5">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h2" size="lg">
          {work ? `作品信息：${work.worksName}` : '新作品'}
        </Heading>
        <Text fontSize="sm" color="fg.muted" data-testid="works-count">
          已提交 {entry.worksCount} / {entry.worksMax} 件
        </Text>
      </HStack>
      {full ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>每人最多提交 {entry.worksMax} 件作品，已达上限。</Alert.Title>
        </Alert.Root>
      ) : choices.error ? (
        <Text color="red.600">{choices.error}</Text>
      ) : !choices.context ? (
        <Skeleton height="320px" />
      ) : (
        <EntryForm
          api={api}
          form={form}
          formKey="workBase"
          workId={work?.id}
          saved={work?.base}
          readOnly={!!locked}
          context={choices.context}
          submitLabel="保存并继续"
          onSubmit={async (data) => {
            const saved = await api.saveWorkBase(data, work?.id)
            await loadUserInfo()
            notify('作品信息已保存', 'success')
            navigate(nextStepPath(competition, 'works-base', saved.id))
          }}
        />
      )}
    </Stack>
  )
}
