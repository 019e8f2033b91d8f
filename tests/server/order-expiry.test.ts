import { beforeAll, describe, expect, it } from 'vitest'
import { PAY_STATUS } from '../../schemas/payment.ts'
import { closeExpiredOrders, ORDER_EXPIRY_QUEUE } from '../../server/services/payment/order-expiry.ts'
import type { SandboxPaymentProvider } from '../../server/services/payment/sandbox.ts'
import { FIXTURE_IDS, storeSampleFiles } from '../support/competitions.ts'
import { newPayer, paymentRows, registeredPayer } from '../support/payers.ts'
import { useTestApp } from '../support/use-test-app.ts'

/**
 * Issue 25 item 3: a QR or online order past its expiry is closed in the database by a background job
 * (queue orders-expire, every minute, one run for all instances), not only read as closed. Orders are
 * made through the API; the job's function is called with the `now` it would run at.
 */
const t = useTestApp()
const FEE_COMPETITION = FIXTURE_IDS['fee-default']

beforeAll(async () => {
  await storeSampleFiles(t.server.app)
})

const sandbox = () => t.server.app.paymentProvider as SandboxPaymentProvider

/** The order as stored: its status and expiry. */
const stored = (orderNumber: string) =>
  t.server.app.db.kysely
    .selectFrom('orders')
    .select(['id', 'status', 'expires_at', 'paid_at', 'provider_trade_no'])
    .where('order_number', '=', orderNumber)
    .executeTakeFirstOrThrow()

/** A moment `ms` after the order's expiry (negative: before it). */
const afterExpiry = async (orderNumber: string, ms: number) =>
  new Date(Date.parse((await stored(orderNumber)).expires_at) + ms)

/** Sends the provider's signed "paid" notice of a QR code's order, as its server would. */
async function notifyPaid(codeUrl: string, tradeNo: string) {
  const order = sandbox().readCashier(Object.fromEntries(new URL(codeUrl).searchParams))
  if (!order) throw new Error('the cashier link should verify')
  return t.server.app.inject({
    method: 'POST',
    url: '/api/pay/notify/sandbox',
    payload: sandbox().notice(order, 'paid', tradeNo),
  })
}

const payStatus = async (orderNumber: string, token: string) =>
  (await t.api.get(`/api/my/getPayStatus?orderNumber=${orderNumber}`, token)).data

describe('expired orders are closed by a background job (issue 25 item 3)', () => {
  it('the app registered the repeating job when it started', async () => {
    expect(await t.server.app.jobs.queued(ORDER_EXPIRY_QUEUE)).toBe(true)
  })

  it('closes in the database a pending QR order once its expiry has passed, not a moment before', async () => {
    const payer = await newPayer(t.server.app, t.api, 0)
    const qr = await t.api.post('/api/my/approve/2', {}, payer.token)
    expect(qr.data.status).toBe(PAY_STATUS.pending)
    const { orderNumber } = qr.data

    await closeExpiredOrders(t.server.app.db.kysely, await afterExpiry(orderNumber, -1))
    expect((await stored(orderNumber)).status).toBe(PAY_STATUS.pending)
    expect(await payStatus(orderNumber, payer.token)).toBe(PAY_STATUS.pending)

    // At its expiry, as effectiveStatus reads it.
    await closeExpiredOrders(t.server.app.db.kysely, await afterExpiry(orderNumber, 0))
    expect((await stored(orderNumber)).status).toBe(PAY_STATUS.closed)
    expect(await payStatus(orderNumber, payer.token)).toBe(PAY_STATUS.closed)
    expect((await t.api.get('/api/my/orders', payer.token)).rows).toEqual([
      expect.objectContaining({ orderNumber, status: PAY_STATUS.closed }),
    ])
  })

  it('closes an online order too, and leaves an order made since pending', async () => {
    const payer = await newPayer(t.server.app, t.api, 0)
    const online = await t.api.post('/api/my/approve/3', {}, payer.token)
    const fresh = await t.api.post('/api/my/approve/2', {}, payer.token)
    await t.server.app.db.kysely
      .updateTable('orders')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('order_number', '=', online.data.orderNumber)
      .execute()
    await closeExpiredOrders(t.server.app.db.kysely, new Date())
    expect((await stored(online.data.orderNumber)).status).toBe(PAY_STATUS.closed)
    expect((await stored(fresh.data.orderNumber)).status).toBe(PAY_STATUS.pending)
  })

  it('leaves paid orders as they are: by balance, and by QR', async () => {
    const payer = await newPayer(t.server.app, t.api, 29_800)
    const balance = await t.api.post('/api/my/approve/4', {}, payer.token)
    expect(balance.data.status).toBe(PAY_STATUS.success)
    const qr = await t.api.post('/api/my/approve/2', {}, payer.token)
    expect((await notifyPaid(qr.data.codeUrl, 'SBX-EXPIRY-PAID')).body).toBe('success')
    const before = [await stored(balance.data.orderNumber), await stored(qr.data.orderNumber)]
    const rows = await paymentRows(t.server.app, payer.userId)

    await closeExpiredOrders(t.server.app.db.kysely, await afterExpiry(qr.data.orderNumber, 3600_000))
    expect([await stored(balance.data.orderNumber), await stored(qr.data.orderNumber)]).toEqual(before)
    expect(await paymentRows(t.server.app, payer.userId)).toEqual(rows)
    expect(rows).toMatchObject({ paidOrders: 2 })
  })

  it('a paid notice that arrives after the job closed the order still settles it, exactly once', async () => {
    const payer = await newPayer(t.server.app, t.api, 0)
    const qr = await t.api.post('/api/my/approve/2', {}, payer.token)
    const { orderNumber } = qr.data
    await closeExpiredOrders(t.server.app.db.kysely, await afterExpiry(orderNumber, 60_000))
    expect((await stored(orderNumber)).status).toBe(PAY_STATUS.closed)
    const before = await paymentRows(t.server.app, payer.userId)
    expect(before).toMatchObject({ paidOrders: 0, ledger: 0, integral: 0 })
    expect(before.validUntil).toBeUndefined()

    // The provider took the money: the payer gets the year, however many times the notice comes.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => notifyPaid(qr.data.codeUrl, 'SBX-EXPIRY-LATE')),
    )
    expect(answers.map((a) => a.body)).toEqual(Array(5).fill('success'))
    const after = await paymentRows(t.server.app, payer.userId)
    expect(after).toMatchObject({ moneyFen: 0, paidOrders: 1, ledger: 3, integral: 298 })
    expect(after.validUntil).toEqual(expect.any(String))
    expect(await stored(orderNumber)).toMatchObject({
      status: PAY_STATUS.success,
      provider_trade_no: 'SBX-EXPIRY-LATE',
    })
    expect(await payStatus(orderNumber, payer.token)).toBe(PAY_STATUS.success)

    // The job running again changes nothing; nor does one more notice.
    await closeExpiredOrders(t.server.app.db.kysely, await afterExpiry(orderNumber, 120_000))
    expect((await notifyPaid(qr.data.codeUrl, 'SBX-EXPIRY-LATE')).body).toBe('success')
    expect(await paymentRows(t.server.app, payer.userId)).toEqual(after)
    expect((await stored(orderNumber)).status).toBe(PAY_STATUS.success)
  })

  it('an entry fee whose order was closed stays unpaid and can be paid again; the closed order paid late is a refund case', async () => {
    const payer = await registeredPayer(t.server.app, t.api, FEE_COMPETITION, 0)
    const k = t.server.app.db.kysely
    const registration = () =>
      k
        .selectFrom('competition_registrations')
        .select(['paid_order_id'])
        .where('user_id', '=', payer.userId)
        .where('competition_id', '=', FEE_COMPETITION)
        .executeTakeFirstOrThrow()

    const first = await t.api.post(
      '/api/tbCompetitionInfo/pay/2',
      { competitionId: FEE_COMPETITION },
      payer.token,
    )
    await closeExpiredOrders(k, await afterExpiry(first.data.orderNumber, 1000))
    expect((await stored(first.data.orderNumber)).status).toBe(PAY_STATUS.closed)
    expect(await registration()).toEqual({ paid_order_id: null })

    // Nothing was held by the closed order: a new one pays the fee.
    const second = await t.api.post(
      '/api/tbCompetitionInfo/pay/2',
      { competitionId: FEE_COMPETITION },
      payer.token,
    )
    expect((await notifyPaid(second.data.codeUrl, 'SBX-EXPIRY-FEE-2')).body).toBe('success')
    const secondId = (await stored(second.data.orderNumber)).id
    expect(await registration()).toEqual({ paid_order_id: secondId })

    // The first order's payment comes after all: settled, and its money is owed back.
    expect((await notifyPaid(first.data.codeUrl, 'SBX-EXPIRY-FEE-1')).body).toBe('success')
    expect((await stored(first.data.orderNumber)).status).toBe(PAY_STATUS.success)
    expect(await registration()).toEqual({ paid_order_id: secondId })
    const cases = await k
      .selectFrom('refund_cases')
      .select(['order_id', 'reason'])
      .where('user_id', '=', payer.userId)
      .execute()
    expect(cases).toEqual([
      { order_id: (await stored(first.data.orderNumber)).id, reason: 'duplicate_entry_fee' },
    ])
  })

  it('closes a backlog larger than a batch, batch by batch, and answers how many it closed', async () => {
    const k = t.server.app.db.kysely
    const payer = await newPayer(t.server.app, t.api, 0)
    const numbers: string[] = []
    for (let i = 0; i < 8; i++)
      numbers.push((await t.api.post('/api/my/approve/2', {}, payer.token)).data.orderNumber)
    const now = await afterExpiry(numbers.at(-1)!, 1)
    const due = async () =>
      Number(
        (
          await k
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('status', '=', PAY_STATUS.pending)
            .where('expires_at', '<=', now.toISOString())
            .executeTakeFirstOrThrow()
        ).n,
      )
    const backlog = await due()
    expect(backlog).toBeGreaterThanOrEqual(8)

    // Each batch is one short UPDATE of at most 3 rows.
    let updates = 0
    const counted = k.withPlugin({
      transformQuery: ({ node }) => {
        if (node.kind === 'UpdateQueryNode') updates += 1
        return node
      },
      transformResult: async ({ result }) => result,
    })
    expect(await closeExpiredOrders(counted, now, 3)).toBe(backlog)
    expect(updates).toBe(Math.ceil(backlog / 3))
    expect(await due()).toBe(0)
    const statuses = await k
      .selectFrom('orders')
      .select('status')
      .where('order_number', 'in', numbers)
      .execute()
    expect(statuses.map((o) => o.status)).toEqual(Array(8).fill(PAY_STATUS.closed))
    // Nothing left due: the run writes nothing.
    expect(await closeExpiredOrders(counted, now, 3)).toBe(0)
    expect(updates).toBe(Math.ceil(backlog / 3))
  })
})
