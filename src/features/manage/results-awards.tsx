import { Alert, Badge, Button, Heading, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { type AwardRow, type Awards, confirmAwards, getAwards } from '../../api/results.ts'
import { type RecordColumn, RecordTable } from '../../components/record-table.tsx'
import { notify } from '../../lib/notify.ts'
import { useLoad } from '../../lib/use-load.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { LoadState } from './console-frame.tsx'
import { beijing } from './results-format.ts'

const NONE = ''

/**
 * Award suggestions from the last round's ranking and the award counts per range; the organiser picks
 * each entry's level (or none) and confirms. Closed once the results are published.
 */
export function AwardsPanel({ competitionId, onDone }: { competitionId: number; onDone(): void }) {
  const loaded = useLoad(() => getAwards(competitionId), [competitionId])
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }} data-testid="awards">
      <Heading as="h3" size="sm">
        获奖名单
      </Heading>
      <LoadState loaded={loaded}>
        {(awards) => (
          <AwardsForm
            // A fresh confirmation starts the choices again from what the server holds.
            key={awards.decidedAt ?? 'unconfirmed'}
            awards={awards}
            competitionId={competitionId}
            onDone={() => {
              loaded.reload()
              onDone()
            }}
          />
        )}
      </LoadState>
    </Stack>
  )
}

function AwardsForm({
  awards,
  competitionId,
  onDone,
}: {
  awards: Awards
  competitionId: number
  onDone(): void
}) {
  const initial = () =>
    new Map(
      awards.ranges.flatMap((r) =>
        r.entries.map((e) => [e.workId, (awards.confirmed ? e.confirmed : e.suggested) ?? NONE] as const),
      ),
    )
  const [chosen, setChosen] = useState(initial)
  const [asking, setAsking] = useState(false)
  const levels = new Map(awards.levels.map((l) => [l.id, l.title]))
  const locked = awards.published || !awards.roundDone
  const select = (e: AwardRow) => (
    <NativeSelect.Root size="sm" width={{ base: '36', md: '32' }} disabled={locked}>
      <NativeSelect.Field
        aria-label={`${e.entryNumber} 的奖项`}
        data-testid="award-select"
        data-work-id={e.workId}
        value={chosen.get(e.workId) ?? NONE}
        onChange={(x) => setChosen((old) => new Map(old).set(e.workId, x.target.value))}
      >
        {awards.levels.map((l) => (
          <option key={l.id} value={l.id}>
            {l.title}
          </option>
        ))}
        <option value={NONE}>不获奖</option>
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
  const columns: RecordColumn<AwardRow>[] = [
    { header: '名次', nowrap: true, cell: (e) => (e.rank === null ? '—' : `第 ${e.rank} 名`) },
    { header: '作品', inCard: false, cell: (e) => <Title e={e} /> },
    { header: '参赛者', cell: (e) => e.entrant },
    { header: '得分', nowrap: true, cell: (e) => (e.result === null ? '—' : String(e.result)) },
    {
      header: '建议',
      cell: (e) => (
        <Stack gap="1" direction="row" wrap="wrap" justify={{ base: 'flex-end', md: 'flex-start' }}>
          <Text as="span">{e.suggested ? levels.get(e.suggested) : '不获奖'}</Text>
          {e.tieAtBoundary && (
            <Badge colorPalette="purple" data-testid="award-tie">
              并列超额
            </Badge>
          )}
        </Stack>
      ),
    },
    { header: '奖项', cell: select },
  ]
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        按“{awards.roundTitle}”的名次和各类别奖项名额（
        {awards.levels.map((l) => `${l.title} ${l.count} 名`).join('、') || '未设奖项'}
        ）建议；名次线上并列的作品一并建议并标出“并列超额”，请确认。
        {awards.confirmed && awards.decidedAt ? ` 已于 ${beijing(awards.decidedAt)} 确认。` : ''}
      </Text>
      {awards.published && (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title>结果已公布，获奖名单不能再修改。</Alert.Title>
        </Alert.Root>
      )}
      {!awards.published && !awards.roundDone && (
        <Alert.Root status="warning" size="sm" data-testid="awards-not-done">
          <Alert.Indicator />
          <Alert.Title>“{awards.roundTitle}”评审完成后（结束或评分全部提交）才能确认获奖名单。</Alert.Title>
        </Alert.Root>
      )}
      {awards.ranges.length === 0 ? (
        <Text color="fg.muted">“{awards.roundTitle}”暂无参评作品。</Text>
      ) : (
        awards.ranges.map((r) => (
          <Stack key={r.range} gap="2">
            <Text fontWeight="medium">{r.rangeLabel}</Text>
            <RecordTable
              rows={r.entries}
              columns={columns}
              rowKey={(e) => e.workId}
              testId="awards-table"
              title={(e) => <Title e={e} />}
            />
          </Stack>
        ))
      )}
      {!locked && awards.ranges.length > 0 && (
        <Button
          alignSelf="start"
          colorPalette="brand"
          size="sm"
          onClick={() => setAsking(true)}
          data-testid="awards-confirm"
        >
          {awards.confirmed ? '保存获奖名单' : '确认获奖名单'}
        </Button>
      )}
      {asking && (
        <ConfirmDialog
          title="确认获奖名单"
          text="确认后，名单在公布结果时向参赛者和公众公开，并用于竞赛证书；公布前仍可修改。"
          confirm="确认"
          testId="awards-dialog"
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            await confirmAwards({
              competitionId,
              awards: [...chosen].map(([workId, level]) => ({
                workId,
                awardId: level === NONE ? null : level,
              })),
            })
            notify('获奖名单已确认', 'success')
            onDone()
          }}
        />
      )}
    </Stack>
  )
}

function Title({ e }: { e: AwardRow }) {
  return (
    <Stack gap="0">
      <Text fontWeight="medium">{e.worksName || e.entryNumber}</Text>
      <Text fontSize="xs" color="fg.muted" fontFamily="mono">
        {e.entryNumber}
      </Text>
    </Stack>
  )
}
