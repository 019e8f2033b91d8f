import { Alert, Button, Checkbox, Heading, Stack, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { type Advancement, confirmAdvancement, type LeaderboardEntry } from '../../api/results.ts'
import { notify } from '../../lib/notify.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { beijing } from './results-format.ts'

/**
 * Which entries of this round enter the next: the rule's suggestion ticked until the organiser
 * confirms a set of their own, which they may change until the next round opens.
 */
export function AdvancementPanel({
  competitionId,
  fromRoundId,
  advancement: a,
  entries,
  onDone,
}: {
  competitionId: number
  fromRoundId: string
  advancement: Advancement
  entries: Array<LeaderboardEntry & { rangeLabel: string }>
  onDone(): void
}) {
  const [chosen, setChosen] = useState(() => new Set(a.workIds))
  const [asking, setAsking] = useState(false)
  const toggle = (id: number, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old)
      if (on) next.add(id)
      else next.delete(id)
      return next
    })
  const suggested = new Set(a.suggested)
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p={{ base: '3', md: '4' }} data-testid="advancement">
      <Heading as="h3" size="sm">
        晋级“{a.title}”
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        规则：{a.rule}。
        {a.confirmed
          ? `组织者已确认晋级名单（${a.decidedAt ? beijing(a.decidedAt) : ''}）。`
          : '尚未确认，按规则晋级。'}
        “{a.title}”{beijing(a.opens)} 开始{a.editable ? '，开始前可调整。' : '，已不能调整。'}
      </Text>
      {a.tieAtBoundary && (
        <Alert.Root status="warning" size="sm" data-testid="advancement-tie">
          <Alert.Indicator />
          <Alert.Title>名次线上有并列，按规则晋级的作品多于名额，请确认。</Alert.Title>
        </Alert.Root>
      )}
      <Stack gap="2" as="ul" listStyleType="none">
        {entries.map((e) => (
          <li key={e.workId}>
            <Checkbox.Root
              checked={chosen.has(e.workId)}
              disabled={!a.editable}
              onCheckedChange={(x) => toggle(e.workId, x.checked === true)}
              data-testid="advance-entry"
              data-work-id={e.workId}
              alignItems="start"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label fontWeight="normal" overflowWrap="anywhere">
                {e.entryNumber} {e.worksName}（{e.rangeLabel}
                {e.result !== null ? ` · ${e.result}` : ''}
                {e.verdict
                  ? ` · ${e.verdict === 'passed' ? '通过' : e.verdict === 'failed' ? '不通过' : '待定'}`
                  : ''}
                ）
                {suggested.has(e.workId) && (
                  <Text as="span" color="green.fg">
                    {' '}
                    按规则晋级
                  </Text>
                )}
              </Checkbox.Label>
            </Checkbox.Root>
          </li>
        ))}
      </Stack>
      {a.editable && (
        <Wrap gap="2">
          <Button size="sm" variant="outline" onClick={() => setChosen(new Set(a.suggested))}>
            按规则重选
          </Button>
          <Button
            size="sm"
            colorPalette="brand"
            disabled={chosen.size === 0}
            onClick={() => setAsking(true)}
            data-testid="advance-confirm"
          >
            确认晋级名单（{chosen.size} 件）
          </Button>
        </Wrap>
      )}
      {asking && (
        <ConfirmDialog
          title="确认晋级名单"
          text={`确认后，这 ${chosen.size} 件作品进入“${a.title}”，“${a.title}”的评委只评审这些作品。开始前仍可修改。`}
          confirm="确认晋级"
          testId="advance-dialog"
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            await confirmAdvancement({ competitionId, roundId: fromRoundId, workIds: [...chosen] })
            notify('晋级名单已确认', 'success')
            onDone()
          }}
        />
      )}
    </Stack>
  )
}
