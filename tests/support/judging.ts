import { nowIso } from '../../server/lib/time.ts'
import { definitionsRoot, fixture, phasesAt } from './competitions.ts'
import { beijing } from './definition-time.ts'
import type { WithDatabase } from './users.ts'

/**
 * Judging fixtures for server tests (README "Judging"): fee-default registering now with a scored
 * round `first` open now and a round `final` still to come; qt2025 finished, with a qualifying round
 * `qualify` that closed. Dates are set around now, as tests/support/competitions.ts does for phases.
 */
const DAY = 86_400_000
const at = (days: number, now: number) => beijing(Math.floor((now + days * DAY) / 60_000) * 60_000)

export const CRITERIA = [
  { id: 'innovation', title: '创新性', max: 10, weight: 0.6 },
  { id: 'function', title: '功能', max: 5, weight: 0.4 },
]

/**
 * fee-default's judging: a scored round `first` open now (`firstJudges` per entry) and a scored `final`
 * three weeks on, which the top entry of each range enters; both blind unless `finalBlind` is false.
 */
function feeDefaultJudging(now: number, firstJudges: number, finalBlind = true) {
  const round = { mode: 'score', criteria: CRITERIA } as const
  return {
    rounds: [
      {
        ...round,
        id: 'first',
        title: '初评',
        opens: at(-1, now),
        closes: at(5, now),
        result: 'mean',
        entries: 'allSubmitted',
        judgesPerEntry: firstJudges,
      },
      {
        ...round,
        id: 'final',
        title: '终评',
        opens: at(21, now),
        closes: at(29, now),
        result: 'trimmedMean',
        entries: { topPerRange: 1 },
        judgesPerEntry: 3,
        ...(finalBlind ? {} : { blind: false }),
      },
    ],
  }
}

export function judgingRoot(now = Date.now(), { finalBlind = true } = {}): string {
  return definitionsRoot({
    'fee-default': fixture('fee-default', {
      judging: feeDefaultJudging(now, 2, finalBlind),
      awards: { levels: [{ id: 'gold', title: '金奖', count: 1 }] },
    }),
    qt2025: fixture('qt2025', {
      phases: phasesAt('finished', now),
      judging: {
        rounds: [
          {
            id: 'qualify',
            title: '资格审查',
            opens: at(-19, now),
            closes: at(-11, now),
            mode: 'qualifying',
            consensus: 'majority',
            entries: 'allSubmitted',
            judgesPerEntry: 1,
          },
        ],
      },
    }),
    'optional-fee': fixture('optional-fee'),
  })
}

/** A finalised (确认提交) entry with one work in `range`; answers the work id. */
export async function insertSubmittedWork(
  app: WithDatabase,
  competitionId: number,
  userId: number,
  range: string,
  worksName: string,
): Promise<number> {
  const k = app.db.kysely
  const now = nowIso()
  const registration = await k
    .insertInto('competition_registrations')
    .values({
      competition_id: competitionId,
      user_id: userId,
      entrant_type: '1',
      company_type: '1',
      qt_type: null,
      data: JSON.stringify({ name: '参赛者真名', phone: '13911112222', company: '某某设计公司' }),
      paid_order_id: null,
      paid_at: null,
      finalised_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const work = await k
    .insertInto('competition_works')
    .values({
      competition_id: competitionId,
      user_id: userId,
      registration_id: registration.id,
      base: JSON.stringify({ worksName, range, abstract: `${worksName}的作品简介，用于评审测试。` }),
      info: JSON.stringify({ team: [{ name: '合作者姓名' }] }),
      adviser: JSON.stringify({ name: '指导老师姓名' }),
      property_right: null,
      display_board: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return work.id
}

/**
 * A judge's submitted sheet on a work in a round, written straight to the database with its
 * assignment (the leaderboard and results tests need known sheets in rounds outside their dates).
 * `scores`: criterion id → score for a scored round; `pass` for a qualifying round.
 */
export async function insertSubmittedSheet(
  app: WithDatabase,
  sheet: {
    competitionId: number
    roundId: string
    workId: number
    judgeId: number
    scores?: Record<string, number>
    pass?: boolean
    /** false: only the assignment (a sheet still to come). */
    submitted?: boolean
  },
): Promise<void> {
  const k = app.db.kysely
  const now = nowIso()
  const key = { competition_id: sheet.competitionId, round_id: sheet.roundId, work_id: sheet.workId }
  await k
    .insertInto('judging_assignments')
    .values({ ...key, judge_id: sheet.judgeId, assigned_at: now })
    .execute()
  if (sheet.submitted === false) return
  await k
    .insertInto('judging_sheets')
    .values({
      ...key,
      judge_id: sheet.judgeId,
      scores: JSON.stringify(sheet.scores ?? {}),
      pass: sheet.pass === undefined ? null : sheet.pass ? 1 : 0,
      comment: '',
      submitted: 1,
      created_at: now,
      updated_at: now,
      submitted_at: now,
    })
    .execute()
}

/**
 * The results fixtures (README "Leaderboard and publishing results"): fee-default with a scored round
 * `first` open now and a scored `final` to come (top 1 per range advances), awards 金奖 1 and 银奖 1
 * per range; qt2025 with two rounds both closed; optional-fee, one closed round, whose results time is
 * `resultsIn` ms from now (a scheduled publication).
 */
export function resultsRoot(resultsIn = 3_600_000, now = Date.now()): string {
  const finished = phasesAt('finished', now)
  return definitionsRoot({
    'fee-default': fixture('fee-default', {
      judging: feeDefaultJudging(now, 3),
      awards: {
        levels: [
          { id: 'gold', title: '金奖', count: 1 },
          { id: 'silver', title: '银奖', count: 1 },
        ],
      },
    }),
    qt2025: fixture('qt2025', {
      phases: finished,
      judging: {
        rounds: [
          {
            id: 'qualify',
            title: '资格审查',
            opens: at(-19, now),
            closes: at(-16, now),
            mode: 'qualifying',
            consensus: 'majority',
            entries: 'allSubmitted',
            judgesPerEntry: 3,
          },
          {
            id: 'final',
            title: '终评',
            opens: at(-15, now),
            closes: at(-11, now),
            mode: 'score',
            criteria: CRITERIA,
            result: 'mean',
            entries: 'passedPrevious',
            judgesPerEntry: 1,
          },
        ],
      },
      awards: { levels: [{ id: 'gold', title: '金奖', count: 1 }] },
    }),
    'optional-fee': fixture('optional-fee', {
      phases: { ...finished, results: beijing(Math.ceil((now + resultsIn) / 1000) * 1000) },
      judging: {
        rounds: [
          {
            id: 'final',
            title: '终评',
            opens: at(-19, now),
            closes: at(-11, now),
            mode: 'score',
            criteria: CRITERIA,
            result: 'mean',
            entries: 'allSubmitted',
            judgesPerEntry: 1,
          },
        ],
      },
      awards: { levels: [{ id: 'gold', title: '金奖', count: 1 }] },
    }),
  })
}
