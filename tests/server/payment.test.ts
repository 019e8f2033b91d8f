import { describe, expect, it } from 'vitest'
import { PAY_MSG } from '../../schemas/payment.ts'
import { DEFAULT_CERT_FEE_FEN } from '../../server/config.ts'
import { addYears } from '../../server/services/certification.ts'
import type { SandboxPaymentProvider } from '../../server/services/payment/sandbox.ts'
import { newPayer, paymentRows } from '../support/payers.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp()
const FEE = DEFAULT_CERT_FEE_FEN

/** Opens the sandbox cashier from a QR code URL and presses one of its buttons, as a tester would. */
async function decideAtCashier(codeUrl: string, decision: 'pay' | 'cancel') {
  const url = new URL(codeUrl)
  const page = await t.server.app.inject({ url: url.pathname + url.search })
  const form = new URLSearchParams(url.search)
  form.set('decision', decision)
  const answer = await t.server.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  })
  return { page, answer }
}

const sandbox = () => t.server.app.paymentProvider as SandboxPaymentProvider

describe('certification payment (SPEC §2 Payment page, §4, §7 Payment)', () => {
  it('shows the demo designer the yearly fee, a valid certification, the balance and the points', async () => {
    const token = await t.api.login(DEMO.designer)
    const cert = await t.api.get('/api/my/getCertificate', token)
    expect(cert.data).toMatchObject({ approveMoney: '298.00', approveMoneyFen: FEE, validYears: 1 })
    expect(cert.data.certification).toMatchObject({
      status: 'valid',
      username: '陈思远',
      level: '注册设计师',
    })
    expect(cert.data.certification.number).toMatch(/^KBC\d{11}$/)
    const money = await t.api.get('/api/my/getUserMoney', token)
    expect(money.data).toEqual({ money: '1,280.00', moneyFen: 128_000, integral: 360 })
  })

  it('answers 403 without a token and refuses an unverified account', async () => {
    expect((await t.api.get('/api/my/getUserMoney')).code).toBe(403)
    expect((await t.api.post('/api/my/approve/4', {})).code).toBe(403)
    const newcomer = await t.api.login(DEMO.newcomer)
    expect(await t.api.post('/api/my/approve/4', {}, newcomer)).toEqual({
      code: 400,
      msg: PAY_MSG.realnameFirst,
    })
    expect((await t.api.post('/api/my/approve/9', {}, newcomer)).code).toBe(400)
    expect((await t.api.post('/api/my/approve/abc', {}, newcomer)).code).toBe(400)
  })

  it('pays by balance: debits the fee, adds points and a year, and writes the order and two ledger rows', async () => {
    const payer = await newPayer(t.server.app, t.api, FEE + 1)
    const paid = await t.api.post('/api/my/approve/4', { source: 'cert' }, payer.token)
    expect(paid).toMatchObject({ code: 200, msg: PAY_MSG.succeeded, data: { status: 3 } })
    const rows = await paymentRows(t.server.app, payer.userId)
    expect(rows).toMatchObject({ moneyFen: 1, integral: 298, orders: 1, paidOrders: 1, ledger: 2 })
    expect(
      (await t.api.get(`/api/my/getPayStatus?orderNumber=${paid.data.orderNumber}`, payer.token)).data,
    ).toBe(3)
  })

  it('refuses a balance below the fee and writes nothing', async () => {
    const payer = await newPayer(t.server.app, t.api, FEE - 1)
    const before = await paymentRows(t.server.app, payer.userId)
    expect(await t.api.post('/api/my/approve/4', {}, payer.token)).toEqual({
      code: 400,
      msg: PAY_MSG.balanceInsufficient,
    })
    expect(await paymentRows(t.server.app, payer.userId)).toEqual(before)
  })

  it('lets exactly 3 of 50 concurrent balance payments through a balance that covers 3', async () => {
    const payer = await newPayer(t.server.app, t.api, FEE * 3 + FEE - 1)
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => t.api.post('/api/my/approve/4', {}, payer.token)),
    )
    expect(answers.filter((a) => a.code === 200)).toHaveLength(3)
    expect(answers.filter((a) => a.code === 400 && a.msg === PAY_MSG.balanceInsufficient)).toHaveLength(47)
    const rows = await paymentRows(t.server.app, payer.userId)
    expect(rows).toMatchObject({ moneyFen: FEE - 1, orders: 3, paidOrders: 3, ledger: 6, integral: 3 * 298 })
    // Three periods, none lost to the race: the expiry is three years after the first payment.
    const cert = await t.api.get('/api/my/getCertificate', payer.token)
    const { validFrom, validUntil } = cert.data.certification
    expect(validUntil).toBe(addYears(new Date(validFrom), 3).toISOString())
  })

  it('pays by QR through the sandbox cashier, and the renewal adds a year to the current expiry', async () => {
    const payer = await newPayer(t.server.app, t.api, FEE)
    await t.api.post('/api/my/approve/4', {}, payer.token)
    const firstUntil = (await paymentRows(t.server.app, payer.userId)).validUntil as string

    const qr = await t.api.post('/api/my/approve/2', { source: 'cert' }, payer.token)
    expect(qr.data.status).toBe(1)
    expect(qr.data.codeUrl).toMatch(/^http:\/\/localhost(:\d+)?\/api\/sandbox\/cashier\?/)
    const status = () => t.api.get(`/api/my/getPayStatus?orderNumber=${qr.data.orderNumber}`, payer.token)
    expect((await status()).data).toBe(1)

    const { page, answer } = await decideAtCashier(qr.data.codeUrl, 'pay')
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('¥298.00')
    expect(answer.body).toContain('支付成功')
    expect((await status()).data).toBe(3)
    const rows = await paymentRows(t.server.app, payer.userId)
    // Not from today: one year after the expiry the first payment gave.
    expect(rows.validUntil).toBe(addYears(new Date(firstUntil), 1).toISOString())
    // Balance: a debit and points. QR: money in and out again, and points.
    expect(rows).toMatchObject({ moneyFen: 0, paidOrders: 2, ledger: 5, integral: 2 * 298 })
    const money = await t.server.app.db.kysely
      .selectFrom('ledger')
      .select(['amount', 'balance_after'])
      .where('user_id', '=', payer.userId)
      .where('kind', '=', 'money')
      .orderBy('id')
      .execute()
    // The money rows add up to the balance's change, and each one's balance follows from the last.
    expect(money.reduce((sum, r) => sum + r.amount, 0)).toBe(-FEE)
    let balance = FEE
    for (const r of money) {
      balance += r.amount
      expect(r.balance_after).toBe(balance)
    }
  })

  it('pays online through a provider form whose fields lead to the same cashier', async () => {
    const payer = await newPayer(t.server.app, t.api, 0)
    const online = await t.api.post('/api/my/approve/3', {}, payer.token)
    expect(online.data.body).toMatch(
      /^<form name="punchout_form" method="get" action="http:\/\/localhost[^"]*\/api\/sandbox\/cashier">/,
    )
    const fields = [...(online.data.body as string).matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(
      ([, name, value = '']) => [name, value.replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c)))],
    )
    const url = `http://localhost/api/sandbox/cashier?${new URLSearchParams(fields as [string, string][])}`
    const { answer } = await decideAtCashier(url, 'pay')
    expect(answer.body).toContain('返回咖簿网')
    expect(answer.body).toContain('/mine?change=Info')
    expect(
      (await t.api.get(`/api/my/getPayStatus?orderNumber=${online.data.orderNumber}`, payer.token)).data,
    ).toBe(3)
  })

  it('closes an order the tester cancels, and one past its expiry', async () => {
    const payer = await newPayer(t.server.app, t.api, 0)
    const qr = await t.api.post('/api/my/approve/2', {}, payer.token)
    await decideAtCashier(qr.data.codeUrl, 'cancel')
    expect(
      (await t.api.get(`/api/my/getPayStatus?orderNumber=${qr.data.orderNumber}`, payer.token)).data,
    ).toBe(5)

    const late = await t.api.post('/api/my/approve/2', {}, payer.token)
    await t.server.app.db.kysely
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('order_number', '=', late.data.orderNumber)
      .execute()
    expect(
      (await t.api.get(`/api/my/getPayStatus?orderNumber=${late.data.orderNumber}`, payer.token)).data,
    ).toBe(5)
    expect((await paymentRows(t.server.app, payer.userId)).paidOrders).toBe(0)
  })

  it('applies a repeated notify once, even when the repeats arrive together', async () => {
    const payer = await newPayer(t.server.app, t.api, 0)
    const qr = await t.api.post('/api/my/approve/2', {}, payer.token)
    const order = sandbox().readCashier(Object.fromEntries(new URL(qr.data.codeUrl).searchParams))
    if (!order) throw new Error('the cashier link should verify')
    const notice = sandbox().notice(order, 'paid', 'SBX-REPEAT')
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.server.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload: notice }),
      ),
    )
    expect(answers.map((a) => a.body)).toEqual(Array(10).fill('success'))
    const once = await paymentRows(t.server.app, payer.userId)
    expect(once).toMatchObject({ paidOrders: 1, ledger: 3, integral: 298 })
    await t.server.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload: notice })
    expect(await paymentRows(t.server.app, payer.userId)).toEqual(once)
  })

  it('refuses forged notifies and tampered cashier links, changing nothing', async () => {
    const payer = await newPayer(t.server.app, t.api, 0)
    const qr = await t.api.post('/api/my/approve/2', {}, payer.token)
    const order = sandbox().readCashier(Object.fromEntries(new URL(qr.data.codeUrl).searchParams))
    if (!order) throw new Error('the cashier link should verify')
    const before = await paymentRows(t.server.app, payer.userId)
    const genuine = sandbox().notice(order, 'paid', 'SBX-FORGED')
    const forgeries = [
      { ...genuine, sign: 'f'.repeat(64) },
      { ...genuine, amountFen: '1' },
      { ...genuine, orderNumber: 'KB20260101000000000000' },
      { ...genuine, sign: undefined },
      sandbox().notice({ ...order, amountFen: 1 }, 'paid', 'SBX-CHEAP'),
    ]
    for (const payload of forgeries) {
      const answer = await t.server.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload })
      expect(answer.json().code, JSON.stringify(payload)).toBe(400)
    }
    expect(await paymentRows(t.server.app, payer.userId)).toEqual(before)

    const tampered = new URL(qr.data.codeUrl)
    tampered.searchParams.set('amountFen', '1')
    const { page, answer } = await decideAtCashier(tampered.toString(), 'pay')
    expect(page.body).toContain('链接无效')
    expect(answer.body).toContain('链接无效')
    expect(await paymentRows(t.server.app, payer.userId)).toEqual(before)
  })

  it('never shows one user’s order status to another', async () => {
    const payer = await newPayer(t.server.app, t.api, 0)
    const qr = await t.api.post('/api/my/approve/2', {}, payer.token)
    const other = await t.api.login(DEMO.designer)
    expect(await t.api.get(`/api/my/getPayStatus?orderNumber=${qr.data.orderNumber}`, other)).toEqual({
      code: 404,
      msg: PAY_MSG.orderNotFound,
    })
  })
})
