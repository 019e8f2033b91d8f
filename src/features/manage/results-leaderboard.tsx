import { Badge, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { OUTLIER_POINTS } from '../../../definitions/competition/scoring.ts'
import type { Leaderboard, LeaderboardEntry } from '../../api/results.ts'
import { type RecordColumn, RecordTable } from '../../components/record-table.tsx'

const VERDICT = { passed: '通过', failed: '不通过', pending: '待定' } as const
const VERDICT_PALETTE = { passed: 'green', failed: 'red', pending: 'gray' } as const
const points = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2))

/** One table per range (cards on a phone): rank, result, the judges' sheets, spread and progress. */
export function LeaderboardRanges({ board }: { board: Leaderboard }) {
  if (!board.ranges.length)
    return (
      <Stack gap="4">
        <Text color="fg.muted" data-testid="leaderboard-empty">
          本轮暂无参评作品。
        </Text>
        <ExcludedEntries board={board} />
      </Stack>
    )
  const score = board.round.mode === 'score'
  return (
    <Stack gap="5">
      <Text fontSize="sm" color="fg.muted">
        {score
          ? `得分：按赛事定义汇总各评委的加权分（0–100）；并列：同类别得分相同；离群：与该作品各评分的中位数相差超过 ${OUTLIER_POINTS} 分；分差：最高与最低评分之差。`
          : '资格审查：按定义的通过规则汇总评委的“通过 / 不通过”。'}
      </Text>
      {board.ranges.map((range) => (
        <Stack key={range.range} gap="2" data-testid="leaderboard-range" data-range={range.range}>
          <Heading as="h3" size="sm">
            {range.rangeLabel}（{range.entries.length} 件）
          </Heading>
          <RecordTable
            rows={range.entries}
            columns={score ? scoreColumns : qualifyingColumns}
            rowKey={(e) => e.workId}
            testId="leaderboard-table"
            title={(e) => <WorkTitle e={e} />}
          />
        </Stack>
      ))}
      <ExcludedEntries board={board} />
    </Stack>
  )
}

const EXCLUDED = { returned: '已退回修改', disqualified: '已取消资格', unconfirmed: '未确认提交' } as const

/** Entries assigned in the round that left judging: named apart, never ranked, never awarded. */
function ExcludedEntries({ board }: { board: Leaderboard }) {
  if (!board.excluded.length) return null
  return (
    <Stack gap="2" data-testid="leaderboard-excluded">
      <Heading as="h3" size="sm">
        已退出评审（{board.excluded.length} 件，不排名、不能获奖）
      </Heading>
      {board.excluded.map((e) => (
        <HStack key={e.workId} gap="2" wrap="wrap" fontSize="sm" data-work-id={e.workId}>
          <Text fontFamily="mono">{e.entryNumber}</Text>
          <Text fontWeight="medium" overflowWrap="anywhere">
            {e.worksName || '（未命名）'}
          </Text>
          <Badge colorPalette={e.state === 'disqualified' ? 'red' : 'orange'}>{EXCLUDED[e.state]}</Badge>
          {e.reason && (
            <Text color="fg.muted" overflowWrap="anywhere">
              原因：{e.reason}
            </Text>
          )}
        </HStack>
      ))}
    </Stack>
  )
}

function WorkTitle({ e }: { e: LeaderboardEntry }) {
  return (
    <Stack gap="0" data-testid="leaderboard-entry" data-work-id={e.workId}>
      <Text fontWeight="medium">{e.worksName || e.entryNumber}</Text>
      <Text fontSize="xs" color="fg.muted" fontFamily="mono">
        {e.entryNumber}
      </Text>
    </Stack>
  )
}

const flags = (e: LeaderboardEntry) => (
  <HStack gap="1" wrap="wrap" justify={{ base: 'flex-end', md: 'flex-start' }}>
    {e.tied && (
      <Badge colorPalette="purple" data-testid="flag-tied">
        并列
      </Badge>
    )}
    {e.outliers > 0 && (
      <Badge colorPalette="red" data-testid="flag-outlier">
        离群 {e.outliers}
      </Badge>
    )}
    {e.spread !== null && e.spread > OUTLIER_POINTS && (
      <Badge colorPalette="orange" data-testid="flag-spread">
        分差 {points(e.spread)}
      </Badge>
    )}
    {!e.tied && e.outliers === 0 && (e.spread === null || e.spread <= OUTLIER_POINTS) && (
      <Text as="span" color="fg.muted">
        —
      </Text>
    )}
  </HStack>
)

const progress = (e: LeaderboardEntry) => (
  <Text as="span" color={e.submitted < e.assigned ? 'orange.fg' : undefined}>
    {e.submitted} / {e.assigned}
  </Text>
)

const sheets = (e: LeaderboardEntry, score: boolean) =>
  e.sheets.length ? (
    <HStack gap="1" wrap="wrap" justify={{ base: 'flex-end', md: 'flex-start' }}>
      {e.sheets.map((s) => (
        <Badge
          key={s.judge}
          variant={s.outlier ? 'solid' : 'outline'}
          colorPalette={s.outlier ? 'red' : 'gray'}
          title={`评委 ${s.judge}${s.outlier ? '（离群）' : ''}`}
        >
          {score
            ? s.score === null
              ? '—'
              : points(s.score)
            : s.pass === null
              ? '未定'
              : s.pass
                ? '通过'
                : '不通过'}
        </Badge>
      ))}
    </HStack>
  ) : (
    <Text as="span" color="fg.muted">
      暂无
    </Text>
  )

const work: RecordColumn<LeaderboardEntry> = {
  header: '作品',
  cell: (e) => <WorkTitle e={e} />,
  inCard: false,
}
const entrant: RecordColumn<LeaderboardEntry> = { header: '参赛者', cell: (e) => e.entrant }

const scoreColumns: RecordColumn<LeaderboardEntry>[] = [
  { header: '名次', nowrap: true, cell: (e) => (e.rank === null ? '—' : `第 ${e.rank} 名`) },
  work,
  entrant,
  {
    header: '得分',
    nowrap: true,
    cell: (e) => (
      <Text as="span" fontWeight="semibold" data-testid="entry-result">
        {e.result === null ? '—' : points(e.result)}
      </Text>
    ),
  },
  { header: '评委评分', cell: (e) => sheets(e, true) },
  { header: '分差', nowrap: true, cell: (e) => (e.spread === null ? '—' : points(e.spread)) },
  { header: '标记', cell: flags },
  { header: '已评 / 分配', nowrap: true, cell: progress },
]

const qualifyingColumns: RecordColumn<LeaderboardEntry>[] = [
  work,
  entrant,
  {
    header: '结论',
    nowrap: true,
    cell: (e) =>
      e.verdict ? (
        <Badge colorPalette={VERDICT_PALETTE[e.verdict]} data-testid="entry-verdict">
          {VERDICT[e.verdict]}
        </Badge>
      ) : (
        '—'
      ),
  },
  { header: '票数', nowrap: true, cell: (e) => `通过 ${e.passes} · 不通过 ${e.fails} · 需 ${e.needed}` },
  { header: '评委意见', cell: (e) => sheets(e, false) },
  { header: '已评 / 分配', nowrap: true, cell: progress },
]
