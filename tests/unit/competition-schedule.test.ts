import { describe, expect, it } from 'vitest'
import { type Phases, shownStage } from '../../definitions/competition/phases.ts'
import {
  applySchedule,
  checkSchedule,
  isScheduleField,
  scheduleItems,
  TIME_FORMAT_MSG,
  timeRefusal,
} from '../../definitions/competition/schedule.ts'

/** The schedule's rules (definitions/competition/schedule.ts) and the stage the pages show (issue 32 item 4). */
const phases: Phases = {
  registrationOpens: '2026-03-01T09:00:00+08:00',
  registrationCloses: '2026-05-01T18:00:00+08:00',
  submissionDeadline: '2026-06-01T18:00:00+08:00',
  results: '2026-09-01T10:00:00+08:00',
}
const c = {
  phases,
  judging: {
    rounds: [
      { id: 'first', title: '初评', opens: '2026-06-02T09:00:00+08:00', closes: '2026-06-20T18:00:00+08:00' },
      { id: 'final', title: '终评', opens: '2026-07-01T09:00:00+08:00', closes: '2026-08-01T18:00:00+08:00' },
    ],
  },
}
const errorsOf = (d: Parameters<typeof checkSchedule>[0]) => {
  const errors: string[] = []
  checkSchedule(d, (at, message) => errors.push(`${at}: ${message}`))
  return errors
}

describe('the console’s dates over the file’s', () => {
  it('lists the changeable dates by field path, the rounds by id', () => {
    expect(scheduleItems(c).map((i) => [i.field, i.label])).toEqual([
      ['phases.registrationCloses', '报名截止'],
      ['phases.submissionDeadline', '作品提交截止'],
      ['phases.results', '结果公布'],
      ['judging.rounds.first.opens', '“初评”开始'],
      ['judging.rounds.first.closes', '“初评”结束'],
      ['judging.rounds.final.opens', '“终评”开始'],
      ['judging.rounds.final.closes', '“终评”结束'],
    ])
    expect(isScheduleField(c, 'phases.registrationOpens')).toBe(false)
    expect(isScheduleField(c, 'judging.rounds.second.closes')).toBe(false)
  })

  it('applies overrides without changing the file’s object, ignoring a round the file no longer has', () => {
    const overrides = new Map([
      ['phases.results', '2026-09-10T10:00:00+08:00'],
      ['judging.rounds.final.closes', '2026-08-05T18:00:00+08:00'],
      ['judging.rounds.gone.closes', '2026-08-05T18:00:00+08:00'],
    ])
    const effective = applySchedule(c, overrides)
    expect(effective.phases.results).toBe('2026-09-10T10:00:00+08:00')
    expect(effective.judging.rounds[1]!.closes).toBe('2026-08-05T18:00:00+08:00')
    expect(effective.judging.rounds[0]).toEqual(c.judging.rounds[0])
    expect(c.phases.results).toBe('2026-09-01T10:00:00+08:00')
    expect(applySchedule(c, new Map())).toBe(c)
  })

  it('checks one time’s form and the order of all, with the checker’s words', () => {
    expect(timeRefusal('2026-09-01 09:00')).toBe(TIME_FORMAT_MSG)
    expect(timeRefusal('2026-02-30T09:00:00+08:00')).toBe('不是有效的日期时间（如 2 月 30 日、13 月、25 点）')
    expect(timeRefusal('2026-09-01T09:00:00+08:00')).toBeUndefined()
    expect(errorsOf(c)).toEqual([])
    expect(errorsOf(applySchedule(c, new Map([['phases.results', '2026-07-15T10:00:00+08:00']])))).toEqual([
      'judging.rounds[1].closes: 本轮结束（2026-08-01T18:00:00+08:00）不能晚于结果公布（2026-07-15T10:00:00+08:00）：评审须在公布结果前结束',
    ])
  })
})

describe('the stage the pages show', () => {
  const registering = Date.parse('2026-04-01T09:00:00+08:00')
  it('follows the dates until the results are published', () => {
    expect(shownStage(phases, registering, false)).toEqual({ stage: 'registering', stageLabel: '报名中' })
  })
  it('says 结果已公布 once they are, even before the results date', () => {
    expect(shownStage(phases, registering, true)).toEqual({ stage: 'finished', stageLabel: '结果已公布' })
  })
})
