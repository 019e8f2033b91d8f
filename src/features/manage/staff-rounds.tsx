import { Checkbox, Fieldset, RadioGroup, Stack, Text } from '@chakra-ui/react'
import { listJudgingRounds } from '../../api/manage.ts'
import { useLoad } from '../../lib/use-load.ts'

/** A judge's seats as the picker holds them: null every round, else the round ids chosen. */
export type RoundChoice = string[] | null

/**
 * The judging rounds of a competition by title, from its definition (the 评审分配 data), for a picker.
 * undefined while loading or when the competition is not chosen yet.
 */
export function useCompetitionRounds(competitionId: number | undefined) {
  const loaded = useLoad(
    () => (competitionId ? listJudgingRounds(competitionId) : Promise.resolve(undefined)),
    [competitionId],
  )
  return loaded.data?.map((r) => ({ id: r.roundId, title: r.title }))
}

/**
 * 评审轮次: every round of the competition, or the rounds ticked. A round's panel is the judges with a
 * seat on it, so ticking rounds gives a round a subset of the competition's judges.
 */
export function RoundPicker({
  rounds,
  value,
  onChange,
}: {
  rounds: Array<{ id: string; title: string }> | undefined
  value: RoundChoice
  onChange(next: RoundChoice): void
}) {
  if (!rounds) return null
  if (!rounds.length)
    return (
      <Text fontSize="sm" color="fg.muted">
        该赛事尚未定义评审轮次：评委将担任今后所有轮次。
      </Text>
    )
  const chosen = new Set(value ?? [])
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen)
    if (on) next.add(id)
    else next.delete(id)
    onChange(rounds.map((r) => r.id).filter((r) => next.has(r)))
  }
  return (
    <Fieldset.Root data-testid="round-picker">
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        评审轮次
      </Fieldset.Legend>
      <RadioGroup.Root
        size="sm"
        value={value === null ? 'all' : 'some'}
        onValueChange={(e) => onChange(e.value === 'all' ? null : [])}
      >
        <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '2', sm: '4' }}>
          <RadioGroup.Item value="all">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>所有轮次</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="some">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>指定轮次</RadioGroup.ItemText>
          </RadioGroup.Item>
        </Stack>
      </RadioGroup.Root>
      {value !== null && (
        <Stack direction={{ base: 'column', sm: 'row' }} gap={{ base: '2', sm: '4' }} wrap="wrap" ps="1">
          {rounds.map((r) => (
            <Checkbox.Root
              key={r.id}
              size="sm"
              checked={chosen.has(r.id)}
              onCheckedChange={(x) => toggle(r.id, x.checked === true)}
              data-testid="round-choice"
              data-round-id={r.id}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label fontWeight="normal">{r.title}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
      )}
    </Fieldset.Root>
  )
}

/** How the staff list and the audit log name a judge's seats. */
export const seatsText = (titles: string[] | null) => (titles === null ? '所有轮次' : titles.join('、'))
