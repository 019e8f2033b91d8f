import { beforeAll, describe, expect, it } from 'vitest'
import type { SandboxPaymentProvider } from '../../server/services/payment/sandbox.ts'
import { FIXTURE_IDS, storeSampleFiles } from '../support/competitions.ts'
import { newPayer, registeredPayer as registerPayer } from '../support/payers.ts'
import { useTestApp } from '../support/use-test-app.ts'

/**
 * Issue 22 item 7: an entry-fee order names its competition in /mine 我的订单 and 我的账户, and a payment
 * from outside (QR, online) reads as one payment in the bill, not money in and out again.
 */
const t = useTestApp()
const FEE = FIXTURE_IDS['fee-default']
const TITLE = '2026 测试工业设计大赛'
const FEE_FEN = 30_000

beforeAll(async () => {
  await storeSampleFiles(t.server.app)
})

const sandbox = () => t.server.app.paymentProvider as SandboxPaymentProvider

/** Pays a QR code's order as the sandbox cashier's notify does. */
async function payQr(codeUrl: string, tradeNo: string) {
  const order = sandbox().readCashier(Object.fromEntries(new URL(codeUrl).searchParams))
  if (!order) throw new Error('the cashier link should verify')
  const answer = await t.server.app.inject({
    method: 'POST',
    url: '/api/pay/notify/sandbox',
    payload: sandbox().notice(order, 'paid', tradeNo),
  })
  expect(answer.body).toBe('success')
}

/** A verified payer registered for the fee-default competition. */
const registeredPayer = (moneyFen: number) => registerPayer(t.server.app, t.api, FEE, moneyFen)

describe('entry-fee orders and bills name the competition (issue 22 item 7)', () => {
  it('a QR payment: the order reads “<title> 报名费”, the bill has one payment line and the balance stays', async () => {
    const payer = await registeredPayer(5_000)
    const qr = await t.api.post('/api/tbCompetitionInfo/pay/2', { competitionId: FEE }, payer.token)
    await payQr(qr.data.codeUrl, 'SBX-NAMED-QR')

    const orders = await t.api.get('/api/my/orders', payer.token)
    expect(orders.rows).toEqual([
      expect.objectContaining({ subject: `${TITLE} 报名费`, amountFen: FEE_FEN, method: 2, status: 3 }),
    ])
    const money = await t.api.get('/api/my/bills?kind=money', payer.token)
    expect(money.total).toBe(1)
    expect(money.rows).toEqual([
      expect.objectContaining({
        amount: -FEE_FEN,
        balanceAfter: 5_000,
        memo: `支付 ${TITLE} 报名费（微信扫码支付）`,
      }),
    ])
    const points = await t.api.get('/api/my/bills?kind=integral', payer.token)
    expect(points.rows).toEqual([
      expect.objectContaining({ amount: 300, balanceAfter: 300, memo: `${TITLE} 报名费赠送积分` }),
    ])
    expect((await t.api.get('/api/my/getUserMoney', payer.token)).data.moneyFen).toBe(5_000)
  })

  it('a balance payment: one line that takes the fee off the balance, named the same way', async () => {
    const payer = await registeredPayer(FEE_FEN + 100)
    expect((await t.api.post('/api/tbCompetitionInfo/pay/4', { competitionId: FEE }, payer.token)).code).toBe(
      200,
    )
    const orders = await t.api.get('/api/my/orders', payer.token)
    expect(orders.rows[0]).toMatchObject({ subject: `${TITLE} 报名费`, method: 4 })
    const money = await t.api.get('/api/my/bills?kind=money', payer.token)
    // newPayer sets the balance directly, so the payment is the ledger's only money row.
    expect(money.rows).toEqual([
      expect.objectContaining({
        amount: -FEE_FEN,
        balanceAfter: 100,
        memo: `支付 ${TITLE} 报名费（余额支付）`,
      }),
    ])
  })

  it('orders and bills written before the rule read the same: named, and the money-in row folded away', async () => {
    const payer = await registeredPayer(0)
    const k = t.server.app.db.kysely
    const stamp = '2026-03-01T02:00:00.000Z'
    // As the code before issue 22 wrote a paid QR order: a bare subject, and money in and out again.
    const order = await k
      .insertInto('orders')
      .values({
        order_number: 'KB20260301100000123456',
        user_id: payer.userId,
        product: 'competition',
        amount_fen: FEE_FEN,
        method: 2,
        status: 3,
        provider: 'sandbox',
        provider_trade_no: 'SBX-OLD',
        created_at: stamp,
        expires_at: stamp,
        paid_at: stamp,
        competition_id: FEE,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const row = { user_id: payer.userId, order_id: order.id, created_at: stamp, kind: 'money' as const }
    await k
      .insertInto('ledger')
      .values([
        { ...row, amount: FEE_FEN, balance_after: FEE_FEN, memo: '微信扫码支付入账' },
        { ...row, amount: -FEE_FEN, balance_after: 0, memo: '赛事报名费（微信扫码支付）' },
      ])
      .execute()
    expect((await t.api.get('/api/my/orders', payer.token)).rows[0]).toMatchObject({
      subject: `${TITLE} 报名费`,
    })
    const money = await t.api.get('/api/my/bills?kind=money', payer.token)
    expect(money.total).toBe(1)
    expect(money.rows).toEqual([
      expect.objectContaining({
        amount: -FEE_FEN,
        balanceAfter: 0,
        memo: `支付 ${TITLE} 报名费（微信扫码支付）`,
      }),
    ])
  })

  it('a second QR payment of the same fee: one line each, the second saying its money goes back', async () => {
    const payer = await registeredPayer(0)
    const qrs = [
      await t.api.post('/api/tbCompetitionInfo/pay/2', { competitionId: FEE }, payer.token),
      await t.api.post('/api/tbCompetitionInfo/pay/2', { competitionId: FEE }, payer.token),
    ]
    await payQr(qrs[0].data.codeUrl, 'SBX-TWICE-A')
    await payQr(qrs[1].data.codeUrl, 'SBX-TWICE-B')
    const money = await t.api.get('/api/my/bills?kind=money', payer.token)
    expect(
      money.rows.map((r: { memo: string; amount: number; balanceAfter: number }) => r.memo).sort(),
    ).toEqual([
      `支付 ${TITLE} 报名费（微信扫码支付）`,
      `支付 ${TITLE} 报名费（微信扫码支付），重复缴纳报名费，待原路退款`,
    ])
    expect(money.rows.every((r: { balanceAfter: number }) => r.balanceAfter === 0)).toBe(true)
  })

  it('keeps the certification fee’s name', async () => {
    const payer = await newPayer(t.server.app, t.api, 29_800)
    expect((await t.api.post('/api/my/approve/4', {}, payer.token)).code).toBe(200)
    expect((await t.api.get('/api/my/orders', payer.token)).rows[0]).toMatchObject({
      subject: '设计师认证费（1年）',
    })
    expect((await t.api.get('/api/my/bills?kind=money', payer.token)).rows[0]).toMatchObject({
      memo: '支付 设计师认证费（1年）（余额支付）',
    })
  })
})
