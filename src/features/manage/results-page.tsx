import { Badge, Button, Heading, HStack, Stack, Text, Wrap } from '@chakra-ui/react'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { getLeaderboard, type Leaderboard } from '../../api/results.ts'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { ConsoleFrame, LoadState } from './console-frame.tsx'
import { AdvancementPanel } from './results-advancement.tsx'
import { AwardsPanel } from './results-awards.tsx'
import { beijing, ROUND_STATE } from './results-format.ts'
import { LeaderboardRanges } from './results-leaderboard.tsx'
import { PublicationPanel } from './results-publication.tsx'

/**
 * /manage/results?competitionId=…&roundId=…: 评审结果 — a round's leaderboard per range, the entries
 * advancing to the next round, and on the last round the awards and the publication (README
 * "Leaderboard and publishing results").
 */
export function Component() {
  const [query] = useSearchParams()
  const competitionId = Number(
    /^\d{1,9}$/.test(query.get('competitionId') ?? '') ? query.get('competitionId') : 0,
  )
  const roundId = query.get('roundId') ?? undefined
  return (
    <ConsoleFrame title="评审结果" back={{ label: '赛事', to: paths.manage.path }}>
      {() => <Results competitionId={competitionId} roundId={roundId} />}
    </ConsoleFrame>
  )
}

function Results({ competitionId, roundId }: { competitionId: number; roundId?: string }) {
  const loaded = useLoad(() => getLeaderboard(competitionId, roundId), [competitionId, roundId])
  return <LoadState loaded={loaded}>{(board) => <Board board={board} reload={loaded.reload} />}</LoadState>
}

function Board({ board, reload }: { board: Leaderboard; reload(): void }) {
  const last = board.rounds.at(-1)?.roundId === board.round.roundId
  const r = board.round
  return (
    <Stack gap="6" data-testid="manage-results" data-round-id={r.roundId}>
      <Stack gap="2">
        <Heading as="h2" size="md">
          {board.title}
        </Heading>
        <Wrap gap="2" role="group" aria-label="评审轮次">
          {board.rounds.map((x) => (
            <Button
              key={x.roundId}
              asChild
              size="sm"
              variant={x.roundId === r.roundId ? 'solid' : 'outline'}
              colorPalette="brand"
              aria-current={x.roundId === r.roundId ? 'page' : undefined}
            >
              <RouterLink
                to={paths.manageResults.getHref(board.competitionId, x.roundId)}
                data-testid={`round-${x.roundId}`}
              >
                {x.title}
              </RouterLink>
            </Button>
          ))}
        </Wrap>
        <HStack gap="2" wrap="wrap" fontSize="sm">
          <Badge colorPalette={r.state === 'open' ? 'green' : 'gray'}>{ROUND_STATE[r.state]}</Badge>
          <Badge colorPalette={r.done ? 'green' : 'orange'} data-testid="round-done">
            {r.done ? '评审已完成' : '评审未完成'}
          </Badge>
          <Text color="fg.muted">
            {r.mode === 'score' ? '评分' : '资格审查'} · 评审时间 {beijing(r.opens)} 至 {beijing(r.closes)}
            （北京时间）
          </Text>
        </HStack>
      </Stack>
      <LeaderboardRanges board={board} />
      {board.advancement && (
        <AdvancementPanel
          competitionId={board.competitionId}
          fromRoundId={r.roundId}
          advancement={board.advancement}
          entries={board.ranges.flatMap((x) => x.entries.map((e) => ({ ...e, rangeLabel: x.rangeLabel })))}
          onDone={reload}
        />
      )}
      {last && (
        <AwardsPanel competitionId={board.competitionId} onDone={reload} key={board.publication.status} />
      )}
      <PublicationPanel competitionId={board.competitionId} publication={board.publication} onDone={reload} />
    </Stack>
  )
}
