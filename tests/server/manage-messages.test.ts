import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MESSAGE_LIMITS } from '../../schemas/api/entrant-messages.ts'
import { nowIso } from '../../server/lib/time.ts'
import { ENTRANT_MESSAGE_MSG } from '../../server/services/manage/entrant-messages.ts'
import { AUDIENCE_MSG } from '../../server/services/manage/message-audience.ts'
import { grantRole, STAFF_MSG } from '../../server/services/staff/roles.ts'
import { FIXTURE_IDS, storeSampleFiles, WORK_BASE } from '../support/competitions.ts'
import { submittedEntrant } from '../support/entries.ts'
import { insertSubmittedWork, judgingRoot } from '../support/judging.ts'
import { setPublication, writeResultAwards } from '../support/results.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

/**
 * Messages to entrants from the console (issue 32 item 6, README "Organisers' console") through
 * fastify.inject on a real database (SQLite, or PostgreSQL with TEST_DB=postgres): the filters and
 * their counts, preview against send, one message per account through the outbox, the audit entry,
 * the limits under a burst, the refusals, and the entrant's side in 我的赛事.
 */
const t = useTestApp({ definitionsRoot: judgingRoot() })
const FEE = FIXTURE_IDS['fee-default']
const OTHER = FIXTURE_IDS.qt2025
const TITLE = () => t.server.app.competitions.byId(FEE)!.title

type Who = 'admin' | 'organiser' | 'otherOrganiser' | 'judge' | 'designer'
const tokens = {} as Record<Who, string>
const k = () => t.server.app.db.kysely

/** The cast: A (paid, submitted, two works in two ranges), B (paid, submitted), C (paid, not
 * submitted), D (an e-mail account, submitted, not paid, visual), E (submitted, disqualified). */
const cast = {} as Record<
  'A' | 'B' | 'C' | 'D' | 'E',
  { userId: number; account: string; entryId: number; token: string }
>
const workOfA: number[] = []

const post = (url: string, body: object, who: Who = 'organiser') =>
  t.api.post(`/api${url}`, body, tokens[who])
const preview = (body: object, who: Who = 'organiser') =>
  post('/manage/messages/preview', { competitionId: FEE, ...body }, who)
const send = (body: object, who: Who = 'organiser') =>
  post('/manage/messages/send', { competitionId: FEE, ...body }, who)
/** As if the limits' windows had passed: another hour. */
const laterHour = () => k().deleteFrom('rate_limits').where('key', 'like', 'entrant-message:%').execute()

const idOf = async (account: string) =>
  (await k().selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id

async function inserted(account: string, range: string) {
  await insertUser(t.server.app, account, DEMO.password)
  const userId = await idOf(account)
  const workId = await insertSubmittedWork(t.server.app, FEE, userId, range, `作品${account.slice(-4)}`)
  const { registration_id } = await k()
    .selectFrom('competition_works')
    .select('registration_id')
    .where('id', '=', workId)
    .executeTakeFirstOrThrow()
  return { userId, account, entryId: registration_id, token: await t.api.login(account, DEMO.password) }
}

beforeAll(async () => {
  const app = t.server.app
  await storeSampleFiles(app)
  const staff = async (account: string, grant: Parameters<typeof grantRole>[3] | null) => {
    await insertUser(app, account, DEMO.password)
    if (grant) await grantRole(k(), null, await idOf(account), grant)
    return t.api.login(account, DEMO.password)
  }
  tokens.admin = await staff('13900000401', { role: 'admin' })
  tokens.organiser = await staff('13900000402', { role: 'organiser', competitionId: FEE })
  tokens.otherOrganiser = await staff('13900000403', { role: 'organiser', competitionId: OTHER })
  tokens.judge = await staff('13900000404', { role: 'judge', competitionId: FEE })
  tokens.designer = await staff('13900000405', null)
  cast.A = await submittedEntrant(app, t.api)
  cast.B = await submittedEntrant(app, t.api)
  cast.C = await submittedEntrant(app, t.api, { submit: false })
  cast.D = await inserted('entrant.d@example.com', 'visual')
  cast.E = await inserted('13900000499', 'product')
  await k()
    .updateTable('competition_registrations')
    .set({ moderation: 'disqualified', moderation_reason: '抄袭他人作品', moderated_at: nowIso() })
    .where('id', '=', cast.E.entryId)
    .execute()
  // A's second work, in another range: A is in both ranges, and twice in a round, yet one account.
  const first = await k()
    .selectFrom('competition_works')
    .selectAll()
    .where('registration_id', '=', cast.A.entryId)
    .executeTakeFirstOrThrow()
  const { id } = await k()
    .insertInto('competition_works')
    .values({
      ...first,
      id: undefined,
      base: JSON.stringify({ ...WORK_BASE, worksName: '第二件作品', range: 'visual' }),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  workOfA.push(first.id, id)
})

beforeEach(laterHour)

const TEXT = '请于本周五前到“我的赛事”核对作品信息，如有问题请联系组委会。'

describe('the filters and their counts (preview)', () => {
  it('counts one account per entrant for each filter, narrowed by range, without the disqualified', async () => {
    const count = async (filter: object) => {
      const res = await preview({ ...filter, text: TEXT })
      expect(res.code, JSON.stringify(res)).toBe(200)
      return res.data.recipients
    }
    expect(await count({ audience: 'all' })).toBe(5)
    expect(await count({ audience: 'paid' })).toBe(3)
    expect(await count({ audience: 'submitted' })).toBe(3)
    expect(await count({ audience: 'round', roundId: 'first' })).toBe(3)
    expect(await count({ audience: 'all', range: 'visual' })).toBe(2)
    expect(await count({ audience: 'submitted', range: 'visual' })).toBe(2)
    expect(await count({ audience: 'paid', range: 'visual' })).toBe(1)
    expect(await count({ audience: 'paid', range: WORK_BASE.range })).toBe(3)
    expect(await count({ audience: 'awarded' })).toBe(0)
  })

  it('reaches a returned entry with 全部报名者 and 已缴费 only, as judging leaves it out', async () => {
    const returned = await post('/manage/entry/return', {
      competitionId: FEE,
      entryId: cast.B.entryId,
      reason: '请补充作品说明',
    })
    expect(returned.code, JSON.stringify(returned)).toBe(200)
    try {
      const count = async (filter: object) => (await preview({ ...filter, text: TEXT })).data.recipients
      expect(await count({ audience: 'submitted' })).toBe(2)
      expect(await count({ audience: 'round', roundId: 'first' })).toBe(2)
      expect(await count({ audience: 'paid' })).toBe(3)
      expect(await count({ audience: 'all' })).toBe(5)
    } finally {
      // As if B had confirmed the entry again: the other tests count B as submitted.
      await k()
        .updateTable('competition_registrations')
        .set({ moderation: null, moderation_reason: null, finalised_at: nowIso() })
        .where('id', '=', cast.B.entryId)
        .execute()
    }
  })

  it('shows the exact texts: the 【咖簿网】 opening, the title, the subject (or 组委会通知)', async () => {
    const res = await preview({
      audience: 'submitted',
      range: 'visual',
      subject: ' 信息核对 ',
      text: ` ${TEXT}\n`,
    })
    expect(res.data).toEqual({
      recipients: 2,
      filterLabel: '已确认提交 · 参赛类别：视觉传达',
      smsText: `【咖簿网】“${TITLE()}”组委会：${TEXT}`,
      emailSubject: `${TITLE()}：信息核对`,
      emailText: `【咖簿网】“${TITLE()}”组委会：${TEXT}`,
      repeatOf: null,
    })
    const plain = await preview({ audience: 'round', roundId: 'first', text: TEXT })
    expect(plain.data).toMatchObject({
      emailSubject: `${TITLE()}：组委会通知`,
      filterLabel: '评审轮次“初评”中的作品',
    })
  })

  it('a preview sends nothing and writes nothing', async () => {
    const before = await outboxCounts()
    await preview({ audience: 'all', text: TEXT })
    expect(await outboxCounts()).toEqual(before)
    const audits = await k()
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'entrants.message')
      .execute()
    expect(audits).toEqual([])
  })
})

async function outboxCounts() {
  const count = async (table: 'sms_outbox' | 'email_outbox') =>
    Number(
      (
        await k()
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return { sms: await count('sms_outbox'), email: await count('email_outbox') }
}

describe('sending', () => {
  it('queues one message per account, records it for 我的赛事 and writes one audit entry', async () => {
    const before = await outboxCounts()
    const since = nowIso()
    const res = await send({
      audience: 'round',
      roundId: 'first',
      subject: '初评通知',
      text: TEXT,
      confirmCount: 3,
    })
    expect(res).toMatchObject({ code: 200, msg: '已发送给 3 位参赛者', data: { recipients: 3 } })
    // A (two works in the round) once, B once by text message; D by e-mail; E (disqualified) not at all.
    expect(await outboxCounts()).toEqual({ sms: before.sms + 2, email: before.email + 1 })
    const sms = await k()
      .selectFrom('sms_outbox')
      .select(['phone', 'body'])
      .where('created_at', '>=', since)
      .execute()
    expect(sms.map((m) => m.phone).sort()).toEqual([cast.A.account, cast.B.account].sort())
    expect(sms[0]!.body).toBe(`【咖簿网】“${TITLE()}”组委会：${TEXT}`)
    const mail = await k()
      .selectFrom('email_outbox')
      .select(['email', 'subject', 'body'])
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow()
    expect(mail).toEqual({ email: cast.D.account, subject: `${TITLE()}：初评通知`, body: sms[0]!.body })
    const audit = await k()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'entrants.message')
      .executeTakeFirstOrThrow()
    expect(audit.competition_id).toBe(FEE)
    expect(JSON.parse(audit.detail)).toEqual({
      filter: { audience: 'round', roundId: 'first' },
      filterLabel: '评审轮次“初评”中的作品',
      count: 3,
      subject: '初评通知',
      body: TEXT,
    })
    // The entrant sees it under their entry; E, not a recipient, does not.
    const mine = async (who: 'A' | 'E') =>
      (await t.api.get('/api/user/getCompetition', cast[who].token)).data.find(
        (c: { competitionId: number }) => c.competitionId === FEE,
      ).messages
    expect(await mine('A')).toEqual([{ subject: '初评通知', text: TEXT, sentAt: expect.any(String) }])
    expect(await mine('E')).toEqual([])
    // And the console lists it.
    const page = await t.api.get(`/api/manage/messages?competitionId=${FEE}`, tokens.organiser)
    expect(page.data.rounds).toEqual([
      { value: 'first', label: '初评' },
      { value: 'final', label: '终评' },
    ])
    expect(page.data.sent[0]).toMatchObject({
      filterLabel: '评审轮次“初评”中的作品',
      recipients: 3,
      subject: '初评通知',
    })
  })

  it('the awarded filter reaches published awards only, one message however many awards', async () => {
    await writeResultAwards(t.server.app, FEE, [
      {
        workId: workOfA[0]!,
        registrationId: cast.A.entryId,
        range: 'product',
        result: '90',
        rank: 1,
        award: { id: 'gold', title: '金奖' },
      },
      {
        workId: workOfA[1]!,
        registrationId: cast.A.entryId,
        range: 'visual',
        result: '88',
        rank: 1,
        award: { id: 'gold', title: '金奖' },
      },
    ])
    expect((await preview({ audience: 'awarded', text: TEXT })).data.recipients).toBe(0)
    expect((await send({ audience: 'awarded', text: TEXT, confirmCount: 0 })).msg).toBe(
      ENTRANT_MESSAGE_MSG.nobody,
    )
    await setPublication(t.server.app, FEE, 'published')
    expect((await preview({ audience: 'awarded', text: TEXT })).data.recipients).toBe(1)
    expect((await preview({ audience: 'awarded', range: 'visual', text: TEXT })).data.recipients).toBe(1)
    const before = await outboxCounts()
    expect(
      (await send({ audience: 'awarded', text: '恭喜获奖，颁奖典礼安排另行通知。', confirmCount: 1 })).code,
    ).toBe(200)
    expect(await outboxCounts()).toEqual({ ...before, sms: before.sms + 1 })
    await k().deleteFrom('result_publications').where('competition_id', '=', FEE).execute()
    await writeResultAwards(t.server.app, FEE, [])
  })

  it('refuses a count that is no longer the preview’s, and sends nothing', async () => {
    const before = await outboxCounts()
    const res = await send({ audience: 'all', text: TEXT, confirmCount: 4 })
    expect(res).toEqual({ code: 409, msg: ENTRANT_MESSAGE_MSG.countChanged(5) })
    expect(await outboxCounts()).toEqual(before)
    // The refused attempt did not use up the limits.
    expect((await send({ audience: 'all', text: TEXT, confirmCount: 5 })).code).toBe(200)
  })
})

describe('limits against mistakes', () => {
  const BURST = '明日上午 9 点起系统维护一小时，届时暂停提交。'

  it('the same text to the same filter again within the window needs a new confirmation (repeat)', async () => {
    expect((await send({ audience: 'paid', text: BURST, confirmCount: 3 })).code).toBe(200)
    await k().deleteFrom('rate_limits').where('key', 'like', 'entrant-message:gap:%').execute()
    const again = await preview({ audience: 'paid', text: BURST })
    expect(again.data.repeatOf).toEqual(expect.any(String))
    expect(await send({ audience: 'paid', text: BURST, confirmCount: 3 })).toEqual({
      code: 429,
      msg: ENTRANT_MESSAGE_MSG.sameMessage,
    })
    // Another filter, or a confirmation anew, may go.
    expect((await send({ audience: 'paid', text: BURST, confirmCount: 3, repeat: true })).code).toBe(200)
  })

  it('a burst of 10 sends at once: exactly one goes, on SQLite and PostgreSQL', async () => {
    const before = await outboxCounts()
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        send({ audience: 'submitted', text: `并发${i % 2}：${BURST}`, confirmCount: 3, repeat: i > 4 }),
      ),
    )
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1)
    for (const a of answers.filter((a) => a.code !== 200)) {
      expect(a.code).toBe(429)
      expect(a.msg).toMatch(/^刚刚已发送过一条消息，请 \d+ 秒后再发送$/)
    }
    expect(await outboxCounts()).toEqual({ sms: before.sms + 2, email: before.email + 1 })
    const messages = await k()
      .selectFrom('entrant_messages')
      .select('id')
      .where('text', 'like', '并发%')
      .execute()
    expect(messages).toHaveLength(1)
  })

  it(`at most ${MESSAGE_LIMITS.perHour} sends per competition an hour`, async () => {
    for (let i = 0; i < MESSAGE_LIMITS.perHour; i++) {
      await k().deleteFrom('rate_limits').where('key', 'like', 'entrant-message:gap:%').execute()
      expect((await send({ audience: 'all', text: `第 ${i + 1} 条`, confirmCount: 5 })).code).toBe(200)
    }
    await k().deleteFrom('rate_limits').where('key', 'like', 'entrant-message:gap:%').execute()
    const refused = await send({ audience: 'all', text: '再一条', confirmCount: 5 })
    expect(refused.code).toBe(429)
    expect(refused.msg).toMatch(/^本赛事一小时内最多发送 3 次消息，请 \d+ 分钟后再发送$/)
  })
})

describe('refusals', () => {
  it('an empty text, a text or subject over the limits, a bad round or range: each in its own words', async () => {
    const cases: Array<[object, string]> = [
      [{ audience: 'all', text: '   ' }, ENTRANT_MESSAGE_MSG.textEmpty],
      [{ audience: 'all', text: '长'.repeat(501) }, '正文不能超过 500 字（现为 501 字）'],
      [{ audience: 'all', text: TEXT, subject: '题'.repeat(61) }, '邮件主题不能超过 60 字（现为 61 字）'],
      [{ audience: 'round', text: TEXT }, AUDIENCE_MSG.roundMissing],
      [{ audience: 'round', roundId: 'nope', text: TEXT }, AUDIENCE_MSG.roundUnknown],
      [{ audience: 'all', range: 'nope', text: TEXT }, AUDIENCE_MSG.rangeUnknown],
    ]
    const before = await outboxCounts()
    for (const [body, msg] of cases) {
      expect(await preview(body), msg).toEqual({ code: 400, msg })
      expect(await send({ ...body, confirmCount: 5 }), msg).toEqual({ code: 400, msg })
    }
    // Exactly at the limits passes.
    expect((await preview({ audience: 'all', text: '长'.repeat(500), subject: '题'.repeat(60) })).code).toBe(
      200,
    )
    expect(await outboxCounts()).toEqual(before)
  })

  it('a judge, a designer and another competition’s organiser get 无权访问; an admin may send', async () => {
    for (const who of ['judge', 'designer', 'otherOrganiser'] as const) {
      expect(await preview({ audience: 'all', text: TEXT }, who)).toEqual({
        code: 403,
        msg: STAFF_MSG.forbidden,
      })
      expect(await send({ audience: 'all', text: TEXT, confirmCount: 5 }, who)).toEqual({
        code: 403,
        msg: STAFF_MSG.forbidden,
      })
      const page = await t.api.get(`/api/manage/messages?competitionId=${FEE}`, tokens[who])
      expect(page).toMatchObject({ code: 403, msg: STAFF_MSG.forbidden })
    }
    expect((await send({ audience: 'all', text: '管理员发送', confirmCount: 5 }, 'admin')).code).toBe(200)
  })

  it('a send from another site is refused, with a valid token', async () => {
    const res = await t.server.app.inject({
      method: 'POST',
      url: '/api/manage/messages/send',
      headers: {
        authorization: tokens.organiser,
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: { competitionId: FEE, audience: 'all', text: TEXT, confirmCount: 5 },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual({ code: 403, msg: '不接受来自其他网站的请求' })
  })
})
