import { describe, expect, it } from 'vitest'
import type { EventDefinition } from '../../definitions/events/types.ts'
import { eventState, hubItems } from '../../server/services/events.ts'
import { beijing } from '../support/definition-time.ts'
import { eventFixture } from '../support/events.ts'

const NOW = Date.parse('2026-12-06T20:00:00+08:00')
/** The test event (eventFixture) with its own days and its form's, in days from NOW; no form without `opens`. */
const event = (days: { start: number; end: number; opens?: number; closes?: number }) => {
  const on = (d: number) => beijing(NOW + d * 86_400_000)
  const base = eventFixture({}, NOW) as unknown as EventDefinition
  return {
    ...base,
    startsAt: on(days.start),
    endsAt: on(days.end),
    submit:
      days.opens === undefined || days.closes === undefined
        ? undefined
        : { ...base.submit!, opensAt: on(days.opens), closesAt: on(days.closes) },
  } as EventDefinition
}

const labelOf = (e: EventDefinition) => {
  const [item] = hubItems([], [{ slug: 'e', definition: e, sections: [] }], NOW)
  return { state: item!.state, label: item!.stateLabel }
}

describe('an event’s state on the hub follows its dates against now', () => {
  it('calls an event that starts in 6 days, its sign-up open, 报名中 — not 进行中', () => {
    const e = event({ start: 6, end: 8, opens: -35, closes: 4 })
    expect(labelOf(e)).toEqual({ state: 'open', label: '报名中' })
  })

  it('calls an event between its sign-up and its first day 即将开始', () => {
    expect(labelOf(event({ start: 2, end: 4, opens: -10, closes: -1 }))).toEqual({
      state: 'upcoming',
      label: '即将开始',
    })
  })

  it('calls an event 进行中 on its own dates only, and 已结束 after them', () => {
    expect(labelOf(event({ start: -1, end: 2 }))).toEqual({ state: 'open', label: '进行中' })
    expect(labelOf(event({ start: 6, end: 8 }))).toEqual({ state: 'upcoming', label: '即将开始' })
    expect(labelOf(event({ start: -3, end: -1, opens: -10, closes: -4 }))).toEqual({
      state: 'past',
      label: '已结束',
    })
    expect(eventState(event({ start: 6, end: 8 }), NOW)).toBe('upcoming')
  })
})
