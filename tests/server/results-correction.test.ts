import { beforeAll, describe, expect, it } from 'vitest'
import type { Publication } from '../../schemas/api/results.ts'
import { CORRECTION_REASON, WITHDRAWN_REASON } from '../../server/services/competition/certificate-records.ts'
import { verifyCertificate } from '../../server/services/competition/certificates.ts'
import { publishedResults } from '../../server/services/results/published.ts'
import { RESULTS_MSG } from '../../server/services/results/refusals.ts'
import { grantRole } from '../../server/services/staff/roles.ts'
import { FIXTURE_IDS } from '../support/competitions.ts'
import { insertSubmittedSheet, insertSubmittedWork, resultsRoot } from '../support/judging.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { addSignedIn, insertVerified } from '../support/users.ts'

/**
 * Issue 32 item 3 (README "Correcting published results"): a published result reopened with a reason
 * (audited, not public meanwhile), corrected, and published again — only entrants whose result
 * changed are told, once; certificates whose award changed are re-issued (the old number verifies as
 * superseded) and a disqualified entrant's is withdrawn. A scheduled publication at a chosen time can
 * be moved and cancelled. On SQLite and (TEST_DB=postgres) PostgreSQL.
 *
 * optional-fee: one scored round `final`, closed; results an hour from now; 金奖 ×1.
 */
const t = useTestApp({ definitionsRoot: resultsRoot(), demoData: false })
const ID = FIXTURE_IDS['optional-fee']
const ORGANISER = '13900003301'
const JUDGE = '13900003311'
const ENTRANTS = { A: '13900003321', B: '13900003322', C: '13900003323' }
type Name = keyof typeof ENTRANTS
const ids = new Map<string, number>()
const tokens = new Map<string, string>()
const work = {} as Record<Name, number>
const entry = {} as Record<Name, number>

type Answer<T> = { code: number; msg: string; data: T }
const k = () => t.server.app.db.kysely
const post = <T>(url: string, body: object) =>
  t.api.post(url, body, tokens.get(ORGANISER)) as Promise<Answer<T>>
const texts = async (name: Name) =>
  (
    await k()
      .selectFrom('sms_outbox')
      .select('body')
      .where('phone', '=', ENTRANTS[name])
      .orderBy('id')
      .execute()
  ).map((m) => m.body)
const certificate = (name: Name) =>
  k()
    .selectFrom('competition_certificates')
    .select(['number', 'award'])
    .where('current_registration_id', '=', entry[name])
    .executeTakeFirst()
async function until(done: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 30_000
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

beforeAll(async () => {
  await addSignedIn(t.server.app, t.api, [ORGANISER, JUDGE, ...Object.values(ENTRANTS)], DEMO.password, {
    ids,
    tokens,
  })
  await grantRole(k(), null, ids.get(ORGANISER)!, { role: 'organiser', competitionId: ID })
  await grantRole(k(), null, ids.get(JUDGE)!, { role: 'judge', competitionId: ID })
  // A 100, B 94, C 82 (6·创新性 + 8·功能).
  const marks: Record<Name, [number, number]> = { A: [10, 5], B: [9, 5], C: [7, 5] }
  for (const name of Object.keys(ENTRANTS) as Name[]) {
    // Certificates name the verified person: each entrant has verified their real name.
    await insertVerified(t.server.app, ids.get(ENTRANTS[name])!, `参赛者${name}`)
    work[name] = await insertSubmittedWork(
      t.server.app,
      ID,
      ids.get(ENTRANTS[name])!,
      'product',
      `作品${name}`,
    )
    entry[name] = (
      await k()
        .selectFrom('competition_works')
        .select('registration_id')
        .where('id', '=', work[name])
        .executeTakeFirstOrThrow()
    ).registration_id
    await insertSubmittedSheet(t.server.app, {
      competitionId: ID,
      roundId: 'final',
      workId: work[name],
      judgeId: ids.get(JUDGE)!,
      scores: { innovation: marks[name][0], function: marks[name][1] },
    })
  }
})

describe('a scheduled publication', () => {
  it('takes a chosen time, moves to another and is cancelled, each audited', async () => {
    expect((await post('/api/manage/results/awards', { competitionId: ID })).code).toBe(200)
    const soon = await post('/api/manage/results/publish', {
      competitionId: ID,
      when: 'scheduled',
      publishAt: new Date(Date.now() + 10_000).toISOString(),
    })
    expect([soon.code, soon.msg]).toEqual([400, RESULTS_MSG.scheduleTooSoon])
    const first = '2099-01-01T10:00:00+08:00'
    const tooFar = await post('/api/manage/results/publish', {
      competitionId: ID,
      when: 'scheduled',
      publishAt: first,
    })
    expect([tooFar.code, tooFar.msg]).toEqual([400, RESULTS_MSG.scheduleTooFar])
    const chosen = new Date(Date.now() + 2 * 86_400_000).toISOString()
    const scheduled = await post<Publication>('/api/manage/results/publish', {
      competitionId: ID,
      when: 'scheduled',
      publishAt: chosen,
    })
    expect([scheduled.code, scheduled.msg, scheduled.data.status, scheduled.data.publishAt]).toEqual([
      200,
      RESULTS_MSG.scheduled(chosen),
      'scheduled',
      chosen,
    ])
    const moved = new Date(Date.now() + 3 * 86_400_000).toISOString()
    const again = await post<Publication>('/api/manage/results/publish', {
      competitionId: ID,
      when: 'scheduled',
      publishAt: moved,
    })
    expect(again.data.publishAt).toBe(moved)
    const cancelled = await post<Publication>('/api/manage/results/unschedule', { competitionId: ID })
    expect([cancelled.code, cancelled.msg, cancelled.data.status]).toEqual([
      200,
      RESULTS_MSG.unscheduled,
      'none',
    ])
    const twice = await post('/api/manage/results/unschedule', { competitionId: ID })
    expect([twice.code, twice.msg]).toEqual([400, RESULTS_MSG.notScheduled])
    const audit = await k()
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('action', 'in', ['results.schedule', 'results.unschedule'])
      .orderBy('id')
      .execute()
    expect(audit.map((a) => [a.action, JSON.parse(a.detail).after])).toEqual([
      ['results.schedule', { status: 'scheduled', publishAt: chosen }],
      ['results.schedule', { status: 'scheduled', publishAt: moved }],
      ['results.unschedule', { status: 'none' }],
    ])
  })
})

describe('correcting published results', () => {
  it('reopens with a reason only, audited, and the result is not public meanwhile', async () => {
    const notYet = await post('/api/manage/results/reopen', { competitionId: ID, reason: '更正获奖名单' })
    expect([notYet.code, notYet.msg]).toEqual([400, RESULTS_MSG.notPublished])
    expect((await post('/api/manage/results/publish', { competitionId: ID, when: 'now' })).code).toBe(200)
    await until(async () => Boolean(await certificate('C')), 'the certificates at publication')
    expect((await certificate('A'))?.award).toBe('金奖')
    const noReason = await post('/api/manage/results/reopen', { competitionId: ID, reason: ' ' })
    expect([noReason.code, noReason.msg]).toEqual([400, RESULTS_MSG.reopenReason])
    const reopened = await post<Publication>('/api/manage/results/reopen', {
      competitionId: ID,
      reason: '作品A被举报抄袭，核实后更正',
    })
    expect([reopened.code, reopened.msg, reopened.data.status, reopened.data.reopenReason]).toEqual([
      200,
      RESULTS_MSG.reopened,
      'reopened',
      '作品A被举报抄袭，核实后更正',
    ])
    expect(await publishedResults(k(), ID)).toBeNull()
    const audit = await k()
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'results.reopen')
      .executeTakeFirstOrThrow()
    expect(JSON.parse(audit.detail)).toMatchObject({
      reason: '作品A被举报抄袭，核实后更正',
      before: { status: 'published', awards: [{ workId: work.A, award: 'gold', rank: 1 }, {}, {}] },
    })
  })

  it('publishing the correction tells only those whose result changed, re-issues and withdraws certificates', async () => {
    const before = { A: await certificate('A'), B: await certificate('B'), C: await certificate('C') }
    const texted = {
      A: (await texts('A')).length,
      B: (await texts('B')).length,
      C: (await texts('C')).length,
    }
    const disqualified = await post('/api/manage/entry/disqualify', {
      competitionId: ID,
      entryId: entry.A,
      reason: '经核实抄袭他人作品',
    })
    expect(disqualified.code).toBe(200)
    // A's row is gone from the awards; B, confirmed as no award before, is now chosen for 金奖.
    const awards = await post('/api/manage/results/awards', {
      competitionId: ID,
      awards: [{ workId: work.B, awardId: 'gold' }],
    })
    expect(awards.code).toBe(200)
    const done = await post('/api/manage/results/publish', { competitionId: ID, when: 'now' })
    expect([done.code, done.msg]).toEqual([200, RESULTS_MSG.publishedNow])
    expect(
      (await publishedResults(k(), ID))?.entries.map((e) => [e.workId, e.rank, e.award?.title ?? null]),
    ).toEqual([
      [work.B, 1, '金奖'],
      [work.C, 2, null],
    ])
    const title = t.server.app.competitions.byId(ID)!.title
    // A: told of the disqualification, then of the correction; B: the award; C: the rank. Once each.
    expect((await texts('A')).slice(texted.A + 1)).toEqual([
      `【咖簿网】“${title}”评审结果已更正：您的作品现未获奖（原为金奖）。请登录咖簿网，在“我的赛事”中查看结果和证书。`,
    ])
    expect((await texts('B')).slice(texted.B)).toEqual([
      `【咖簿网】“${title}”评审结果已更正：您的作品现获得金奖（原为未获奖）。请登录咖簿网，在“我的赛事”中查看结果和证书。`,
    ])
    expect((await texts('C')).slice(texted.C)).toEqual([
      `【咖簿网】“${title}”评审结果已更正：您的作品名次有调整，奖项不变。请登录咖簿网，在“我的赛事”中查看结果。`,
    ])
    // B's participation certificate is re-issued as 金奖; C's stands; A's is withdrawn.
    await until(async () => (await certificate('B'))?.award === '金奖', 'the re-issue of B')
    await until(async () => !(await certificate('A')), 'the withdrawal of A')
    expect((await certificate('C'))?.number).toBe(before.C?.number)
    const old = async (number: string) =>
      k()
        .selectFrom('competition_certificates')
        .select(['superseded_by', 'reason'])
        .where('number', '=', number)
        .executeTakeFirstOrThrow()
    expect(await old(before.B!.number)).toEqual({
      superseded_by: (await certificate('B'))!.number,
      reason: CORRECTION_REASON,
    })
    expect(await old(before.A!.number)).toEqual({ superseded_by: null, reason: WITHDRAWN_REASON })
    const verified = await verifyCertificate(t.server.app.db, before.A!.number)
    expect(verified).toMatchObject({ award: '金奖', currentNumber: null, supersededAt: expect.any(String) })
  })
})
