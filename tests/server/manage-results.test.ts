import fs from 'node:fs'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Advancement, Awards, Leaderboard, Publication } from '../../schemas/api/results.ts'
import { roundEntries } from '../../server/services/judging/entries.ts'
import { publishedResults } from '../../server/services/results/published.ts'
import { RESULTS_MSG } from '../../server/services/results/refusals.ts'
import { grantRole, STAFF_MSG } from '../../server/services/staff/roles.ts'
import { appOn } from '../support/app-on.ts'
import { FIXTURE_IDS } from '../support/competitions.ts'
import { insertSubmittedSheet, insertSubmittedWork, resultsRoot } from '../support/judging.ts'
import { DEMO } from '../support/test-app.ts'
import { createTestDatabase, onPostgres } from '../support/test-database.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { addSignedIn, insertUser } from '../support/users.ts'

/**
 * Issue 24 items 6 and 10: the organisers' leaderboard, advancing, awards and publishing (README
 * "Leaderboard and publishing results"), on SQLite and, under TEST_DB=postgres, PostgreSQL. The sheets
 * are written straight to the database so every figure below is computed by hand: with the fixture's
 * criteria (创新性 max 10 weight 0.6, 功能 max 5 weight 0.4) a sheet's weighted score is 6·创新性 + 8·功能.
 */
const t = useTestApp({ definitionsRoot: resultsRoot(), demoData: false })
const OWN = FIXTURE_IDS['fee-default']
const CLOSED = FIXTURE_IDS.qt2025

const JUDGES = ['13900000511', '13900000512', '13900000513']
const ORGANISER = '13900000502'
const ENTRANTS = { A: '13900000521', B: '13900000522', C: '13900000523', D: '13900000524', E: 'e@kabu.test' }
type Name = keyof typeof ENTRANTS
const ids = new Map<string, number>()
const tokens = new Map<string, string>()
const work = {} as Record<Name, number>

const k = () => t.server.app.db.kysely
const get = <T>(url: string, as = ORGANISER) =>
  t.api.get(url, tokens.get(as)) as Promise<{ code: number; msg: string; data: T }>
const post = <T>(url: string, body: object, as = ORGANISER) =>
  t.api.post(url, body, tokens.get(as)) as Promise<{ code: number; msg: string; data: T }>
const judge = (i: number) => ids.get(JUDGES[i]!)!
/** [创新性, 功能] per judge; null: assigned, sheet not yet in. */
async function sheets(roundId: string, name: Name, marks: Array<[number, number] | null>) {
  for (const [i, m] of marks.entries())
    await insertSubmittedSheet(t.server.app, {
      competitionId: OWN,
      roundId,
      workId: work[name],
      judgeId: judge(i),
      scores: m ? { innovation: m[0], function: m[1] } : {},
      submitted: m !== null,
    })
}
const outbox = () => k().selectFrom('sms_outbox').select(['phone', 'body']).execute()
const mailbox = () => k().selectFrom('email_outbox').select(['email', 'subject', 'body']).execute()

beforeAll(async () => {
  await addSignedIn(
    t.server.app,
    t.api,
    [...JUDGES, ORGANISER, '13900000503', ...Object.values(ENTRANTS)],
    DEMO.password,
    { ids, tokens },
  )
  await grantRole(k(), null, ids.get(ORGANISER)!, { role: 'organiser', competitionId: OWN })
  for (const account of JUDGES)
    await grantRole(k(), null, ids.get(account)!, { role: 'judge', competitionId: OWN })
  const ranges: Record<Name, string> = { A: 'product', B: 'product', C: 'product', D: 'visual', E: 'visual' }
  for (const name of Object.keys(ENTRANTS) as Name[])
    work[name] = await insertSubmittedWork(
      t.server.app,
      OWN,
      ids.get(ENTRANTS[name])!,
      ranges[name],
      `作品${name}`,
    )
  // 初评 (mean). A: 100, 94, 30 → 74.666667, spread 70, the 30 an outlier (64 from the median 94).
  await sheets('first', 'A', [
    [10, 5],
    [9, 5],
    [5, 0],
  ])
  // B and C: 80, 80, 74 → 78 each: tied first. D: 100 and 60 in, one still to come → 80, spread 40.
  await sheets('first', 'B', [
    [8, 4],
    [8, 4],
    [7, 4],
  ])
  await sheets('first', 'C', [
    [8, 4],
    [8, 4],
    [7, 4],
  ])
  await sheets('first', 'D', [[10, 5], [10, 0], null])
  // E: 70 three times → 70, second in 视觉传达.
  await sheets('first', 'E', [
    [5, 5],
    [5, 5],
    [5, 5],
  ])
})

describe('the leaderboard', () => {
  it('answers each entry’s result, rank, ties, spread, outliers and sheets for a known set of sheets', async () => {
    const res = await get<Leaderboard>(`/api/manage/results?competitionId=${OWN}&roundId=first`)
    expect(res.code).toBe(200)
    const board = res.data
    expect(board.round).toMatchObject({ roundId: 'first', state: 'open', done: false })
    expect(board.rounds.map((r) => r.roundId)).toEqual(['first', 'final'])
    expect(board.ranges.map((r) => [r.range, r.rangeLabel])).toEqual([
      ['product', '产品设计'],
      ['visual', '视觉传达'],
    ])
    const figures = board.ranges.map((r) =>
      r.entries.map((e) => [
        e.worksName,
        e.result,
        e.rank,
        e.tied,
        e.spread,
        e.outliers,
        e.submitted,
        e.assigned,
      ]),
    )
    expect(figures).toEqual([
      [
        ['作品B', 78, 1, true, 6, 0, 3, 3],
        ['作品C', 78, 1, true, 6, 0, 3, 3],
        ['作品A', 74.666667, 3, false, 70, 1, 3, 3],
      ],
      [
        ['作品D', 80, 1, false, 40, 0, 2, 3],
        ['作品E', 70, 2, false, 0, 0, 3, 3],
      ],
    ])
    const a = board.ranges[0]!.entries[2]!
    expect(a.sheets.map((s) => [s.judge, s.score, s.outlier])).toEqual([
      [JUDGES[0], 100, false],
      [JUDGES[1], 94, false],
      [JUDGES[2], 30, true],
    ])
    expect(a).toMatchObject({
      entryNumber: `作品 ${String(work.A).padStart(5, '0')}`,
      entrant: ENTRANTS.A,
      verdict: null,
    })
    // 终评 takes the top 1 per range: the tie at the boundary lets B and C both through, and says so.
    expect(board.advancement).toMatchObject({
      roundId: 'final',
      editable: true,
      confirmed: false,
      tieAtBoundary: true,
      suggested: [work.B, work.C, work.D],
      workIds: [work.B, work.C, work.D],
    })
    expect(board.publication).toMatchObject({
      status: 'none',
      awardsConfirmed: false,
      publishRefusal: RESULTS_MSG.noAwards,
    })
  })

  it('refuses a judge, an organiser of another competition and an unknown round', async () => {
    const asJudge = await get(`/api/manage/results?competitionId=${OWN}`, JUDGES[0])
    expect([asJudge.code, asJudge.msg]).toEqual([403, STAFF_MSG.forbidden])
    const other = await get(`/api/manage/results?competitionId=${CLOSED}`)
    expect([other.code, other.msg]).toEqual([403, STAFF_MSG.forbidden])
    const publishOther = await post('/api/manage/results/publish', { competitionId: CLOSED, when: 'now' })
    expect([publishOther.code, publishOther.msg]).toEqual([403, STAFF_MSG.forbidden])
    const unknown = await get(`/api/manage/results?competitionId=${OWN}&roundId=semi`)
    expect([unknown.code, unknown.msg]).toEqual([404, '没有这个评审轮次：semi'])
  })
})

describe('advancing', () => {
  it('refuses entries not in the round, the last round, and a next round that has opened', async () => {
    const stranger = await post('/api/manage/results/advance', {
      competitionId: OWN,
      roundId: 'first',
      workIds: [999_999],
    })
    expect([stranger.code, stranger.msg]).toEqual([400, RESULTS_MSG.notInPrevious('初评')])
    const last = await post('/api/manage/results/advance', {
      competitionId: OWN,
      roundId: 'final',
      workIds: [work.B],
    })
    expect([last.code, last.msg]).toEqual([400, RESULTS_MSG.lastRound('终评')])
    const c = t.server.app.competitions.byId(CLOSED)!
    const final = c.judging!.rounds[1]!
    const admin = '13900000503'
    await grantRole(k(), null, ids.get(admin)!, { role: 'admin' })
    const opened = await post(
      '/api/manage/results/advance',
      { competitionId: CLOSED, roundId: 'qualify', workIds: [1] },
      admin,
    )
    expect([opened.code, opened.msg]).toEqual([400, RESULTS_MSG.nextOpened('终评', final.opens)])
  })

  it('the organiser’s confirmed set becomes the next round’s entries, audited', async () => {
    const c = t.server.app.competitions.byId(OWN)!
    const res = await post<Advancement>('/api/manage/results/advance', {
      competitionId: OWN,
      roundId: 'first',
      workIds: [work.E, work.B, work.D],
    })
    expect(res.code).toBe(200)
    expect(res.data).toMatchObject({
      confirmed: true,
      workIds: [work.B, work.D, work.E],
      suggested: [work.B, work.C, work.D],
    })
    expect((await roundEntries(k(), c, 1)).map((e) => e.workId)).toEqual([work.B, work.D, work.E])
    const audit = await k()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'results.advance')
      .execute()
    expect(audit).toHaveLength(1)
    expect(JSON.parse(audit[0]!.detail)).toEqual({ before: [], after: [work.B, work.D, work.E] })
    expect(audit[0]!.actor_id).toBe(ids.get(ORGANISER))
  })
})

describe('awards and publishing', () => {
  it('refuses awards and publication before the final round is done', async () => {
    await sheets('final', 'B', [[10, 5], [9, 5], null])
    const awards = await post('/api/manage/results/awards', { competitionId: OWN })
    const c = t.server.app.competitions.byId(OWN)!
    const final = c.judging!.rounds[1]!
    expect([awards.code, awards.msg]).toEqual([400, RESULTS_MSG.roundNotDone('终评', final.closes, 1)])
    const publish = await post('/api/manage/results/publish', { competitionId: OWN, when: 'now' })
    expect([publish.code, publish.msg]).toEqual([400, RESULTS_MSG.noAwards])
  })

  it('suggests awards from the final ranking (a tie across a boundary flagged) and stores the organiser’s choice', async () => {
    // 终评 (trimmed mean): B 100, 94, 86 → 94. D 100, 100, 94 → 100; E 100 ×3 → 100: tied for 金奖.
    await k().deleteFrom('judging_sheets').where('round_id', '=', 'final').execute()
    await k().deleteFrom('judging_assignments').where('round_id', '=', 'final').execute()
    await sheets('final', 'B', [
      [10, 5],
      [9, 5],
      [9, 4],
    ])
    await sheets('final', 'D', [
      [10, 5],
      [10, 5],
      [9, 5],
    ])
    await sheets('final', 'E', [
      [10, 5],
      [10, 5],
      [10, 5],
    ])
    const shown = await get<Awards>(`/api/manage/results/awards?competitionId=${OWN}`)
    expect(shown.data).toMatchObject({
      roundId: 'final',
      roundDone: true,
      confirmed: false,
      published: false,
    })
    const rows = (a: Awards) =>
      a.ranges.map((r) =>
        r.entries.map((e) => [
          e.worksName,
          e.result,
          e.rank,
          e.tied,
          e.suggested,
          e.tieAtBoundary,
          e.confirmed,
        ]),
      )
    expect(rows(shown.data)).toEqual([
      [['作品B', 94, 1, false, 'gold', false, null]],
      [
        ['作品D', 100, 1, true, 'gold', true, null],
        ['作品E', 100, 1, true, 'gold', true, null],
      ],
    ])
    // D is given 银奖; B and E keep the suggestion.
    const first = await post<Awards>('/api/manage/results/awards', {
      competitionId: OWN,
      awards: [{ workId: work.D, awardId: 'silver' }],
    })
    expect([first.code, first.msg]).toEqual([200, RESULTS_MSG.awardsConfirmed])
    expect(
      rows(first.data)
        .flat()
        .map((r) => r[6]),
    ).toEqual(['gold', 'silver', 'gold'])
    // Then B is given no award; the others keep what was confirmed.
    const second = await post<Awards>('/api/manage/results/awards', {
      competitionId: OWN,
      awards: [{ workId: work.B, awardId: null }],
    })
    expect(
      rows(second.data)
        .flat()
        .map((r) => r[6]),
    ).toEqual([null, 'silver', 'gold'])
    const stored = await k()
      .selectFrom('result_awards')
      .select(['work_id', 'range', 'result', 'rank', 'award_id', 'award_title'])
      .where('competition_id', '=', OWN)
      .orderBy('work_id')
      .execute()
    expect(stored).toEqual([
      { work_id: work.B, range: 'product', result: '94', rank: 1, award_id: null, award_title: null },
      { work_id: work.D, range: 'visual', result: '100', rank: 1, award_id: 'silver', award_title: '银奖' },
      { work_id: work.E, range: 'visual', result: '100', rank: 1, award_id: 'gold', award_title: '金奖' },
    ])
    const audit = await k()
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'results.awards')
      .orderBy('id')
      .execute()
    expect(audit.map((a) => JSON.parse(a.detail).changes)).toEqual([
      [
        { workId: work.B, before: 'unconfirmed', after: 'gold', suggested: 'gold' },
        { workId: work.D, before: 'unconfirmed', after: 'silver', suggested: 'gold' },
        { workId: work.E, before: 'unconfirmed', after: 'gold', suggested: 'gold' },
      ],
      [{ workId: work.B, before: 'gold', after: null, suggested: 'gold' }],
    ])
    const unknown = await post('/api/manage/results/awards', {
      competitionId: OWN,
      awards: [{ workId: work.B, awardId: 'bronze' }],
    })
    expect([unknown.code, unknown.msg]).toEqual([400, RESULTS_MSG.unknownAward('bronze')])
    const notFinal = await post('/api/manage/results/awards', {
      competitionId: OWN,
      awards: [{ workId: work.A, awardId: 'gold' }],
    })
    expect([notFinal.code, notFinal.msg]).toEqual([400, RESULTS_MSG.unknownWork])
    expect(await publishedResults(k(), OWN)).toBeNull()
  })

  it('a burst of 8 publishes publishes once and tells each entrant once, with their award', async () => {
    const before = { sms: (await outbox()).length, mail: (await mailbox()).length }
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post<Publication>('/api/manage/results/publish', { competitionId: OWN, when: 'now' }),
      ),
    )
    expect(answers.map((a) => a.code)).toEqual(Array(8).fill(200))
    const row = await k()
      .selectFrom('result_publications')
      .selectAll()
      .where('competition_id', '=', OWN)
      .execute()
    expect(row).toHaveLength(1)
    expect(row[0]).toMatchObject({ status: 'published', published_by: ids.get(ORGANISER), version: 1 })
    const audits = await k()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'results.publish')
      .execute()
    expect(audits).toHaveLength(1)
    const sms = (await outbox()).slice(before.sms)
    const mail = (await mailbox()).slice(before.mail)
    const title = t.server.app.competitions.byId(OWN)!.title
    expect(sms.map((m) => m.phone).sort()).toEqual([ENTRANTS.A, ENTRANTS.B, ENTRANTS.C, ENTRANTS.D].sort())
    expect(sms.find((m) => m.phone === ENTRANTS.D)!.body).toBe(
      `【咖簿网】“${title}”评审结果已公布，恭喜您的作品获得银奖！请登录咖簿网，在“我的赛事”中查看结果和证书。`,
    )
    expect(sms.find((m) => m.phone === ENTRANTS.A)!.body).toBe(
      `【咖簿网】“${title}”评审结果已公布。请登录咖簿网，在“我的赛事”中查看结果。`,
    )
    expect(mail).toEqual([
      {
        email: ENTRANTS.E,
        subject: `${title}：评审结果已公布`,
        body: `【咖簿网】“${title}”评审结果已公布，恭喜您的作品获得金奖！请登录咖簿网，在“我的赛事”中查看结果和证书。`,
      },
    ])
    const published = await publishedResults(k(), OWN)
    expect(published?.entries.map((e) => [e.workId, e.award?.title ?? null])).toEqual([
      [work.B, null],
      [work.D, '银奖'],
      [work.E, '金奖'],
    ])
  })

  it('refuses changes after publication', async () => {
    const at = (
      await k()
        .selectFrom('result_publications')
        .select('published_at')
        .where('competition_id', '=', OWN)
        .executeTakeFirstOrThrow()
    ).published_at!
    const awards = await post('/api/manage/results/awards', {
      competitionId: OWN,
      awards: [{ workId: work.B, awardId: 'gold' }],
    })
    expect([awards.code, awards.msg]).toEqual([400, RESULTS_MSG.published(at)])
    const schedule = await post('/api/manage/results/publish', { competitionId: OWN, when: 'scheduled' })
    expect([schedule.code, schedule.msg]).toEqual([400, RESULTS_MSG.published(at)])
    const board = await get<Leaderboard>(`/api/manage/results?competitionId=${OWN}`)
    expect(board.data.publication).toMatchObject({
      status: 'published',
      publishedAt: at,
      publishRefusal: RESULTS_MSG.published(at),
    })
  })
})

describe('a scheduled publication', () => {
  const opened: Array<{ close(): Promise<unknown> }> = []
  let drop: (() => Promise<void>) | undefined
  afterAll(async () => {
    for (const app of opened) await app.close()
    await drop?.()
  })

  it('survives a restart: the next start publishes it at the definition’s results time, once', async () => {
    const root = resultsRoot(15_000)
    const database = await createTestDatabase()
    drop = database.drop
    const start = () =>
      appOn({
        dataDir: database.dataDir,
        databaseUrl: database.databaseUrl,
        demoData: false,
        definitionsRoot: root,
      })
    const first = await start()
    opened.push(first)
    const SCHEDULED = FIXTURE_IDS['optional-fee']
    const kk = first.db.kysely
    const { apiOf } = await import('../support/api-client.ts')
    const api = apiOf(first)
    for (const account of ['13900000602', '13900000621', '13900000622', '13900000611'])
      await insertUser(first, account, DEMO.password)
    const idOf = async (a: string) =>
      (await kk.selectFrom('users').select('id').where('account', '=', a).executeTakeFirstOrThrow()).id
    await grantRole(kk, null, await idOf('13900000602'), { role: 'organiser', competitionId: SCHEDULED })
    const w1 = await insertSubmittedWork(first, SCHEDULED, await idOf('13900000621'), 'product', '作品甲')
    const w2 = await insertSubmittedWork(first, SCHEDULED, await idOf('13900000622'), 'product', '作品乙')
    const judgeId = await idOf('13900000611')
    const mark = (workId: number, i: number) =>
      insertSubmittedSheet(first, {
        competitionId: SCHEDULED,
        roundId: 'final',
        workId,
        judgeId,
        scores: { innovation: i, function: 5 },
      })
    await mark(w1, 9)
    await mark(w2, 7)
    const token = await api.login('13900000602')
    expect((await api.post('/api/manage/results/awards', { competitionId: SCHEDULED }, token)).code).toBe(200)
    const scheduled = await api.post(
      '/api/manage/results/publish',
      { competitionId: SCHEDULED, when: 'scheduled' },
      token,
    )
    const resultsAt = first.competitions.byId(SCHEDULED)!.phases.results
    expect([scheduled.code, scheduled.msg]).toEqual([200, RESULTS_MSG.scheduled(resultsAt)])
    expect(scheduled.data).toMatchObject({
      status: 'scheduled',
      publishAt: new Date(Date.parse(resultsAt)).toISOString(),
    })
    // The instance stops before the time: its timer goes with it, nothing is published.
    await first.close()
    opened.length = 0
    const status = async (app: typeof first) =>
      (
        await app.db.kysely
          .selectFrom('result_publications')
          .select('status')
          .where('competition_id', '=', SCHEDULED)
          .executeTakeFirst()
      )?.status
    // Two instances start on the same database, as after a deploy: one of them publishes, once.
    const second = await start()
    opened.push(second)
    const third = await start()
    opened.push(third)
    expect(await status(second)).toBe('scheduled')
    const deadline = Date.now() + 30_000
    while ((await status(second)) !== 'published' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200))
    expect(await status(second)).toBe('published')
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(resultsAt))
    await new Promise((r) => setTimeout(r, 500))
    const k2 = second.db.kysely
    const audits = await k2
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'results.publish')
      .execute()
    expect(audits.map((a) => a.actor_id)).toEqual([null])
    const sms = await k2
      .selectFrom('sms_outbox')
      .select('phone')
      .where('body', 'like', '%评审结果已公布%')
      .execute()
    expect(sms.map((m) => m.phone).sort()).toEqual(['13900000621', '13900000622'])
    expect(
      (await publishedResults(k2, SCHEDULED))?.entries.map((e) => [e.workId, e.award?.title ?? null]),
    ).toEqual([
      [w1, '金奖'],
      [w2, null],
    ])
    expect(fs.existsSync(root)).toBe(true)
    if (onPostgres()) {
      // On PostgreSQL it was a job on the queue: one, however many instances started, run once.
      const jobs = await sql<{ state: string }>`
        SELECT state FROM pgboss.job WHERE name = 'results-publish' AND data->>'competitionId' = ${String(SCHEDULED)}
      `.execute(k2)
      expect(jobs.rows.map((j) => j.state)).toEqual(['completed'])
    }
  }, 60_000)
})
