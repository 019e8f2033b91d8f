import { beforeAll, describe, expect, it } from 'vitest'
import { SEATS_MSG } from '../../server/services/staff/judge-rounds.ts'
import { grantRole, STAFF_MSG } from '../../server/services/staff/roles.ts'
import { FIXTURE_IDS } from '../support/competitions.ts'
import { insertSubmittedWork, judgingRoot } from '../support/judging.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

/**
 * Issue 32 item 5: a judge's round seats set from the console (POST /api/manage/staff/judge-rounds) —
 * every round, chosen rounds, or none; a round's panel is the judges with a seat on it; a judge who
 * loses a seat lets go of the round's entries they have not submitted, which the next 分配评审 run
 * gives to the panel. On SQLite and, under TEST_DB=postgres, PostgreSQL.
 */
// fee-default: `first` (初评, open now, 2 judges per entry) and `final` (终评, three weeks on).
const t = useTestApp({ definitionsRoot: judgingRoot(), demoData: false })
const OWN = FIXTURE_IDS['fee-default']
const OTHER = FIXTURE_IDS.qt2025

const ORGANISER = '13900000502'
const OTHER_ORGANISER = '13900000503'
const PANEL = ['13900000511', '13900000512', '13900000513']
const NEWCOMER = '13900000514'
const BURST = '13900000515'
const ENTRANTS = ['13900000520', '13900000521', '13900000522', '13900000523']
const ids = new Map<string, number>()
const tokens = new Map<string, string>()
const works: number[] = []

const k = () => t.server.app.db.kysely
const idOf = (account: string) => ids.get(account)!
const get = (url: string, as: string) => t.api.get(url, tokens.get(as))
const post = (url: string, body: object, as: string) => t.api.post(url, body, tokens.get(as))
const seats = (as: string, account: string, roundIds: string[] | null, add?: boolean) =>
  post(
    '/api/manage/staff/judge-rounds',
    { account, competitionId: OWN, roundIds, ...(add ? { add } : {}) },
    as,
  )
const rowsOf = async (account: string) =>
  (
    await k()
      .selectFrom('staff_roles')
      .select('round_id')
      .where('user_id', '=', idOf(account))
      .where('role', '=', 'judge')
      .where('competition_id', '=', OWN)
      .execute()
  )
    .map((r) => r.round_id)
    .sort()
const assignedTo = async (account: string, roundId = 'first') =>
  (
    await k()
      .selectFrom('judging_assignments')
      .select('work_id')
      .where('competition_id', '=', OWN)
      .where('round_id', '=', roundId)
      .where('judge_id', '=', idOf(account))
      .orderBy('work_id')
      .execute()
  ).map((r) => r.work_id)
const auditOf = async (account: string) =>
  k()
    .selectFrom('audit_log')
    .selectAll()
    .where('action', 'in', ['role.rounds', 'role.revoke'])
    .where('target_id', '=', String(idOf(account)))
    .orderBy('id')
    .execute()
const assign = () => post('/api/manage/judging/assign', { competitionId: OWN, roundId: 'first' }, ORGANISER)

beforeAll(async () => {
  for (const account of [ORGANISER, OTHER_ORGANISER, ...PANEL, NEWCOMER, BURST, ...ENTRANTS]) {
    await insertUser(t.server.app, account, DEMO.password)
    const { id } = await k()
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
    ids.set(account, id)
  }
  await grantRole(k(), null, idOf(ORGANISER), { role: 'organiser', competitionId: OWN })
  await grantRole(k(), null, idOf(OTHER_ORGANISER), { role: 'organiser', competitionId: OTHER })
  for (const account of PANEL)
    await grantRole(k(), null, idOf(account), { role: 'judge', competitionId: OWN })
  for (const account of [ORGANISER, OTHER_ORGANISER, ...PANEL, NEWCOMER])
    tokens.set(account, await t.api.login(account))
  for (const [i, account] of ENTRANTS.entries())
    works.push(await insertSubmittedWork(t.server.app, OWN, idOf(account), 'product', `面板作品${i + 1}`))
})

describe('granting a judge for chosen rounds', () => {
  it('seats the judge on the rounds chosen only: the list names them by title, /judge shows only them', async () => {
    const answer = await seats(ORGANISER, NEWCOMER, ['final'], true)
    expect(answer).toEqual({
      code: 200,
      msg: '已保存评审轮次',
      data: {
        changed: true,
        account: NEWCOMER,
        competitionId: OWN,
        before: [],
        after: ['final'],
        released: [],
      },
    })
    expect(await rowsOf(NEWCOMER)).toEqual(['final'])
    const listed = (await get(`/api/manage/staff/roles?competitionId=${OWN}`, ORGANISER)).data.filter(
      (r: { account: string }) => r.account === NEWCOMER,
    )
    expect(listed).toEqual([
      expect.objectContaining({ role: 'judge', competitionId: OWN, roundId: 'final', roundTitle: '终评' }),
    ])
    const rounds = (await get(`/api/judge/rounds?competitionId=${OWN}`, NEWCOMER)).data
    expect(rounds.map((r: { roundId: string }) => r.roundId)).toEqual(['final'])
    expect(await get(`/api/judge/entries?competitionId=${OWN}&roundId=first`, NEWCOMER)).toEqual({
      code: 403,
      msg: STAFF_MSG.forbidden,
    })
  })

  it('writes one role.rounds audit entry with before and after, naming the organiser', async () => {
    const [entry, ...more] = await auditOf(NEWCOMER)
    expect(more).toEqual([])
    expect(entry).toMatchObject({ actor_id: idOf(ORGANISER), competition_id: OWN, target_type: 'user' })
    expect(JSON.parse(entry!.detail)).toEqual({
      via: 'api',
      before: null,
      after: { role: 'judge', competitionId: OWN, rounds: ['final'], titles: ['终评'] },
    })
  })

  it('adds rounds to those held; the same grant again changes nothing and writes nothing', async () => {
    expect((await seats(ORGANISER, NEWCOMER, ['first'], true)).data).toMatchObject({
      changed: true,
      before: ['final'],
      after: ['final', 'first'],
    })
    // The staff list gives a judge's seats in the definition's order, whatever order they were granted in.
    const listed = (await get(`/api/manage/staff/roles?competitionId=${OWN}`, ORGANISER)).data.filter(
      (r: { account: string }) => r.account === NEWCOMER,
    )
    expect(listed.map((r: { roundTitle: string }) => r.roundTitle)).toEqual(['初评', '终评'])
    const again = await seats(ORGANISER, NEWCOMER, ['first'], true)
    expect(again).toMatchObject({ code: 200, msg: '评审轮次没有变化', data: { changed: false } })
    expect(await auditOf(NEWCOMER)).toHaveLength(2)
    // Every round replaces the single seats with one row for all of them.
    expect((await seats(ORGANISER, NEWCOMER, null)).data).toMatchObject({ changed: true, after: null })
    expect(await rowsOf(NEWCOMER)).toEqual([null])
    expect((await seats(ORGANISER, NEWCOMER, ['final'], true)).data).toMatchObject({
      changed: false,
      after: null,
    })
  })

  it('a burst of the same grant seats the judge once, with one audit entry (also on PostgreSQL)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => seats(ORGANISER, BURST, ['final'], true)),
    )
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200, 200, 200])
    expect(answers.filter((a) => a.data.changed)).toHaveLength(1)
    expect(await rowsOf(BURST)).toEqual(['final'])
    expect(await auditOf(BURST)).toHaveLength(1)
  })

  it('refuses what cannot be a seat, in Chinese, and changes nothing', async () => {
    expect(await seats(ORGANISER, NEWCOMER, ['semi'])).toEqual({
      code: 400,
      msg: STAFF_MSG.unknownRound('semi', ['first', 'final']),
    })
    expect(await seats(ORGANISER, NEWCOMER, [], true)).toEqual({ code: 400, msg: SEATS_MSG.chooseRounds })
    expect(await seats(ORGANISER, ENTRANTS[0]!, [])).toEqual({ code: 404, msg: SEATS_MSG.notJudge })
    expect(await seats(ORGANISER, '13900009999', null)).toEqual({
      code: 404,
      msg: STAFF_MSG.unknownAccount('13900009999'),
    })
    expect(await seats(OTHER_ORGANISER, NEWCOMER, [])).toEqual({ code: 403, msg: STAFF_MSG.forbidden })
    expect(await seats(PANEL[0]!, NEWCOMER, [])).toEqual({ code: 403, msg: STAFF_MSG.forbidden })
    expect(await rowsOf(NEWCOMER)).toEqual([null])
  })
})

describe('a judge losing a round seat', () => {
  it('lets go of the entries not yet submitted, keeps the submitted ones, and can no longer open the round', async () => {
    await seats(ORGANISER, NEWCOMER, [])
    expect((await assign()).data).toMatchObject({ entries: works.length, judges: 3, added: 8, short: [] })
    const leaving = PANEL[2]!
    const [done, ...pending] = await assignedTo(leaving)
    expect(pending.length).toBeGreaterThan(0)
    const submitted = await post(
      '/api/judge/sheet',
      {
        competitionId: OWN,
        roundId: 'first',
        workId: done,
        values: { innovation: 8, function: 4 },
        submit: true,
      },
      leaving,
    )
    expect(submitted.code).toBe(200)
    // A draft on another entry: kept, but it no longer counts once the assignment is gone.
    await post(
      '/api/judge/sheet',
      { competitionId: OWN, roundId: 'first', workId: pending[0], values: { innovation: 3 } },
      leaving,
    )

    const answer = await seats(ORGANISER, leaving, ['final'])
    expect(answer.data).toMatchObject({
      changed: true,
      before: null,
      after: ['final'],
      released: [{ roundId: 'first', workIds: pending }],
    })
    expect(await assignedTo(leaving)).toEqual([done])
    const audit = (await auditOf(leaving)).at(-1)!
    expect(JSON.parse(audit.detail)).toMatchObject({
      before: { rounds: null, titles: null },
      after: { rounds: ['final'], titles: ['终评'] },
      released: [{ roundId: 'first', workIds: pending }],
    })
    for (const workId of [done!, pending[0]!])
      expect(
        await get(`/api/judge/entry?competitionId=${OWN}&roundId=first&workId=${workId}`, leaving),
      ).toEqual({ code: 403, msg: STAFF_MSG.forbidden })
    const rounds = (await get(`/api/judge/rounds?competitionId=${OWN}`, leaving)).data
    expect(rounds.map((r: { roundId: string }) => r.roundId)).toEqual(['final'])

    // The console shows the released entries short of a judge until the next run fills them from the panel.
    const overview = (await get(`/api/manage/judging/rounds?competitionId=${OWN}`, ORGANISER)).data[0]
    expect(overview.short).toBe(pending.length)
    const rerun = (await assign()).data
    expect(rerun).toMatchObject({ judges: 2, added: pending.length, short: [] })
    expect(await assignedTo(leaving)).toEqual([done])
    for (const workId of pending)
      for (const judge of PANEL.slice(0, 2)) expect(await assignedTo(judge)).toContain(workId)
  })

  it('a revoke through /api/manage/staff/revoke lets go of the pending entries too', async () => {
    const leaving = PANEL[1]!
    const before = await assignedTo(leaving)
    expect(before.length).toBeGreaterThan(0)
    const answer = await post(
      '/api/manage/staff/revoke',
      { account: leaving, role: 'judge', competitionId: OWN },
      ORGANISER,
    )
    expect(answer.code).toBe(200)
    expect(await assignedTo(leaving)).toEqual([])
    expect(JSON.parse((await auditOf(leaving)).at(-1)!.detail)).toMatchObject({
      after: null,
      released: [{ roundId: 'first', workIds: before }],
    })
    await grantRole(k(), null, idOf(leaving), { role: 'judge', competitionId: OWN })
  })

  it('an assignment run and a seat removal at once never leave the removed judge a pending entry', async () => {
    const leaving = PANEL[0]!
    await k().deleteFrom('judging_assignments').where('competition_id', '=', OWN).execute()
    const [run, change] = await Promise.all([assign(), seats(ORGANISER, leaving, ['final'])])
    expect([run.code, change.code]).toEqual([200, 200])
    expect(await assignedTo(leaving)).toEqual([])
  })
})
