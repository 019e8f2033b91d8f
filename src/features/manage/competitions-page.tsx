import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react'
import { Fragment } from 'react'
import { Link as RouterLink } from 'react-router'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { listManageCompetitions, type ManageCompetition } from '../../api/manage.ts'
import { KEEP_TOGETHER } from '../../lib/cjk-wrap.ts'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { ConsoleFrame, LoadState } from './console-frame.tsx'
import { ExportsPanel } from './exports-panel.tsx'

/** /manage: each competition the reader organises (an admin: all) with its live counts. */
export function Component() {
  return <ConsoleFrame title="赛事">{() => <Competitions />}</ConsoleFrame>
}

function Competitions() {
  const loaded = useLoad(() => listManageCompetitions(), [])
  return (
    <LoadState loaded={loaded} empty={{ text: '暂无可管理的赛事。', isEmpty: (list) => list.length === 0 }}>
      {(list) => (
        <Stack gap="5" data-testid="manage-competitions">
          {list.map((c) => (
            <CompetitionCard key={c.competitionId} c={c} />
          ))}
        </Stack>
      )}
    </LoadState>
  )
}

const TOTALS: Array<[keyof ManageCompetition, string]> = [
  ['registrations', '报名'],
  ['works', '作品'],
  ['paid', '已缴费'],
  ['submitted', '已提交'],
  ['returned', '已退回'],
  ['disqualified', '已取消资格'],
]

function CompetitionCard({ c }: { c: ManageCompetition }) {
  return (
    <Card.Root size="sm" data-testid="manage-competition" data-competition-id={c.competitionId}>
      <Card.Body gap="4">
        <Stack gap="1">
          <HStack gap="2" wrap="wrap">
            <Heading as="h2" size="md">
              {c.title}
            </Heading>
            <Badge variant="outline">{c.stageLabel}</Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted" data-testid="manage-competition-dates">
            <Box as="span" {...KEEP_TOGETHER}>
              作品提交截止：{formatBeijing(Date.parse(c.submissionDeadline))}
            </Box>
            {' · '}
            <Box as="span" {...KEEP_TOGETHER}>
              结果公布：{formatBeijing(Date.parse(c.results))}
            </Box>
          </Text>
        </Stack>
        <SimpleGrid columns={{ base: 3, md: 6 }} gap="2">
          {TOTALS.map(([key, label]) => (
            <Box key={key} borderWidth="1px" borderRadius="md" p="2" textAlign="center">
              <Text fontSize="xl" fontWeight="semibold" data-testid={`count-${key}`}>
                {String(c[key])}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {label}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <Breakdown
            title="按参赛身份（报名）"
            rows={c.byEntrantType}
            line={(b) => [
              `报名 ${b.registrations}`,
              `作品 ${b.works}`,
              `已缴费 ${b.paid}`,
              `已提交 ${b.submitted}`,
            ]}
          />
          <Breakdown
            title="按参赛类别（作品）"
            rows={c.byRange}
            line={(b) => [
              `作品 ${b.works}`,
              `报名 ${b.registrations}`,
              `已缴费的作品 ${b.paid}`,
              `已提交的作品 ${b.submitted}`,
            ]}
          />
        </SimpleGrid>
        <Wrap gap="2">
          <Button asChild size="sm" colorPalette="brand">
            <RouterLink to={paths.manageEntries.getHref(c.competitionId)}>报名表</RouterLink>
          </Button>
          {c.judged && (
            <Button asChild size="sm" variant="outline">
              <RouterLink to={paths.manageJudging.getHref(c.competitionId)}>评审分配</RouterLink>
            </Button>
          )}
          {c.judged && (
            <Button asChild size="sm" colorPalette="brand" variant="subtle">
              <RouterLink to={paths.manageResults.getHref(c.competitionId)} data-testid="manage-results-link">
                评审结果
              </RouterLink>
            </Button>
          )}
          <Button asChild size="sm" variant="outline">
            <RouterLink to={paths.manageSchedule.getHref(c.competitionId)} data-testid="manage-schedule-link">
              赛程
            </RouterLink>
          </Button>
          <Button asChild size="sm" variant="outline">
            <RouterLink to={paths.manageCertificates.getHref(c.competitionId)}>证书</RouterLink>
          </Button>
          <Button asChild size="sm" variant="outline">
            <RouterLink to={paths.manageCertificatePosts.getHref(c.competitionId)}>证书邮寄</RouterLink>
          </Button>
          <Button asChild size="sm" variant="outline">
            <RouterLink to={paths.manageMessages.getHref(c.competitionId)} data-testid="manage-messages-link">
              给参赛者发消息
            </RouterLink>
          </Button>
        </Wrap>
        <Stack gap="2">
          <Text fontWeight="medium" fontSize="sm">
            导出
          </Text>
          <ExportsPanel competitionId={c.competitionId} />
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}

type Row = ManageCompetition['byRange'][number]

/** A row's counts; each count stays on one line (a phone wrapped 已提交的作品 0 inside the word). */
function Breakdown({ title, rows, line }: { title: string; rows: Row[]; line: (row: Row) => string[] }) {
  return (
    <Stack gap="2">
      <Text fontWeight="medium" fontSize="sm">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          暂无
        </Text>
      ) : (
        <Stack as="ul" gap="1" listStyleType="none" fontSize="sm">
          {rows.map((b) => (
            <HStack as="li" key={b.value} justify="space-between" align="start" gap="3" wrap="wrap">
              <Text>{b.label}</Text>
              <Text color="fg.muted" textAlign={{ base: 'start', md: 'end' }}>
                {line(b).map((part, i) => (
                  // The separator stays outside the unbreakable count: the line may break after it.
                  <Fragment key={part}>
                    {i > 0 && ' · '}
                    <Text as="span" whiteSpace="nowrap">
                      {part}
                    </Text>
                  </Fragment>
                ))}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
