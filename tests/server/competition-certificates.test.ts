import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatBeijingDate } from '../../schemas/beijing-time.ts'
import { CERTIFICATE_MSG } from '../../server/routes/competition-certificates.ts'
import { MANAGE_CERTIFICATE_MSG } from '../../server/routes/manage-certificates.ts'
import { POST_MSG, shippedMessage } from '../../server/services/competition/certificate-posts.ts'
import type { SandboxPaymentProvider } from '../../server/services/payment/sandbox.ts'
import { grantRole, STAFF_MSG } from '../../server/services/staff/roles.ts'
import { apiOf } from '../support/api-client.ts'
import { confirmedEntrant, readCertificatePdf } from '../support/certificates.ts'
import {
  definitionsRoot,
  fixture,
  phasesAt,
  storeSampleFiles,
  writeDefinition,
  writtenYear,
} from '../support/competitions.ts'
import { newPayer } from '../support/payers.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * Competition certificates (issue 24 items 8, 9 and 10): issued numbers, the PDF, the public check,
 * re-issue, and posting the paper copy with postage, shipping and the entrant's message.
 */
const PAID = 9001
const FREE = 9011
const NUMBER = /^KBS\d{4}-[2-9A-HJKMNP-Z]{8}$/
const FREE_TITLE = '2026 测试免邮费设计大赛'

const definitions = (stage: 'registering' | 'finished') => ({
  'fee-default': fixture('fee-default', { phases: phasesAt(stage) }),
  'free-post': fixture('fee-default', {
    competitionId: FREE,
    title: FREE_TITLE,
    phases: phasesAt(stage),
    certificate: {
      template: 'modern',
      issuer: '测试免邮费大赛组委会',
      participationBody: '{entrant}：感谢你以《{work}》参加{competition}。证书编号 {number}。',
      freePostage: true,
    },
  }),
})

const root = definitionsRoot(definitions('registering'))
let server: Awaited<ReturnType<typeof createTestApp>>
let api: ReturnType<typeof apiOf>
type Entrant = Awaited<ReturnType<typeof confirmedEntrant>>
const entrants: Entrant[] = []
let freeEntrant: Entrant
let organiser: string
let otherOrganiser: string

beforeAll(async () => {
  server = await createTestApp({ definitionsRoot: root })
  api = apiOf(server.app)
  await storeSampleFiles(server.app)
  // Entries are confirmed while submission is open; then the results time passes (the files change
  // and the registry reloads, as it does when staff edit a definition).
  for (let i = 0; i < 7; i++) entrants.push(await confirmedEntrant(server.app, api, PAID))
  freeEntrant = await confirmedEntrant(server.app, api, FREE)
  for (const [slug, definition] of Object.entries(definitions('finished')))
    writeDefinition(root, slug, definition)
  expect((await server.app.definitionReloads.request({ source: 'cli', actorId: null })).ok).toBe(true)
  const k = server.app.db.kysely
  const staff = async (competitionId: number) => {
    const someone = await newPayer(server.app, api, 0)
    await grantRole(k, null, someone.userId, { role: 'organiser', competitionId })
    return someone.token
  }
  organiser = await staff(PAID)
  otherOrganiser = await staff(FREE)
}, 120_000)
afterAll(() => server?.close())

const certificateOf = (token: string, competitionId = PAID) =>
  api.get(`/api/tbCompetitionInfo/getUserCertificate?competitionId=${competitionId}`, token)
const verify = (number: string) =>
  api.get(`/api/tbCompetitionInfo/certificate/verify?number=${encodeURIComponent(number)}`)
const pdfOf = (token: string | undefined, competitionId = PAID) =>
  server.app.inject({
    url: `/api/tbCompetitionInfo/getUserCertificate/pdf?competitionId=${competitionId}`,
    headers: token ? { authorization: token } : {},
  })
const addressOf = async (token: string) => {
  const added = await api.post(
    '/api/address/insert',
    { userName: '陈思远', phone: '13800000001', cityId: '320505', address: '青石路 1 号（演示地址）' },
    token,
  )
  expect(added.code).toBe(200)
  return (await api.get('/api/address/list', token)).data[0].id as number
}

describe('issuing', () => {
  it('the first request issues one KBS number with the entry’s names; a burst of first requests stores one', async () => {
    const [a] = entrants
    const burst = await Promise.all(Array.from({ length: 8 }, () => certificateOf(a!.token)))
    const numbers = new Set(burst.map((r) => r.data.number))
    expect(numbers.size).toBe(1)
    const [cert] = burst
    expect(cert.data).toMatchObject({
      name: '陈思远',
      competitionId: PAID,
      works: ['折叠式城市共享座椅'],
      coAuthors: ['林晓雨', '周可'],
      advisers: ['陈思远'],
      award: null,
      postageFen: 1500,
      freePostage: false,
    })
    expect(cert.data.number).toMatch(NUMBER)
    expect(cert.data.verifyUrl).toMatch(new RegExp(`/cert/verify\\?number=${cert.data.number}$`))
    const rows = await server.app.db.kysely
      .selectFrom('competition_certificates')
      .select('number')
      .where('user_id', '=', a!.userId)
      .execute()
    expect(rows).toEqual([{ number: cert.data.number }])
    expect((await certificateOf(a!.token)).data.number).toBe(cert.data.number)
  })

  it('answers no certificate to a user without a confirmed entry, and 403 to a visitor', async () => {
    const other = await newPayer(server.app, api, 0)
    expect(await certificateOf(other.token)).toEqual({ code: 400, msg: '未确认提交参赛作品，没有参赛证书' })
    expect((await certificateOf('')).code).toBe(403)
  })
})

describe('the PDF', () => {
  it('is an A4 PDF with the merge fields filled in Chinese, and a QR code of the verification page', async () => {
    const [, b] = entrants
    const cert = (await certificateOf(b!.token)).data
    const res = await pdfOf(b!.token)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toContain(`certificate-${cert.number}.pdf`)
    const { text, qr } = await readCertificatePdf(res.rawPayload)
    const flat = text.replace(/\s+/g, '')
    for (const expected of [
      '参赛证书',
      '陈思远',
      '林晓雨、周可',
      '陈思远',
      '《折叠式城市共享座椅》',
      '2026测试工业设计大赛',
      cert.number,
      formatBeijingDate(cert.issuedAt),
      '颁发单位：测试设计协会',
    ])
      expect(flat).toContain(expected.replace(/\s+/g, ''))
    expect(qr).toBe(cert.verifyUrl)
    // Kept: the second download is the same bytes.
    expect((await pdfOf(b!.token)).rawPayload.equals(res.rawPayload)).toBe(true)
  })

  it('uses the definition’s template, issuer and body', async () => {
    const cert = (await certificateOf(freeEntrant.token, FREE)).data
    const res = await pdfOf(freeEntrant.token, FREE)
    const { text, qr } = await readCertificatePdf(res.rawPayload)
    const flat = text.replace(/\s+/g, '')
    expect(flat).toContain(
      `陈思远：感谢你以《折叠式城市共享座椅》参加${FREE_TITLE.replace(/\s+/g, '')}。证书编号${cert.number}。`,
    )
    expect(flat).toContain('颁发单位：测试免邮费大赛组委会')
    expect(qr).toBe(cert.verifyUrl)
  })

  it('is refused to a visitor and to a user without a certificate', async () => {
    expect((await pdfOf(undefined)).json().code).toBe(403)
    const other = await newPayer(server.app, api, 0)
    expect((await pdfOf(other.token)).json()).toEqual({ code: 400, msg: '未确认提交参赛作品，没有参赛证书' })
  })
})

describe('public verification', () => {
  it('says what a genuine number certifies, with no contact details', async () => {
    const [a] = entrants
    const cert = (await certificateOf(a!.token)).data
    const answer = await verify(cert.number.toLowerCase())
    expect(answer).toEqual({
      code: 200,
      msg: expect.any(String),
      data: {
        number: cert.number,
        entrant: '陈思远',
        coAuthors: ['林晓雨', '周可'],
        advisers: ['陈思远'],
        competitionTitle: '2026 测试工业设计大赛',
        year: writtenYear(definitions('finished')['fee-default']),
        works: ['折叠式城市共享座椅'],
        award: null,
        issuedAt: cert.issuedAt,
        supersededAt: null,
        currentNumber: null,
      },
    })
    expect(JSON.stringify(answer)).not.toMatch(/1370000000|qinghe@|phone/)
  })

  it('finds no forged or malformed number', async () => {
    const notFound = { code: 404, msg: CERTIFICATE_MSG.notFound }
    expect(await verify('KBS2026-ABCDEFGH')).toEqual(notFound)
    expect(await verify('KBC20260000001')).toEqual(notFound)
    expect(await verify('not a number')).toEqual(notFound)
  })
})

describe('re-issue (organisers)', () => {
  const reissue = (token: string, body: object) =>
    api.post('/api/manage/certificates/reissue', { competitionId: PAID, ...body }, token)

  it('gives a new number after a correction; the old one verifies as superseded; an audit entry records it', async () => {
    const [, , c] = entrants
    const old = (await certificateOf(c!.token)).data
    const k = server.app.db.kysely
    // The correction: a co-author's name as the organiser fixed it in the work (the entrant's own name
    // is their verified one, which does not change).
    const work = await k
      .selectFrom('competition_works')
      .select(['id', 'info'])
      .where('user_id', '=', c!.userId)
      .where('competition_id', '=', PAID)
      .executeTakeFirstOrThrow()
    const info = JSON.parse(work.info!)
    info.teamMembers[1].name = '周可欣'
    await k
      .updateTable('competition_works')
      .set({ info: JSON.stringify(info) })
      .where('id', '=', work.id)
      .execute()
    expect((await certificateOf(c!.token)).data.coAuthors).toEqual(['林晓雨', '周可'])
    const done = await reissue(organiser, { account: c!.account, reason: '更正合作作者姓名' })
    expect(done).toEqual({
      code: 200,
      msg: MANAGE_CERTIFICATE_MSG.reissued,
      data: { number: expect.stringMatching(NUMBER), previous: old.number },
    })
    const fresh = (await certificateOf(c!.token)).data
    expect(fresh).toMatchObject({ number: done.data.number, name: '陈思远', coAuthors: ['林晓雨', '周可欣'] })
    expect((await verify(old.number)).data).toMatchObject({
      coAuthors: ['林晓雨', '周可'],
      supersededAt: expect.any(String),
      currentNumber: done.data.number,
    })
    expect((await verify(done.data.number)).data).toMatchObject({
      coAuthors: ['林晓雨', '周可欣'],
      supersededAt: null,
      currentNumber: null,
    })
    const audit = await k
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'certificate.reissue')
      .where('target_id', '=', done.data.number)
      .execute()
    expect(audit).toHaveLength(1)
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({
      reason: '更正合作作者姓名',
      before: { number: old.number, coAuthors: ['林晓雨', '周可'] },
      after: { number: done.data.number, coAuthors: ['林晓雨', '周可欣'] },
    })
    // A burst of re-issues of the number the organiser saw: one wins, the others are told it has just been done.
    const burst = await Promise.all(
      Array.from({ length: 3 }, () =>
        reissue(organiser, { account: c!.account, reason: '并发更正', number: done.data.number }),
      ),
    )
    expect(burst.filter((r) => r.code === 200)).toHaveLength(1)
    for (const r of burst.filter((x) => x.code !== 200))
      expect(r).toEqual({ code: 400, msg: MANAGE_CERTIFICATE_MSG.concurrent })
    // A second re-issue supersedes the second number; the first still leads to the current one.
    const again = await reissue(organiser, { account: c!.account, reason: '再次更正' })
    expect((await verify(old.number)).data.currentNumber).toBe(again.data.number)
  })

  it('is refused to an organiser of another competition, and for an entrant without a certificate', async () => {
    const [, , , d] = entrants
    expect(await reissue(otherOrganiser, { account: d!.account, reason: '更正' })).toEqual({
      code: 403,
      msg: STAFF_MSG.forbidden,
    })
    expect(await reissue(organiser, { account: d!.account, reason: '更正' })).toEqual({
      code: 400,
      msg: MANAGE_CERTIFICATE_MSG.noCertificate,
    })
    expect((await reissue(organiser, { account: d!.account, reason: '   ' })).code).toBe(400)
  })
})

describe('the issued certificates (organisers)', () => {
  const listOf = (token: string, query = '') =>
    api.get(`/api/manage/certificates?competitionId=${PAID}${query}`, token)

  it('lists them newest first, a superseded number with its successor and the reason; paged and by account', async () => {
    const e = entrants[4]!
    const first = (await certificateOf(e.token)).data
    const done = await api.post(
      '/api/manage/certificates/reissue',
      { competitionId: PAID, account: e.account, reason: '更正作品名称' },
      organiser,
    )
    expect(done.code).toBe(200)
    const mine = await listOf(organiser, `&account=${e.account}`)
    expect(mine).toMatchObject({ code: 200, total: 2 })
    expect(mine.rows).toEqual([
      {
        number: done.data.number,
        account: e.account,
        entrant: first.name,
        award: null,
        issuedAt: expect.any(String),
        current: true,
        supersededAt: null,
        supersededBy: null,
        reason: null,
      },
      {
        number: first.number,
        account: e.account,
        entrant: first.name,
        award: null,
        issuedAt: expect.any(String),
        current: false,
        supersededAt: expect.any(String),
        supersededBy: done.data.number,
        reason: '更正作品名称',
      },
    ])
    const stored = await server.app.db.kysely
      .selectFrom('competition_certificates')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('competition_id', '=', PAID)
      .executeTakeFirstOrThrow()
    const page = await listOf(organiser, '&pageSize=1&pageNum=1')
    expect(page.total).toBe(Number(stored.n))
    expect(page.rows).toHaveLength(1)
    expect(page.rows[0].number).toBe(done.data.number)
  })

  it('is refused to an organiser of another competition and to an entrant', async () => {
    expect(await listOf(otherOrganiser)).toEqual({ code: 403, msg: STAFF_MSG.forbidden })
    expect(await listOf(entrants[0]!.token)).toEqual({ code: 403, msg: STAFF_MSG.forbidden })
  })
})

describe('postal delivery', () => {
  const request = (token: string, body: object) =>
    api.post('/api/logistics/competitionCertificate', { competitionId: PAID, ...body }, token)
  const ship = (token: string, body: object) =>
    api.post('/api/manage/certificates/ship', { competitionId: PAID, ...body }, token)
  const moneyOf = async (userId: number) =>
    (
      await server.app.db.kysely
        .selectFrom('users')
        .select('money_fen')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).money_fen

  it('postage is paid once through the payment service, even in a burst; free posting only where the definition allows', async () => {
    const [, , , , e] = entrants
    const addressId = await addressOf(e!.token)
    // A burst of the same request stores one posting request.
    const asks = await Promise.all(Array.from({ length: 5 }, () => request(e!.token, { addressId })))
    expect(asks.every((r) => r.code === 200)).toBe(true)
    const rows = await server.app.db.kysely
      .selectFrom('competition_certificate_posts')
      .select('id')
      .where('user_id', '=', e!.userId)
      .execute()
    expect(rows).toHaveLength(1)
    const asked = await request(e!.token, { addressId })
    expect(asked).toMatchObject({
      code: 200,
      data: { post: { status: 'requested', postage: '15.00', address: { userName: '陈思远' } } },
    })
    expect(
      await api.get(
        `/api/logistics/competitionCertificateNoPay?competitionId=${PAID}&addressId=${addressId}`,
        e!.token,
      ),
    ).toEqual({ code: 400, msg: POST_MSG.notFree })
    // Someone else's address is not found.
    const stranger = await newPayer(server.app, api, 0)
    const strangerAddress = await addressOf(stranger.token)
    expect((await request(e!.token, { addressId: strangerAddress })).code).toBe(404)

    const before = await moneyOf(e!.userId)
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => request(e!.token, { addressId, method: 4 })),
    )
    const paid = burst.filter((r) => r.data?.payment?.status === 3)
    expect(paid).toHaveLength(1)
    for (const r of burst.filter((x) => x !== paid[0]))
      expect(r.code === 200 ? r.data.post.status : r.msg).toMatch(/paid|邮费已支付/)
    expect(before - (await moneyOf(e!.userId))).toBe(1500)
    const orders = await server.app.db.kysely
      .selectFrom('orders')
      .select(['product', 'status', 'amount_fen'])
      .where('user_id', '=', e!.userId)
      .where('product', '=', 'postage')
      .execute()
    expect(orders).toEqual([{ product: 'postage', status: 3, amount_fen: 1500 }])
    const [mine] = (await api.get('/api/logistics/competitionCertificateNoPay', e!.token)).data
    expect(mine).toMatchObject({ status: 'paid', postagePaid: true, orderNumber: expect.any(String) })

    const freeAddress = await addressOf(freeEntrant.token)
    const free = await api.get(
      `/api/logistics/competitionCertificateNoPay?competitionId=${FREE}&addressId=${freeAddress}`,
      freeEntrant.token,
    )
    expect(free).toMatchObject({
      code: 200,
      data: [{ status: 'paid', postage: '0.00', competitionTitle: FREE_TITLE }],
    })
  })

  it('postage paid twice by QR: the first order marks the request paid, the second becomes a refund case; no certification is bought', async () => {
    const [, , , , , , g] = entrants
    const addressId = await addressOf(g!.token)
    const qrs = [
      await request(g!.token, { addressId, method: 2 }),
      await request(g!.token, { addressId, method: 2 }),
    ]
    const sandbox = server.app.paymentProvider as SandboxPaymentProvider
    const notify = async (codeUrl: string, tradeNo: string) => {
      const order = sandbox.readCashier(Object.fromEntries(new URL(codeUrl).searchParams))
      if (!order) throw new Error('the cashier link should verify')
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/pay/notify/sandbox',
        payload: sandbox.notice(order, 'paid', tradeNo),
      })
      expect(res.body).toBe('success')
    }
    for (const [i, qr] of qrs.entries()) {
      expect(qr.data.payment).toMatchObject({ status: 1, codeUrl: expect.any(String) })
      await notify(qr.data.payment.codeUrl, `SBX-POSTAGE-${i}`)
    }
    const [mine] = (
      await api.get(`/api/logistics/competitionCertificateNoPay?competitionId=${PAID}`, g!.token)
    ).data
    expect(mine).toMatchObject({ status: 'paid', orderNumber: qrs[0]!.data.payment.orderNumber })
    const k = server.app.db.kysely
    const cases = await k
      .selectFrom('refund_cases')
      .select('reason')
      .where('user_id', '=', g!.userId)
      .execute()
    expect(cases).toEqual([{ reason: 'duplicate_postage' }])
    const certification = await k
      .selectFrom('certifications')
      .select('user_id')
      .where('user_id', '=', g!.userId)
      .executeTakeFirst()
    expect(certification).toBeUndefined()
    // 我的订单 names what the order paid for.
    const orders = (await api.get('/api/my/orders', g!.token)).rows as Array<{ subject: string }>
    expect(orders.map((o) => o.subject)).toContain('2026 测试工业设计大赛 证书邮寄费')
  })

  it('organisers list the requests and mark one shipped once in a burst; the entrant is told and sees the tracking number', async () => {
    const [, , , , e, f, g] = entrants
    // f asked but has not paid: it cannot be marked shipped.
    await request(f!.token, { addressId: await addressOf(f!.token) })
    expect(
      await ship(organiser, { account: f!.account, carrier: '顺丰速运', trackingNumber: 'SF100200300' }),
    ).toEqual({
      code: 400,
      msg: POST_MSG.unpaid,
    })
    const list = await api.get(`/api/manage/certificates/posts?competitionId=${PAID}&status=paid`, organiser)
    // Paid, oldest first: e (balance) and g (QR) above; f has not paid.
    expect(list.data.map((p: { account: string }) => p.account)).toEqual([e!.account, g!.account])
    expect(list.data[0]).toMatchObject({
      entrant: '陈思远',
      certificateNumber: expect.stringMatching(NUMBER),
    })
    expect((await api.get(`/api/manage/certificates/posts?competitionId=${PAID}`, otherOrganiser)).code).toBe(
      403,
    )

    const body = { account: e!.account, carrier: '顺丰速运', trackingNumber: 'SF1234567890' }
    const burst = await Promise.all(Array.from({ length: 4 }, () => ship(organiser, body)))
    expect(burst.every((r) => r.code === 200)).toBe(true)
    expect(burst.filter((r) => r.msg === MANAGE_CERTIFICATE_MSG.shipped)).toHaveLength(1)
    const k = server.app.db.kysely
    const audit = await k
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'certificate.ship')
      .execute()
    expect(audit).toHaveLength(1)
    const texts = await k.selectFrom('sms_outbox').select('body').where('phone', '=', e!.account).execute()
    expect(texts.map((t) => t.body)).toEqual([
      shippedMessage('2026 测试工业设计大赛', '顺丰速运', 'SF1234567890'),
    ])
    const [mine] = (await api.get('/api/logistics/competitionCertificateNoPay', e!.token)).data
    expect(mine).toMatchObject({ status: 'shipped', carrier: '顺丰速运', trackingNumber: 'SF1234567890' })
    // Shipped: the address can no longer change.
    expect(await request(e!.token, { addressId: await addressOf(e!.token) })).toEqual({
      code: 400,
      msg: POST_MSG.shipped,
    })
    expect((await ship(organiser, { ...body, trackingNumber: 'bad number!' })).code).toBe(400)
  })
})

describe('the certificate block in a definition', () => {
  it('stops the start with file, path and reason for an unknown merge field or template', async () => {
    const bad = definitionsRoot({
      typo: fixture('fee-default', {
        competitionId: 9120,
        certificate: { template: 'fancy', body: '兹证明 {entrant} 获得 {awrd}。' },
      }),
    })
    const start = createTestApp({ definitionsRoot: bad })
    await expect(start).rejects.toThrow(
      /competitions\/typo\.json {2}certificate\.template {2}只能是："classic"、"modern"/,
    )
    await expect(start).rejects.toThrow(
      /competitions\/typo\.json {2}certificate\.body {2}不认识的替换字段“\{awrd\}”（是不是想写“award”？）/,
    )
  })
})
