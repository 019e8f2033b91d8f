import { Alert, Badge, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { type ReactNode, useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  closeRoundEarly,
  getSchedule,
  type Schedule,
  type ScheduleItem,
  type ScheduleRound,
  setScheduleDate,
} from '../../api/schedule.ts'
import { notify } from '../../lib/notify.ts'
import { paths } from '../../lib/paths.ts'
import { useLoad } from '../../lib/use-load.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'
import { ConsoleFrame, LoadState } from './console-frame.tsx'
import { beijing, ROUND_STATE } from './results-format.ts'

/**
 * /manage/schedule?competitionId=…: 赛程 — the dates the competition file gives as defaults
 * (registration and submission close, results, each judging round's opens and closes), changed here
 * over the file's, or put back; and a round whose sheets are all in closed early (README "The
 * schedule in the console"). The server checks each date by the definitions checker's rules.
 */
export function Component() {
  const [query] = useSearchParams()
  const competitionId = Number(
    /^\d{1,9}$/.test(query.get('competitionId') ?? '') ? query.get('competitionId') : 0,
  )
  return (
    <ConsoleFrame title="赛程" back={{ label: '赛事', to: paths.manage.path }}>
      {() => <ScheduleLoader competitionId={competitionId} />}
    </ConsoleFrame>
  )
}

function ScheduleLoader({ competitionId }: { competitionId: number }) {
  const loaded = useLoad(() => getSchedule(competitionId), [competitionId])
  return <LoadState loaded={loaded}>{(s) => <ScheduleView schedule={s} reload={loaded.reload} />}</LoadState>
}

/** Beijing ISO (always +08:00, the checker's form) ↔ the wall-clock text a datetime-local input holds. */
const toInput = (iso: string) => iso.slice(0, 16)
const fromInput = (value: string) => `${value.length === 16 ? `${value}:00` : value}+08:00`

function ScheduleView({ schedule: s, reload }: { schedule: Schedule; reload(): void }) {
  const phases = s.items.filter((i) => i.field.startsWith('phases.'))
  const roundItems = (roundId: string) =>
    s.items.filter((i) => i.field.startsWith(`judging.rounds.${roundId}.`))
  return (
    <Stack gap="6" data-testid="manage-schedule" data-competition-id={s.competitionId}>
      <Stack gap="1">
        <Heading as="h2" size="md">
          {s.title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          赛事文件中的时间是默认值；在这里修改后以这里为准，保存即在所有页面生效（报名、提交、评审、结果公布）。时间均为北京时间。
        </Text>
      </Stack>
      {s.scheduledPublishAt && (
        <Alert.Root status="info" size="sm" data-testid="schedule-publication">
          <Alert.Indicator />
          <Alert.Title>已安排于 {beijing(s.scheduledPublishAt)}（北京时间）公布结果</Alert.Title>
        </Alert.Root>
      )}
      <Section title="报名与提交">
        {phases.map((item) => (
          <DateRow
            key={`${item.field}:${item.value}`}
            competitionId={s.competitionId}
            item={item}
            onDone={reload}
          />
        ))}
      </Section>
      {s.rounds.map((round) => (
        <Section key={round.roundId} title={`评审：${round.title}`}>
          <RoundStatus competitionId={s.competitionId} round={round} onDone={reload} />
          {roundItems(round.roundId).map((item) => (
            <DateRow
              key={`${item.field}:${item.value}`}
              competitionId={s.competitionId}
              item={item}
              onDone={reload}
            />
          ))}
        </Section>
      ))}
    </Stack>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" aria-label={title}>
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      {children}
    </Stack>
  )
}

/** One date: in force, the file's when changed here, a Beijing-time input, 保存 and 恢复为文件中的时间. */
function DateRow({
  competitionId,
  item,
  onDone,
}: {
  competitionId: number
  item: ScheduleItem
  onDone(): void
}) {
  const [value, setValue] = useState(toInput(item.value))
  const [error, setError] = useState<string>()
  const [busy, setBusy] = useState(false)
  const change = async (next: string | null) => {
    setBusy(true)
    setError(undefined)
    try {
      const answer = await setScheduleDate({ competitionId, field: item.field, value: next })
      notify(answer.msg, 'success')
      onDone()
    } catch (e) {
      // The API client has shown it too; here it stays beside the field.
      setError(e instanceof Error ? e.message : String(e))
    } finally {
      setBusy(false)
    }
  }
  const inputId = `schedule-${item.field}`
  return (
    <Stack
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      p={{ base: '3', md: '4' }}
      data-testid="schedule-item"
      data-field={item.field}
      data-overridden={item.overridden}
    >
      <HStack gap="2" wrap="wrap" justify="space-between">
        <Text fontWeight="medium">{item.label}</Text>
        {item.overridden && (
          <Badge colorPalette="orange" data-testid="schedule-overridden">
            已在后台修改
          </Badge>
        )}
      </HStack>
      <Text fontSize="sm" data-testid="schedule-value">
        现行时间：{beijing(item.value)}
      </Text>
      {item.overridden && (
        <Text fontSize="sm" color="fg.muted" data-testid="schedule-file">
          已在后台修改，文件中为 {beijing(item.file)}
          {item.setBy && item.setAt ? `（${item.setBy} 于 ${beijing(item.setAt)} 修改）` : ''}
        </Text>
      )}
      <Field.Root invalid={Boolean(error)}>
        <Field.Label htmlFor={inputId} fontSize="sm">
          新的时间（北京时间）
        </Field.Label>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full">
          <Input
            id={inputId}
            type="datetime-local"
            size="sm"
            maxW={{ sm: '16rem' }}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            data-testid="schedule-input"
          />
          <Button
            size="sm"
            colorPalette="brand"
            loading={busy}
            disabled={!value || value === toInput(item.value)}
            onClick={() => change(fromInput(value))}
            data-testid="schedule-save"
          >
            保存
          </Button>
          {item.overridden && (
            <Button
              size="sm"
              variant="outline"
              disabled={busy}
              onClick={() => change(null)}
              data-testid="schedule-restore"
            >
              恢复为文件中的时间
            </Button>
          )}
        </Stack>
        {error && <Field.ErrorText data-testid="schedule-error">{error}</Field.ErrorText>}
      </Field.Root>
    </Stack>
  )
}

/** A round's state and sheets, and 提前结束本轮 once it is open and nothing is missing. */
function RoundStatus({
  competitionId,
  round,
  onDone,
}: {
  competitionId: number
  round: ScheduleRound
  onDone(): void
}) {
  const [asking, setAsking] = useState(false)
  const submitted = round.assigned - round.missing
  return (
    <Stack gap="2" data-testid="schedule-round" data-round-id={round.roundId} data-state={round.state}>
      <HStack gap="2" wrap="wrap" fontSize="sm">
        <Badge colorPalette={round.state === 'open' ? 'green' : 'gray'}>{ROUND_STATE[round.state]}</Badge>
        <Text color="fg.muted">
          评分已提交 {submitted} / {round.assigned} 份
        </Text>
      </HStack>
      {round.state === 'open' && (
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ sm: 'center' }}>
          <Button
            size="sm"
            variant="outline"
            colorPalette="brand"
            disabled={round.missing > 0}
            onClick={() => setAsking(true)}
            data-testid="schedule-close-round"
          >
            提前结束本轮
          </Button>
          {round.missing > 0 && (
            <Text fontSize="xs" color="fg.muted">
              还有 {round.missing} 份评分未提交，全部提交后才能提前结束
            </Text>
          )}
        </Stack>
      )}
      {asking && (
        <ConfirmDialog
          title="提前结束本轮"
          text={`“${round.title}”的结束时间将改为现在，评委不能再修改评分；如有需要，可再把结束时间改回。`}
          confirm="确认结束"
          testId="close-round-dialog"
          onClose={() => setAsking(false)}
          onConfirm={async () => {
            const answer = await closeRoundEarly({ competitionId, roundId: round.roundId })
            notify(answer.msg, 'success')
            onDone()
          }}
        />
      )}
    </Stack>
  )
}
