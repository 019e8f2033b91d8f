import { Button, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { type ReactNode, useMemo } from 'react'
import { Link as RouterLink } from 'react-router'
import type { CompetitionView } from '../../../../definitions/competition/view.ts'
import type { CompetitionWork } from '../../../../schemas/api/competition.ts'
import { type CompetitionApi, competitionApi } from '../../../api/competition.ts'
import { paths } from '../../../lib/paths.ts'
import { useCompetition } from '../route.tsx'
import { useCurrentWork } from './use-current-work.ts'

export interface WorkStepProps {
  competition: CompetitionView
  api: CompetitionApi
  work: CompetitionWork
  reload(): void
}

/**
 * A step about one work (info, display): finds the work (?id= or the latest), and asks for its base
 * info first when there is none yet.
 */
export function WorkStep({ title, children }: { title: string; children(props: WorkStepProps): ReactNode }) {
  const competition = useCompetition()
  const api = useMemo(() => competitionApi(competition), [competition])
  const work = useCurrentWork(api)
  if (work.loading && !work.data) return <Skeleton height="320px" />
  if (work.failed) return <Text>作品加载失败，请刷新重试。</Text>
  if (!work.data) {
    return (
      <Stack gap="3" align="start">
        <Text>请先填写作品基本信息。</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to={paths.competition.getHref(competition.slug, 'base/works/base')}>
            填写作品信息
          </RouterLink>
        </Button>
      </Stack>
    )
  }
  return (
    <Stack gap="6">
      <HStack justify="space-between" flexWrap="wrap">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        <Text color="fg.muted" data-testid="current-work">
          作品：{work.data.worksName}
        </Text>
      </HStack>
      {children({ competition, api, work: work.data, reload: work.reload })}
    </Stack>
  )
}
