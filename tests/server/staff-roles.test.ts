import { beforeAll, describe, expect, it } from 'vitest'
import { listAudit } from '../../server/services/staff/audit.ts'
import { can, grantRole, rolesOf, STAFF_MSG } from '../../server/services/staff/roles.ts'
import { FIXTURE_IDS } from '../support/competitions.ts'
import { judgingRoot } from '../support/judging.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

/**
 * Issue 24 item 1: granting and revoking staff roles through /api/manage and the service, and the
 * audit trail each change writes (who, when, what) — on SQLite and, under TEST_DB=postgres, PostgreSQL.
 */
// The fixtures with their judging rounds: `fee-default` has `first` and `final`.
const t = useTestApp({ definitionsRoot: judgingRoot() })
const OWN = FIXTURE_IDS['fee-default']
const OTHER = FIXTURE_IDS.qt2025

const ADMIN = '13900000301'
const ORGANISER = '13900000302'
const PANEL = ['13900000311', '13900000312', '13900000313', '13900000314']
const ids = new Map<string, number>()
const tokens = new Map<string, string>()

const k = () => t.server.app.db.kysely
const idOf = (account: string) => ids.get(account)!
const rowsOf = (account: string) =>
  k().selectFrom('staff_roles').selectAll().where('user_id', '=', idOf(account)).execute()
const auditOf = (account: string) =>
  k()
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', 'user')
    .where('target_id', '=', String(idOf(account)))
    .orderBy('id')
    .execute()

beforeAll(async () => {
  for (const account of [ADMIN, ORGANISER, ...PANEL]) {
    await insertUser(t.server.app, account, DEMO.password)
    const { id } = await k()
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
    ids.set(account, id)
  }
  await grantRole(k(), null, idOf(ADMIN), { role: 'admin' }, 'cli')
  await grantRole(k(), null, idOf(ORGANISER), { role: 'organiser', competitionId: OWN }, 'cli')
  tokens.set(ADMIN, await t.api.login(ADMIN))
  tokens.set(ORGANISER, await t.api.login(ORGANISER))
})

const grant = (as: string, body: object) => t.api.post('/api/manage/staff/grant', body, tokens.get(as))
const revoke = (as: string, body: object) => t.api.post('/api/manage/staff/revoke', body, tokens.get(as))

describe('granting a role', () => {
  it('stores the role and writes who granted what, when, in the audit trail', async () => {
    const before = Date.now()
    const answer = await grant(ADMIN, {
      account: PANEL[0],
      role: 'judge',
      competitionId: OWN,
      roundId: 'first',
    })
    expect(answer).toEqual({
      code: 200,
      msg: '已授予',
      data: { changed: true, account: PANEL[0], role: 'judge', competitionId: OWN, roundId: 'first' },
    })
    const [row] = await rowsOf(PANEL[0]!)
    expect(row).toMatchObject({
      role: 'judge',
      competition_id: OWN,
      round_id: 'first',
      granted_by: idOf(ADMIN),
    })
    const [entry] = await auditOf(PANEL[0]!)
    expect(entry).toMatchObject({ actor_id: idOf(ADMIN), action: 'role.grant', competition_id: OWN })
    expect(Date.parse(entry!.at)).toBeGreaterThanOrEqual(before - 1000)
    expect(Date.parse(entry!.at)).toBeLessThanOrEqual(Date.now() + 1000)
    expect(JSON.parse(entry!.detail)).toEqual({
      via: 'api',
      before: null,
      after: { role: 'judge', competitionId: OWN, roundId: 'first' },
    })
  })

  it('is idempotent: the same grant again changes nothing and writes no second entry', async () => {
    const body = { account: PANEL[1], role: 'judge', competitionId: OWN }
    expect((await grant(ADMIN, body)).data.changed).toBe(true)
    expect(await grant(ADMIN, body)).toMatchObject({
      code: 200,
      msg: '该账号已有这个角色',
      data: { changed: false },
    })
    expect(await rowsOf(PANEL[1]!)).toHaveLength(1)
    expect(await auditOf(PANEL[1]!)).toHaveLength(1)
  })

  it('a burst of the same grant leaves exactly one row and one audit entry (null columns too)', async () => {
    const body = { account: PANEL[2], role: 'judge', competitionId: OTHER }
    const answers = await Promise.all(Array.from({ length: 8 }, () => grant(ADMIN, body)))
    expect(answers.every((a) => a.code === 200)).toBe(true)
    expect(answers.filter((a) => a.data.changed)).toHaveLength(1)
    // The admin role has no competition and no round: the unique index still holds one.
    const results = await Promise.all(
      Array.from({ length: 8 }, () => grantRole(k(), null, idOf(PANEL[2]!), { role: 'admin' })),
    )
    expect(results.filter((r) => r.granted)).toHaveLength(1)
    const rows = await rowsOf(PANEL[2]!)
    expect(rows.map((r) => [r.role, r.competition_id, r.round_id]).sort()).toEqual([
      ['admin', null, null],
      ['judge', OTHER, null],
    ])
    expect(await auditOf(PANEL[2]!)).toHaveLength(2)
  })

  it('refuses unknown competitions, accounts and malformed grants with a clear message', async () => {
    expect(await grant(ADMIN, { account: PANEL[3], role: 'judge', competitionId: 987654 })).toEqual({
      code: 404,
      msg: STAFF_MSG.unknownCompetition(987654),
    })
    expect(await grant(ADMIN, { account: '13900000399', role: 'judge', competitionId: OWN })).toEqual({
      code: 404,
      msg: STAFF_MSG.unknownAccount('13900000399'),
    })
    expect(await grant(ADMIN, { account: PANEL[3], role: 'judge' })).toEqual({
      code: 400,
      msg: STAFF_MSG.competitionNeeded,
    })
    expect(await grant(ADMIN, { account: PANEL[3], role: 'admin', competitionId: OWN })).toEqual({
      code: 400,
      msg: STAFF_MSG.adminHasNoCompetition,
    })
    expect(
      await grant(ADMIN, { account: PANEL[3], role: 'organiser', competitionId: OWN, roundId: 'r1' }),
    ).toEqual({ code: 400, msg: STAFF_MSG.roundOnlyForJudges })
    expect(
      await grant(ADMIN, { account: PANEL[3], role: 'judge', competitionId: OWN, roundId: 'Round 1' }),
    ).toEqual({ code: 400, msg: STAFF_MSG.badRound })
    // A round the competition's definition does not have would be a role that opens nothing.
    expect(
      await grant(ADMIN, { account: PANEL[3], role: 'judge', competitionId: OWN, roundId: 'semi' }),
    ).toEqual({ code: 400, msg: STAFF_MSG.unknownRound('semi', ['first', 'final']) })
    expect(
      await grant(ADMIN, { account: PANEL[3], role: 'judge', competitionId: OTHER, roundId: 'first' }),
    ).toEqual({ code: 400, msg: STAFF_MSG.unknownRound('first', ['qualify']) })
    const res = await t.server.app.inject({
      method: 'POST',
      url: '/api/manage/staff/grant',
      payload: { account: PANEL[3], role: 'superuser' },
      headers: { authorization: tokens.get(ADMIN)! },
    })
    expect(res.statusCode).toBeLessThan(500)
    expect(res.json().code).toBe(400)
    expect(await rowsOf(PANEL[3]!)).toEqual([])
    expect(await auditOf(PANEL[3]!)).toEqual([])
  })
})

describe('revoking a role', () => {
  it('removes it and records what was held before', async () => {
    const body = { account: PANEL[3], role: 'judge', competitionId: OWN }
    await grant(ADMIN, body)
    expect(await revoke(ADMIN, body)).toMatchObject({ code: 200, msg: '已撤销', data: { changed: true } })
    expect(await rowsOf(PANEL[3]!)).toEqual([])
    const entries = await auditOf(PANEL[3]!)
    expect(entries.map((e) => e.action)).toEqual(['role.grant', 'role.revoke'])
    const detail = JSON.parse(entries[1]!.detail)
    expect(detail).toMatchObject({
      via: 'api',
      before: { role: 'judge', competitionId: OWN, roundId: null, grantedBy: idOf(ADMIN) },
      after: null,
    })
  })

  it('of a role not held is a clear error and writes nothing', async () => {
    const entries = (await auditOf(PANEL[3]!)).length
    expect(await revoke(ADMIN, { account: PANEL[3], role: 'judge', competitionId: OWN })).toEqual({
      code: 404,
      msg: STAFF_MSG.notHeld,
    })
    // A judge of one round is not a judge of every round, and the other way round.
    expect(await revoke(ADMIN, { account: PANEL[0], role: 'judge', competitionId: OWN })).toEqual({
      code: 404,
      msg: STAFF_MSG.notHeld,
    })
    expect(await auditOf(PANEL[3]!)).toHaveLength(entries)
  })
})

describe('what an organiser may do', () => {
  it('grants and revokes the judges of their own competition, nothing else', async () => {
    const own = { account: PANEL[3], role: 'judge', competitionId: OWN }
    expect((await grant(ORGANISER, own)).code).toBe(200)
    expect((await revoke(ORGANISER, own)).code).toBe(200)
    expect(await grant(ORGANISER, { account: PANEL[3], role: 'organiser', competitionId: OWN })).toEqual({
      code: 403,
      msg: STAFF_MSG.organiserGrantsJudges,
    })
    expect(await grant(ORGANISER, { account: PANEL[3], role: 'admin' })).toEqual({
      code: 403,
      msg: STAFF_MSG.organiserGrantsJudges,
    })
    expect(await grant(ORGANISER, { account: PANEL[3], role: 'judge', competitionId: OTHER })).toEqual({
      code: 403,
      msg: STAFF_MSG.forbidden,
    })
  })

  it('reads the roles and the audit trail of their competition only; an admin reads all', async () => {
    const mine = await t.api.get('/api/manage/staff/roles', tokens.get(ORGANISER))
    expect(mine.code).toBe(200)
    expect(mine.data.length).toBeGreaterThan(0)
    expect(mine.data.every((r: { competitionId: number }) => r.competitionId === OWN)).toBe(true)
    const all = await t.api.get('/api/manage/staff/roles', tokens.get(ADMIN))
    const competitions = new Set(all.data.map((r: { competitionId: number | null }) => r.competitionId))
    expect(competitions).toEqual(new Set([null, OWN, OTHER]))
    expect(all.data).toContainEqual(
      expect.objectContaining({ account: ORGANISER, role: 'organiser', competitionId: OWN, grantedBy: null }),
    )

    const trail = await t.api.get('/api/manage/audit?pageSize=50', tokens.get(ORGANISER))
    expect(trail.code).toBe(200)
    expect(trail.rows.length).toBeGreaterThan(0)
    expect(trail.rows.every((e: { competitionId: number }) => e.competitionId === OWN)).toBe(true)
    const everything = await t.api.get('/api/manage/audit?pageSize=50', tokens.get(ADMIN))
    expect(everything.total).toBeGreaterThan(trail.total)
  })
})

describe('the audit trail', () => {
  it('reads newest first, a page at a time, filtered by action and competition, naming the actor', async () => {
    const token = tokens.get(ADMIN)
    const first = await t.api.get('/api/manage/audit?pageNum=1&pageSize=2', token)
    const second = await t.api.get('/api/manage/audit?pageNum=2&pageSize=2', token)
    expect(first.rows).toHaveLength(2)
    const ids = [...first.rows, ...second.rows].map((e: { id: number }) => e.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(new Set(ids).size).toBe(ids.length)
    expect(first.total).toBe(second.total)

    const revokes = await t.api.get(
      `/api/manage/audit?action=role.revoke&competitionId=${OWN}&pageSize=50`,
      token,
    )
    expect(revokes.rows.length).toBeGreaterThan(0)
    for (const e of revokes.rows) expect(e).toMatchObject({ action: 'role.revoke', competitionId: OWN })
    const byAdmin = revokes.rows.find(
      (e: { actor: { account: string } | null }) => e.actor?.account === ADMIN,
    )
    expect(byAdmin).toMatchObject({ targetType: 'user', targetId: String(idOf(PANEL[3]!)) })
    expect(byAdmin.detail.before).toMatchObject({ role: 'judge' })

    // The command line's grants have no actor.
    const service = await listAudit(k(), { action: 'role.grant', page: 1, size: 100 })
    expect(service.rows.find((e) => e.targetId === String(idOf(ADMIN)))).toMatchObject({
      actor: null,
      detail: { via: 'cli' },
    })
  })
})

describe('can()', () => {
  it('an admin may act as any role anywhere; others only as what they hold', async () => {
    expect(await can(k(), idOf(ADMIN), 'judge', OTHER, 'final')).toBe(true)
    expect(await can(k(), idOf(ADMIN), 'organiser', OWN)).toBe(true)
    expect(await can(k(), idOf(ORGANISER), 'organiser', OWN)).toBe(true)
    expect(await can(k(), idOf(ORGANISER), 'organiser', OTHER)).toBe(false)
    expect(await can(k(), idOf(ORGANISER), 'judge', OWN)).toBe(false)
    expect(await can(k(), idOf(ORGANISER), 'admin')).toBe(false)
    // PANEL[0] judges round 'first' of OWN only; PANEL[1] every round of OWN.
    expect(await can(k(), idOf(PANEL[0]!), 'judge', OWN, 'first')).toBe(true)
    expect(await can(k(), idOf(PANEL[0]!), 'judge', OWN, 'final')).toBe(false)
    expect(await can(k(), idOf(PANEL[1]!), 'judge', OWN, 'final')).toBe(true)
    expect(await can(k(), idOf(PANEL[1]!), 'judge', OTHER)).toBe(false)
    expect(await rolesOf(k(), idOf(PANEL[1]!))).toEqual([
      { role: 'judge', competitionId: OWN, roundId: null },
    ])
  })
})

describe('the demo staff', () => {
  it('are an admin and three judges of the competition with the lowest id, granted by the seed', async () => {
    const demo = (await t.api.get('/api/manage/staff/roles', tokens.get(ADMIN))).data.filter(
      (r: { account: string }) => /^1380000001[0-3]$/.test(r.account),
    )
    // By account: the order of a null competition differs between SQLite and PostgreSQL.
    const held = demo
      .map((r: { account: string; role: string; competitionId: number | null }) => [
        r.account,
        r.role,
        r.competitionId,
      ])
      .sort((a: string[], b: string[]) => a[0]!.localeCompare(b[0]!))
    expect(held).toEqual([
      ['13800000010', 'admin', null],
      ['13800000011', 'judge', OWN],
      ['13800000012', 'judge', OWN],
      ['13800000013', 'judge', OWN],
    ])
    // They sign in with the published demo password.
    const admin = await t.api.login('13800000010')
    expect((await t.api.get('/api/manage/audit?action=role.grant', admin)).code).toBe(200)
    const seeded = await listAudit(k(), { action: 'role.grant', page: 1, size: 100 })
    expect(seeded.rows.filter((e) => e.detail.via === 'seed')).toHaveLength(4)
  })
})
