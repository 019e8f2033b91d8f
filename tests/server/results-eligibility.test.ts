import { beforeAll, describe, expect, it } from 'vitest'
import type { JudgeEntry, JudgeEntryDetail, JudgeRound } from '../../schemas/api/judging.ts'
import { entryNumber } from '../../schemas/api/judging.ts'
import type { Awards, Leaderboard, Publication } from '../../schemas/api/results.ts'
import { JUDGING_MSG } from '../../server/services/judging/rounds.ts'
import { MODERATION_MSG } from '../../server/services/manage/moderation.ts'
import { publishedResults } from '../../server/services/results/published.ts'
import { RESULTS_MSG } from '../../server/services/results/refusals.ts'
import { grantRole } from '../../server/services/staff/roles.ts'
import { definitionsRoot, FIXTURE_IDS, fixture, phasesAt } from '../support/competitions.ts'
import { beijing } from '../support/definition-time.ts'
import { CRITERIA, insertSubmittedWork } from '../support/judging.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { addSignedIn } from '../support/users.ts'

/**
 * Issue 32 items 1 and 2, across the whole path that reaches a result (README "Moderation reaches
 * judging and awards"): an entry returned or disqualified is out of assignment, the judges' lists and
 * sheets, round progress, the leaderboard, awards and publication; reinstating puts it back as it was;
 * once published no moderation, sheet, assignment or conflict changes anything. All through the API,
 * as organiser and judges would, on SQLite and (TEST_DB=postgres) PostgreSQL.
 *
 * fee-default takes works until 10 days from now (returning is still allowed), its one scored round
 * `final` is open now with 2 judges per entry, awards 金奖 1 and 银奖 1. A sheet's score is
 * 6·创新性 + 8·功能.
 */
const DAY = 86_400_000
const now = Date.now()
const at = (days: number) => beijing(Math.floor((now + days * DAY) / 60_000) * 60_000)
const t = useTestApp({
  demoData: false,
  definitionsRoot: definitionsRoot({
    'fee-default': fixture('fee-default', {
      phases: phasesAt('submitting', now),
      judging: {
        rounds: [
          {
            id: 'final',
            title: '终评',
            opens: at(-1),
            closes: at(5),
            mode: 'score',
            criteria: CRITERIA,
            result: 'mean',
            entries: 'allSubmitted',
            judgesPerEntry: 2,
          },
        ],
      },
      awards: {
        levels: [
          { id: 'gold', title: '金奖', count: 1 },
          { id: 'silver', title: '银奖', count: 1 },
        ],
      },
    }),
  }),
})
const OWN = FIXTURE_IDS['fee-default']
const ROUND = 'final'
const ORGANISER = '13900003201'
const JUDGES = ['13900003211', '13900003212']
const ENTRANTS = {
  A: '13900003221',
  B: '13900003222',
  C: '13900003223',
  D: '13900003224',
  E: '13900003225',
  F: '13900003226',
}
type Name = keyof typeof ENTRANTS
const ids = new Map<string, number>()
const tokens = new Map<string, string>()
const work = {} as Record<Name, number>
const entry = {} as Record<Name, number>

type Answer<T> = { code: number; msg: string; data: T }
const k = () => t.server.app.db.kysely
const get = <T>(url: string, as = ORGANISER) => t.api.get(url, tokens.get(as)) as Promise<Answer<T>>
const post = <T>(url: string, body: object, as = ORGANISER) =>
  t.api.post(url, body, tokens.get(as)) as Promise<Answer<T>>
const moderate = (action: 'disqualify' | 'return' | 'reinstate', name: Name, reason: string) =>
  post(`/api/manage/entry/${action}`, { competitionId: OWN, entryId: entry[name], reason })
const sheet = (judge: string, name: Name, marks: [number, number], submit = true) =>
  post(
    '/api/judge/sheet',
    {
      competitionId: OWN,
      roundId: ROUND,
      workId: work[name],
      values: { innovation: marks[0], function: marks[1], comment: '评语' },
      submit,
    },
    judge,
  )
const judgeList = async (judge: string) =>
  (await get<JudgeEntry[]>(`/api/judge/entries?competitionId=${OWN}&roundId=${ROUND}`, judge)).data.map(
    (e) => e.workId,
  )
const board = async () => (await get<Leaderboard>(`/api/manage/results?competitionId=${OWN}`)).data
const standing = (b: Leaderboard) =>
  b.ranges.flatMap((r) => r.entries.map((e) => [e.worksName, e.result, e.rank, e.submitted]))
const publish = () => post<Publication>('/api/manage/results/publish', { competitionId: OWN, when: 'now' })
const messagesTo = async (name: Name) =>
  (
    await k()
      .selectFrom('sms_outbox')
      .select('body')
      .where('phone', '=', ENTRANTS[name])
      .orderBy('id')
      .execute()
  ).map((m) => m.body)
const nameOf = (name: Name, state: string) => `${entryNumber(work[name])}《作品${name}》${state}`

beforeAll(async () => {
  await addSignedIn(t.server.app, t.api, [ORGANISER, ...JUDGES, ...Object.values(ENTRANTS)], DEMO.password, {
    ids,
    tokens,
  })
  await grantRole(k(), null, ids.get(ORGANISER)!, { role: 'organiser', competitionId: OWN })
  for (const judge of JUDGES)
    await grantRole(k(), null, ids.get(judge)!, { role: 'judge', competitionId: OWN })
  for (const name of Object.keys(ENTRANTS) as Name[]) {
    work[name] = await insertSubmittedWork(
      t.server.app,
      OWN,
      ids.get(ENTRANTS[name])!,
      'product',
      `作品${name}`,
    )
    const row = await k()
      .selectFrom('competition_works')
      .select('registration_id')
      .where('id', '=', work[name])
      .executeTakeFirstOrThrow()
    entry[name] = row.registration_id
  }
})

describe('moderation reaches judging and awards', () => {
  it('an entry disqualified before assignment is never assigned, and its notice ends with one full stop', async () => {
    const done = await moderate('disqualify', 'D', '与他人作品雷同。')
    expect([done.code, done.msg]).toEqual([200, MODERATION_MSG.disqualifiedDone])
    expect((await messagesTo('D')).at(-1)).toMatch(/原因：与他人作品雷同。如有疑问/)
    const assigned = await post<{ added: number }>('/api/manage/judging/assign', {
      competitionId: OWN,
      roundId: ROUND,
    })
    expect(assigned.code).toBe(200)
    expect(assigned.data.added).toBe(10)
    const rows = await k()
      .selectFrom('judging_assignments')
      .select('work_id')
      .where('competition_id', '=', OWN)
      .execute()
    expect(rows.map((r) => r.work_id)).not.toContain(work.D)
    for (const judge of JUDGES)
      expect(await judgeList(judge)).toEqual([work.A, work.B, work.C, work.E, work.F])
  })

  it('an entry disqualified or returned during judging leaves the judges’ lists, sheets and the round’s count', async () => {
    const marks: Record<'A' | 'B' | 'C' | 'E', [number, number]> = {
      A: [10, 5],
      B: [9, 5],
      C: [10, 5],
      E: [7, 5],
    }
    for (const judge of JUDGES)
      for (const [name, m] of Object.entries(marks))
        expect((await sheet(judge, name as Name, m)).code).toBe(200)
    expect((await moderate('disqualify', 'C', '未按要求匿名')).code).toBe(200)
    expect((await moderate('return', 'F', '展板缺页')).code).toBe(200)
    for (const judge of JUDGES) expect(await judgeList(judge)).toEqual([work.A, work.B, work.E])
    const opened = await get(
      `/api/judge/entry?competitionId=${OWN}&roundId=${ROUND}&workId=${work.C}`,
      JUDGES[0],
    )
    expect([opened.code, opened.msg]).toEqual([400, JUDGING_MSG.withdrawn])
    const saved = await sheet(JUDGES[0]!, 'C', [1, 1], false)
    expect([saved.code, saved.msg]).toEqual([400, JUDGING_MSG.withdrawn])
    const rounds = await get<JudgeRound[]>(`/api/judge/rounds?competitionId=${OWN}`, JUDGES[0])
    expect(rounds.data[0]).toMatchObject({ assigned: 3, submitted: 3 })
    // F's sheets never came in, yet nothing is missing: the round is done (no “还有 2 份评分未提交”).
    const b = await board()
    expect(b.round.done).toBe(true)
    expect(standing(b)).toEqual([
      ['作品A', 100, 1, 2],
      ['作品B', 94, 2, 2],
      ['作品E', 82, 3, 2],
    ])
    expect(b.excluded.map((e) => [e.workId, e.state, e.reason])).toEqual([
      [work.C, 'disqualified', '未按要求匿名'],
      [work.F, 'returned', '展板缺页'],
    ])
  })

  it('an entry out of judging is never suggested and cannot be given an award', async () => {
    const shown = await get<Awards>(`/api/manage/results/awards?competitionId=${OWN}`)
    expect(shown.data.ranges.flatMap((r) => r.entries.map((e) => [e.workId, e.suggested]))).toEqual([
      [work.A, 'gold'],
      [work.B, 'silver'],
      [work.E, null],
    ])
    const refused = await post('/api/manage/results/awards', {
      competitionId: OWN,
      awards: [{ workId: work.C, awardId: 'gold' }],
    })
    expect([refused.code, refused.msg]).toEqual([
      400,
      RESULTS_MSG.ineligibleChoice(nameOf('C', '已取消资格')),
    ])
    expect((await post('/api/manage/results/awards', { competitionId: OWN })).code).toBe(200)
  })

  it('publication refuses while an award points at a disqualified entry, naming it; reinstating puts it back as it was', async () => {
    expect((await moderate('disqualify', 'B', '参赛者身份不符')).code).toBe(200)
    const refused = await publish()
    expect([refused.code, refused.msg]).toEqual([
      400,
      RESULTS_MSG.ineligibleAwarded(nameOf('B', '已取消资格')),
    ])
    expect((await board()).publication.publishRefusal).toBe(refused.msg)
    expect(await judgeList(JUDGES[0]!)).toEqual([work.A, work.E])

    const back = await moderate('reinstate', 'B', '核实身份无误。')
    expect([back.code, back.msg, back.data]).toMatchObject([
      200,
      MODERATION_MSG.reinstated,
      { moderation: null },
    ])
    expect((await messagesTo('B')).at(-1)).toMatch(/参赛资格已恢复，说明：核实身份无误。您的作品/)
    expect(standing(await board())).toEqual([
      ['作品A', 100, 1, 2],
      ['作品B', 94, 2, 2],
      ['作品E', 82, 3, 2],
    ])
    expect(await judgeList(JUDGES[0]!)).toEqual([work.A, work.B, work.E])
    const again = await moderate('reinstate', 'B', '再次恢复')
    expect([again.code, again.msg]).toEqual([400, MODERATION_MSG.notDisqualified])
  })

  it('publication refuses awards confirmed before the final round changed, until they are confirmed again', async () => {
    expect((await moderate('disqualify', 'E', '作品已在其他赛事获奖')).code).toBe(200)
    const refused = await publish()
    expect([refused.code, refused.msg]).toEqual([400, RESULTS_MSG.awardsStale(nameOf('E', '已取消资格'))])
    expect((await post('/api/manage/results/awards', { competitionId: OWN })).code).toBe(200)
    const done = await publish()
    expect([done.code, done.msg]).toEqual([200, RESULTS_MSG.publishedNow])
    const published = await publishedResults(k(), OWN)
    expect(published?.entries.map((e) => [e.workId, e.rank, e.award?.title ?? null])).toEqual([
      [work.A, 1, '金奖'],
      [work.B, 2, '银奖'],
    ])
    for (const name of ['C', 'D', 'E'] as const)
      expect((await messagesTo(name)).filter((m) => m.includes('恭喜'))).toEqual([])
  })
})

describe('sheets lock at publication', () => {
  it('no sheet, assignment, conflict or moderation changes a published result', async () => {
    const saved = await sheet(JUDGES[0]!, 'A', [1, 0], false)
    expect([saved.code, saved.msg]).toEqual([400, JUDGING_MSG.published])
    const submitted = await sheet(JUDGES[1]!, 'B', [10, 5])
    expect([submitted.code, submitted.msg]).toEqual([400, JUDGING_MSG.published])
    const conflict = await post(
      '/api/judge/conflict',
      { competitionId: OWN, roundId: ROUND, workId: work.A, reason: '认识参赛者' },
      JUDGES[0],
    )
    expect([conflict.code, conflict.msg]).toEqual([400, JUDGING_MSG.published])
    const assign = await post('/api/manage/judging/assign', { competitionId: OWN, roundId: ROUND })
    expect([assign.code, assign.msg]).toEqual([400, JUDGING_MSG.publishedAssign])
    for (const [action, name] of [
      ['disqualify', 'A'],
      ['reinstate', 'C'],
    ] as const) {
      const refused = await moderate(action, name, '公布后的更改')
      expect([refused.code, refused.msg]).toEqual([400, MODERATION_MSG.published])
    }
    const opened = await get<JudgeEntryDetail>(
      `/api/judge/entry?competitionId=${OWN}&roundId=${ROUND}&workId=${work.A}`,
      JUDGES[0],
    )
    expect(opened.data.round).toMatchObject({ state: 'closed', resultsPublished: true })
    expect(opened.data.sheet.values).toMatchObject({ innovation: 10, function: 5 })
    const rounds = await get<JudgeRound[]>(`/api/judge/rounds?competitionId=${OWN}`, JUDGES[1])
    expect(rounds.data[0]).toMatchObject({ state: 'closed', resultsPublished: true })
  })

  it('a judge who loses their seat after publication leaves the round’s record as it was', async () => {
    const assignments = () =>
      k()
        .selectFrom('judging_assignments')
        .select(['judge_id', 'work_id'])
        .where('competition_id', '=', OWN)
        .orderBy('judge_id')
        .orderBy('work_id')
        .execute()
    const before = await assignments()
    const judge = ids.get(JUDGES[1]!)!
    const unsubmitted = await k()
      .selectFrom('judging_assignments as a')
      .leftJoin('judging_sheets as s', (j) =>
        j
          .onRef('s.work_id', '=', 'a.work_id')
          .onRef('s.judge_id', '=', 'a.judge_id')
          .onRef('s.round_id', '=', 'a.round_id'),
      )
      .select('a.work_id')
      .where('a.competition_id', '=', OWN)
      .where('a.judge_id', '=', judge)
      .where((w) => w.or([w('s.submitted', 'is', null), w('s.submitted', '=', 0)]))
      .execute()
    // What a seat change would release before publication: without it the test proves nothing.
    expect(unsubmitted.length).toBeGreaterThan(0)
    const board0 = standing(await board())
    const removed = await post('/api/manage/staff/judge-rounds', {
      account: JUDGES[1],
      competitionId: OWN,
      roundIds: [],
    })
    expect(removed.code, JSON.stringify(removed)).toBe(200)
    expect(await assignments()).toEqual(before)
    expect(standing(await board())).toEqual(board0)
    const audit = await k()
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'role.rounds')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.detail)).not.toHaveProperty('released')
    await grantRole(k(), null, judge, { role: 'judge', competitionId: OWN })
  })

  it('the leaderboard after publication is the published standing, and publishing again says so and tells no one', async () => {
    const b = await board()
    const published = (await publishedResults(k(), OWN))!
    expect(standing(b).slice(0, 2)).toEqual([
      ['作品A', 100, 1, 2],
      ['作品B', 94, 2, 2],
    ])
    expect(published.entries.map((e) => [e.result, e.rank])).toEqual([
      [100, 1],
      [94, 2],
    ])
    const before = await k().selectFrom('sms_outbox').select('id').execute()
    const again = await publish()
    expect([again.code, again.msg]).toEqual([200, RESULTS_MSG.alreadyPublished(published.publishedAt)])
    expect(await k().selectFrom('sms_outbox').select('id').execute()).toHaveLength(before.length)
  })
})
