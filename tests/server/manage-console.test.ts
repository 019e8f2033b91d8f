import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { addLandingSignup } from '../../server/services/landing-signups.ts'
import { MODERATION_MSG, moderate } from '../../server/services/manage/moderation.ts'
import { grantRole, STAFF_MSG } from '../../server/services/staff/roles.ts'
import { FIXTURE_IDS, storeSampleFiles, WORK_BASE } from '../support/competitions.ts'
import { submittedEntrant } from '../support/entries.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

/**
 * The organisers' console (issue 24 item 2, README "Organisers' console") through fastify.inject on a
 * real database (SQLite, or PostgreSQL with TEST_DB=postgres): counts, the entries table, an entry's
 * page, moderation with its audit entry and message, the entrant's side, and the other lists.
 */
const t = useTestApp()
const FEE = FIXTURE_IDS['fee-default']
const OTHER = FIXTURE_IDS.qt2025

const tokens: Record<'admin' | 'organiser' | 'otherOrganiser' | 'designer', string> = {
  admin: '',
  organiser: '',
  otherOrganiser: '',
  designer: '',
}
let adminId = 0
let entrants: Array<Awaited<ReturnType<typeof submittedEntrant>>> = []
let open: Awaited<ReturnType<typeof submittedEntrant>>

const get = (url: string, who: keyof typeof tokens = 'organiser') => t.api.get(`/api${url}`, tokens[who])
const post = (url: string, body: object, who: keyof typeof tokens = 'organiser') =>
  t.api.post(`/api${url}`, body, tokens[who])
const k = () => t.server.app.db.kysely
const REASON = '作品说明缺少设计草图，请补充后重新提交'

beforeAll(async () => {
  const app = t.server.app
  await storeSampleFiles(app)
  const staff = async (account: string, grant: Parameters<typeof grantRole>[3] | null) => {
    await insertUser(app, account, DEMO.password)
    const { id } = await k()
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
    if (grant) await grantRole(k(), null, id, grant)
    return { id, token: await t.api.login(account, DEMO.password) }
  }
  const admin = await staff('13900000301', { role: 'admin' })
  adminId = admin.id
  tokens.admin = admin.token
  tokens.organiser = (await staff('13900000302', { role: 'organiser', competitionId: FEE })).token
  tokens.otherOrganiser = (await staff('13900000303', { role: 'organiser', competitionId: OTHER })).token
  tokens.designer = (await staff('13900000304', null)).token
  entrants = [await submittedEntrant(app, t.api), await submittedEntrant(app, t.api)]
  open = await submittedEntrant(app, t.api, { submit: false })
})

describe('GET /api/manage/competitions', () => {
  it('counts registrations, works, paid and submitted entries, by entrant type and by range, labelled from the definition', async () => {
    const res = await get(`/manage/competitions?competitionId=${FEE}`)
    expect(res.code).toBe(200)
    const [c] = res.data
    expect(c).toMatchObject({
      competitionId: FEE,
      registrations: 3,
      works: 3,
      paid: 3,
      submitted: 2,
      returned: 0,
      disqualified: 0,
    })
    const type = c.byEntrantType.find((b: { registrations: number }) => b.registrations > 0)
    expect(type).toMatchObject({ registrations: 3, submitted: 2 })
    expect(type.label).not.toBe(type.value)
    const range = c.byRange.find((b: { value: string }) => b.value === WORK_BASE.range)
    expect(range).toMatchObject({ works: 3, registrations: 3, submitted: 2 })
    expect(range.label).not.toBe(WORK_BASE.range)
  })

  it('an organiser sees only their competitions; an admin sees every one', async () => {
    const mine = await get('/manage/competitions')
    expect(mine.data.map((c: { competitionId: number }) => c.competitionId)).toEqual([FEE])
    const all = await get('/manage/competitions', 'admin')
    expect(all.data.map((c: { competitionId: number }) => c.competitionId).sort()).toEqual(
      Object.values(FIXTURE_IDS).sort(),
    )
  })
})

describe('GET /api/manage/entries', () => {
  const list = (query: string, who: keyof typeof tokens = 'organiser') =>
    get(`/manage/entries?competitionId=${FEE}&${query}`, who)

  it('filters by submitted and paid, searches by entry number, name and work title, sorts and pages', async () => {
    expect((await list('')).total).toBe(3)
    const notSubmitted = await list('submitted=no')
    expect(notSubmitted.rows.map((r: { id: number }) => r.id)).toEqual([open.entryId])
    expect((await list('submitted=yes&paid=yes')).total).toBe(2)
    expect((await list('paid=no')).total).toBe(0)
    const [first] = (await list('submitted=yes&sort=number&order=asc')).rows
    expect(first.number).toMatch(/^KBE\d{4}-\d{6}$/)
    expect(
      (await list(`q=${encodeURIComponent(first.number)}`)).rows.map((r: { id: number }) => r.id),
    ).toEqual([first.id])
    expect((await list(`q=${encodeURIComponent(WORK_BASE.worksName.slice(0, 4))}`)).total).toBe(3)
    expect((await list(`range=${WORK_BASE.range}`)).total).toBe(3)
    expect((await list('range=no-such-range')).total).toBe(0)
    const page = await list('pageSize=2&pageNum=2&sort=created&order=asc')
    expect(page).toMatchObject({ total: 3 })
    expect(page.rows.map((r: { id: number }) => r.id)).toEqual([open.entryId])
    expect(first.works[0]).toMatchObject({ title: WORK_BASE.worksName, range: WORK_BASE.range })
  })

  it('answers a bad query with a 400 and never a 5xx', async () => {
    for (const query of [
      'sort=bogus',
      'order=up',
      'paid=maybe',
      'state=lost',
      'pageSize=999',
      'pageNum=0',
      `q=${'长'.repeat(51)}`,
      'range=%00%27;--',
      `entrantType=${'x'.repeat(65)}`,
    ]) {
      const res = await t.server.app.inject({
        url: `/api/manage/entries?competitionId=${FEE}&${query}`,
        headers: { authorization: tokens.organiser },
      })
      expect(res.statusCode, query).toBeLessThan(500)
    }
    const res = await t.server.app.inject({
      url: '/api/manage/entries?competitionId=abc',
      headers: { authorization: tokens.admin },
    })
    expect(res.statusCode).toBeLessThan(500)
    expect((await get('/manage/entries?competitionId=424242', 'admin')).code).toBe(404)
  })
})

describe('GET /api/manage/entry', () => {
  it('shows every answer labelled from the forms registry, the files, co-authors, adviser, payment and receipt', async () => {
    const res = await get(`/manage/entry?competitionId=${FEE}&entryId=${entrants[0]!.entryId}`)
    expect(res.code).toBe(200)
    const e = res.data
    expect(e).toMatchObject({
      submitted: true,
      paid: true,
      mayReturn: true,
      mayDisqualify: true,
      moderation: null,
    })
    expect(e.number).toMatch(/^KBE/)
    expect(e.registration.answers.map((a: { label: string }) => a.label)).toContain('参赛身份')
    const base = e.works[0].sections.find((s: { key: string }) => s.key === 'workBase')
    expect(base.label).toBe('作品基本信息')
    const name = base.answers.find((a: { key: string }) => a.key === 'worksName')
    expect(name).toMatchObject({ label: '作品名称', text: WORK_BASE.worksName })
    const range = base.answers.find((a: { key: string }) => a.key === 'range')
    expect(range.label).toBe('参赛类别')
    expect(range.text).not.toBe(WORK_BASE.range)
    expect(e.files.some((f: { kind: string }) => f.kind === 'image')).toBe(true)
    expect(e.files.some((f: { kind: string }) => f.kind === 'pdf')).toBe(true)
    expect(e.coAuthors.map((c: { name: string }) => c.name)).toEqual(['林晓雨', '周可'])
    expect(e.advisers[0]).toMatchObject({ name: '陈思远' })
    expect(e.payment).toMatchObject({ method: '余额支付' })
    expect(e.payment.amountFen).toBeGreaterThan(0)
    expect(e.receipt).toMatchObject({ number: e.number })
    expect(e.history).toEqual([])
  })

  it('names a propositional range by its label from the definition, not its value (issue 32 item 10)', async () => {
    const work = await k()
      .selectFrom('competition_works')
      .select(['id', 'base'])
      .where('registration_id', '=', entrants[1]!.entryId)
      .executeTakeFirstOrThrow()
    const base = JSON.parse(work.base ?? '{}')
    await k()
      .updateTable('competition_works')
      .set({ base: JSON.stringify({ ...base, range: 'p1' }) })
      .where('id', '=', work.id)
      .execute()
    try {
      const e = (await get(`/manage/entry?competitionId=${FEE}&entryId=${entrants[1]!.entryId}`)).data
      const section = e.works[0].sections.find((s: { key: string }) => s.key === 'workBase')
      const range = section.answers.find((a: { key: string }) => a.key === 'range')
      expect(range).toMatchObject({ label: '参赛类别', text: '城市家具' })
    } finally {
      await k().updateTable('competition_works').set({ base: work.base }).where('id', '=', work.id).execute()
    }
  })

  it('an entry of another competition answers as one that does not exist', async () => {
    expect(
      (await get(`/manage/entry?competitionId=${OTHER}&entryId=${entrants[0]!.entryId}`, 'admin')).code,
    ).toBe(404)
    expect((await get(`/manage/entry?competitionId=${FEE}&entryId=99999`)).code).toBe(404)
  })

  it('lets the organiser open the entry’s private files, and nobody else but an admin', async () => {
    const e = (await get(`/manage/entry?competitionId=${FEE}&entryId=${entrants[0]!.entryId}`)).data
    const file = e.files.find((f: { kind: string }) => f.kind === 'image')
    const name = file.url.replace('/api/files/', '')
    const stored = t.server.app.storage.pathOf(name)
    fs.mkdirSync(path.dirname(stored), { recursive: true })
    fs.writeFileSync(stored, Buffer.from([0xff, 0xd8, 0xff, 0xe0]))
    const fetchAs = (who: keyof typeof tokens) =>
      t.server.app.inject({ url: file.url, headers: { authorization: tokens[who] } })
    const own = await fetchAs('organiser')
    expect(own.statusCode).toBe(200)
    expect(own.headers['cache-control']).toBe('private, no-store')
    expect((await fetchAs('admin')).statusCode).toBe(200)
    expect((await fetchAs('otherOrganiser')).json().code).toBe(404)
    expect((await fetchAs('designer')).json().code).toBe(404)
  })
})

describe('moderation', () => {
  it('returns an entry with a reason: audit entry, message, the entrant sees it and resubmits', async () => {
    const entrant = entrants[0]!
    const before = (await get(`/manage/entry?competitionId=${FEE}&entryId=${entrant.entryId}`)).data
    const res = await post('/manage/entry/return', {
      competitionId: FEE,
      entryId: entrant.entryId,
      reason: REASON,
    })
    expect(res).toMatchObject({ code: 200, msg: MODERATION_MSG.returned, data: { changed: true } })
    expect(res.data.moderation).toMatchObject({ state: 'returned', reason: REASON })

    const audit = await k()
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'entry')
      .where('target_id', '=', String(entrant.entryId))
      .execute()
    expect(audit.map((a) => a.action)).toEqual(['entry.return'])
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({
      before: { state: 'submitted' },
      after: { reason: REASON },
    })
    const sms = await k().selectFrom('sms_outbox').selectAll().where('phone', '=', entrant.account).execute()
    expect(sms).toHaveLength(1)
    expect(sms[0]!.body).toContain(REASON)
    expect(sms[0]!.body).toContain('我的赛事')

    // The entrant's side: 我的赛事 and the workspace show the reason; the entry is open again.
    const [mine] = (await t.api.get('/api/user/getCompetition', entrant.token)).data
    expect(mine).toMatchObject({ finalised: false, moderation: { state: 'returned', reason: REASON } })
    const page = (await get(`/manage/entry?competitionId=${FEE}&entryId=${entrant.entryId}`)).data
    expect(page).toMatchObject({ submitted: false, mayReturn: false, moderation: { state: 'returned' } })
    expect(page.history[0]).toMatchObject({ action: 'entry.return' })

    // Correct and confirm again: the returned state clears, the entry keeps its number.
    const fixed = await t.api.post(
      '/api/works/add',
      { ...WORK_BASE, worksName: '折叠式城市共享座椅（修订）', id: before.works[0].id, competitionId: FEE },
      entrant.token,
    )
    expect(fixed.code).toBe(200)
    expect(
      (await t.api.post('/api/tbCompetitionInfo/auth', { competitionId: FEE }, entrant.token)).code,
    ).toBe(200)
    const [after] = (await t.api.get('/api/user/getCompetition', entrant.token)).data
    expect(after).toMatchObject({ finalised: true, moderation: null, receiptNumber: before.number })
    const history = (await get(`/manage/entry?competitionId=${FEE}&entryId=${entrant.entryId}`)).data.history
    expect(history.map((h: { action: string }) => h.action)).toEqual(['entry.resubmit', 'entry.return'])
  })

  it('a burst of the same return changes the entry once: one audit entry, one message', async () => {
    const entrant = entrants[1]!
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post('/manage/entry/return', { competitionId: FEE, entryId: entrant.entryId, reason: REASON }),
      ),
    )
    expect(answers.every((a) => a.code === 200)).toBe(true)
    expect(answers.filter((a) => a.data.changed)).toHaveLength(1)
    const audit = await k()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'entry.return')
      .where('target_id', '=', String(entrant.entryId))
      .execute()
    expect(audit).toHaveLength(1)
    const sms = await k().selectFrom('sms_outbox').select('id').where('phone', '=', entrant.account).execute()
    expect(sms).toHaveLength(1)
  })

  it('disqualifies with a reason; a disqualified entry cannot be returned nor submitted again', async () => {
    const entrant = entrants[1]!
    const done = await post(
      '/manage/entry/disqualify',
      { competitionId: FEE, entryId: entrant.entryId, reason: '作品与往届获奖作品雷同' },
      'admin',
    )
    expect(done).toMatchObject({ code: 200, data: { changed: true, moderation: { state: 'disqualified' } } })
    const again = await post('/manage/entry/disqualify', {
      competitionId: FEE,
      entryId: entrant.entryId,
      reason: '作品与往届获奖作品雷同',
    })
    expect(again).toMatchObject({
      code: 200,
      msg: MODERATION_MSG.alreadyDisqualified,
      data: { changed: false },
    })
    expect(
      (await post('/manage/entry/return', { competitionId: FEE, entryId: entrant.entryId, reason: REASON }))
        .msg,
    ).toBe(MODERATION_MSG.disqualified)
    const confirm = await t.api.post('/api/tbCompetitionInfo/auth', { competitionId: FEE }, entrant.token)
    expect(confirm.code).toBe(400)
    const [mine] = (await t.api.get('/api/user/getCompetition', entrant.token)).data
    expect(mine.moderation).toMatchObject({ state: 'disqualified', reason: '作品与往届获奖作品雷同' })
    const audit = await k()
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('target_id', '=', String(entrant.entryId))
      .where('action', '=', 'entry.disqualify')
      .execute()
    expect(audit).toEqual([{ action: 'entry.disqualify', actor_id: adminId }])
  })

  it('refuses what the phase or the state does not allow, and bad reasons', async () => {
    expect(
      (await post('/manage/entry/return', { competitionId: FEE, entryId: open.entryId, reason: REASON })).msg,
    ).toBe(MODERATION_MSG.notSubmitted)
    const c = t.server.app.competitions.byId(FEE)!
    const afterDeadline = Date.parse(c.phases.submissionDeadline) + 1000
    await expect(
      moderate(k(), adminId, c, entrants[0]!.entryId, 'returned', REASON, afterDeadline),
    ).rejects.toThrow(MODERATION_MSG.returnClosed(c.phases.submissionDeadline))
    const afterResults = Date.parse(c.phases.results) + 1000
    await expect(
      moderate(k(), adminId, c, entrants[0]!.entryId, 'disqualified', REASON, afterResults),
    ).rejects.toThrow(MODERATION_MSG.disqualifyClosed(c.phases.results))
    for (const reason of ['', '短', '长'.repeat(201)]) {
      const res = await post('/manage/entry/return', {
        competitionId: FEE,
        entryId: entrants[0]!.entryId,
        reason,
      })
      expect(res.code, reason).toBe(400)
    }
    expect(
      (
        await post(
          '/manage/entry/return',
          { competitionId: FEE, entryId: entrants[0]!.entryId, reason: REASON },
          'otherOrganiser',
        )
      ).msg,
    ).toBe(STAFF_MSG.forbidden)
  })
})

describe('the other lists', () => {
  it('landing-page sign-ups and event entries and check-ins, per page, for admins', async () => {
    await addLandingSignup(t.server.app.db, {
      slug: 'signup-open',
      form: 'event-signup',
      phone: '13700000111',
      data: { name: '王小明', phone: '13700000111', organization: '示例大学' },
      userId: null,
    })
    const pages = await get('/manage/landing-pages', 'admin')
    expect(pages.data.find((p: { slug: string }) => p.slug === 'signup-open')).toMatchObject({ signups: 1 })
    const rows = await get('/manage/landing-signups?slug=signup-open', 'admin')
    expect(rows.total).toBe(1)
    expect(rows.rows[0].answers).toContainEqual({ label: '姓名', text: '王小明' })
    expect((await get('/manage/landing-signups')).msg).toBe(STAFF_MSG.forbidden)
    const events = await get('/manage/events', 'admin')
    expect(events.code).toBe(200)
    expect(events.data.length).toBeGreaterThan(0)
    expect((await get('/manage/event-entries', 'admin')).code).toBe(200)
    expect((await get('/manage/event-check-ins', 'admin')).code).toBe(200)
  })

  it('refund cases: an organiser sees their competition’s, an admin all', async () => {
    const order = async (competitionId: number, n: number) => {
      const row = await k()
        .insertInto('orders')
        .values({
          order_number: `TEST-REFUND-${n}`,
          user_id: open.userId,
          product: 'competition',
          amount_fen: 10000,
          method: 4,
          status: 3,
          provider: 'sandbox',
          provider_trade_no: null,
          created_at: new Date().toISOString(),
          expires_at: new Date().toISOString(),
          paid_at: new Date().toISOString(),
          competition_id: competitionId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await k()
        .insertInto('refund_cases')
        .values({
          order_id: row.id,
          user_id: open.userId,
          amount_fen: 10000,
          reason: 'duplicate_entry_fee',
          competition_id: competitionId,
          status: 'open',
          created_at: new Date().toISOString(),
          resolved_at: null,
          resolution_note: null,
        })
        .execute()
    }
    await order(FEE, 1)
    await order(OTHER, 2)
    const own = await get('/manage/refund-cases')
    expect(own.rows.map((r: { orderNumber: string }) => r.orderNumber)).toEqual(['TEST-REFUND-1'])
    expect(own.rows[0]).toMatchObject({ reasonLabel: '重复缴纳报名费', status: 'open' })
    const all = await get('/manage/refund-cases', 'admin')
    expect(all.rows.map((r: { orderNumber: string }) => r.orderNumber).sort()).toEqual([
      'TEST-REFUND-1',
      'TEST-REFUND-2',
    ])
  })
})

describe('GET /api/staff/me', () => {
  it('answers the account’s roles: none for a designer, the organiser’s competition, admin for an admin', async () => {
    expect((await get('/staff/me', 'designer')).data).toEqual({ admin: false, roles: [] })
    expect((await get('/staff/me')).data).toEqual({
      admin: false,
      roles: [{ role: 'organiser', competitionId: FEE, roundId: null }],
    })
    expect((await get('/staff/me', 'admin')).data.admin).toBe(true)
    expect((await t.api.get('/api/staff/me')).code).toBe(403)
  })
})
