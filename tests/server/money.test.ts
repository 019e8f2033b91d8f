import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { connect } from '../../server/db/connect.ts'
import { migrate } from '../../server/db/migrate.ts'
import { listOpenRefundCases, markRefunded } from '../../server/services/payment/refund-cases.ts'
import type { SandboxPaymentProvider } from '../../server/services/payment/sandbox.ts'
import { FIXTURE_IDS, storeSampleFiles } from '../support/competitions.ts'
import { registeredPayer } from '../support/payers.ts'
import { DEMO } from '../support/test-app.ts'
import { createTestDatabase } from '../support/test-database.ts'
import { useTestApp } from '../support/use-test-app.ts'

/**
 * Money adds up: every account's ledger sums to its balance and points, and a payment that bought
 * nothing (a second paid QR order for an entry fee already paid) is a refund case staff can list.
 */
const t = useTestApp()
const FEE = FIXTURE_IDS['fee-default']

beforeAll(async () => {
  await storeSampleFiles(t.server.app)
})

/** Each user whose money or points differ from what their ledger rows add up to. */
async function ledgerMismatches() {
  const k = t.server.app.db.kysely
  const users = await k.selectFrom('users').select(['id', 'account', 'money_fen', 'integral']).execute()
  const rows = await k.selectFrom('ledger').select(['user_id', 'kind', 'amount']).execute()
  const sums = new Map<string, number>()
  for (const r of rows)
    sums.set(`${r.user_id}:${r.kind}`, (sums.get(`${r.user_id}:${r.kind}`) ?? 0) + r.amount)
  return users.flatMap((u) => {
    const money = sums.get(`${u.id}:money`) ?? 0
    const points = sums.get(`${u.id}:integral`) ?? 0
    return money === u.money_fen && points === u.integral
      ? []
      : [{ account: u.account, money: [money, u.money_fen], points: [points, u.integral] }]
  })
}

describe('the ledger adds up to every balance', () => {
  it('holds for every account right after seeding, demo accounts included', async () => {
    expect(await ledgerMismatches()).toEqual([])
    // The demo balances are opening rows, shown oldest in the designer's bill.
    const token = await t.api.login(DEMO.designer)
    const bill = await t.api.get('/api/my/bills?kind=money&pageSize=50', token)
    expect(bill.rows.at(-1)).toMatchObject({ amount: 157_800, balanceAfter: 157_800, memo: '期初余额' })
    expect(bill.rows[0]).toMatchObject({ amount: -29_800, balanceAfter: 128_000 })
  })

  it('still holds after payments by every method', async () => {
    const token = await t.api.login(DEMO.designer)
    expect((await t.api.post('/api/my/approve/4', {}, token)).code).toBe(200)
    const qr = await t.api.post('/api/my/approve/2', {}, token)
    await payAtCashier(qr.data.codeUrl, 'SBX-LEDGER')
    expect(await ledgerMismatches()).toEqual([])
  })
})

const sandbox = () => t.server.app.paymentProvider as SandboxPaymentProvider

/** The provider's notify for a QR code's order, as the sandbox cashier sends it when the payer pays. */
function paidNotice(codeUrl: string, tradeNo: string) {
  const order = sandbox().readCashier(Object.fromEntries(new URL(codeUrl).searchParams))
  if (!order) throw new Error('the cashier link should verify')
  return sandbox().notice(order, 'paid', tradeNo)
}

const notify = (payload: Record<string, string>) =>
  t.server.app.inject({ method: 'POST', url: '/api/pay/notify/sandbox', payload })

async function payAtCashier(codeUrl: string, tradeNo: string) {
  expect((await notify(paidNotice(codeUrl, tradeNo))).body).toBe('success')
}

describe('a second paid QR order for an entry fee already paid', () => {
  it('is one refund case however the notifies race, and buys nothing', async () => {
    const payer = await registeredPayer(t.server.app, t.api, FEE, 0)
    // Two QR codes for the same fee (two tabs, two phones), both paid: their notifies race, repeated.
    const qrs = await Promise.all(
      [0, 1].map(() => t.api.post('/api/tbCompetitionInfo/pay/2', { competitionId: FEE }, payer.token)),
    )
    const notices = qrs.map((qr, i) => paidNotice(qr.data.codeUrl, `SBX-TWICE-${i}`))
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => notify(notices[i % 2] as Record<string, string>)),
    )
    expect(answers.map((a) => a.body)).toEqual(Array(12).fill('success'))

    const k = t.server.app.db.kysely
    const registration = await k
      .selectFrom('competition_registrations')
      .select('paid_order_id')
      .where('user_id', '=', payer.userId)
      .where('competition_id', '=', FEE)
      .executeTakeFirstOrThrow()
    const orders = await k
      .selectFrom('orders')
      .select(['id', 'order_number', 'status'])
      .where('user_id', '=', payer.userId)
      .execute()
    expect(orders.map((o) => o.status)).toEqual([3, 3])
    const second = orders.find((o) => o.id !== registration.paid_order_id)
    const cases = await k.selectFrom('refund_cases').selectAll().where('user_id', '=', payer.userId).execute()
    expect(cases).toEqual([
      expect.objectContaining({
        order_id: second?.id,
        amount_fen: 30_000,
        competition_id: FEE,
        reason: 'duplicate_entry_fee',
        status: 'open',
      }),
    ])
    // The duplicate earns no points; its money came in and is owed back, so the balance is untouched.
    const user = await k
      .selectFrom('users')
      .select(['money_fen', 'integral'])
      .where('id', '=', payer.userId)
      .executeTakeFirstOrThrow()
    expect(user).toEqual({ money_fen: 0, integral: 300 })
    expect(await ledgerMismatches()).toEqual([])
  })
})

describe('staff list the open refund cases', () => {
  it('lists them oldest first with who paid, for what and how, and drops one once refunded', async () => {
    const open = await listOpenRefundCases(t.server.app.db.kysely)
    expect(open.length).toBeGreaterThan(0)
    const latest = open.at(-1)
    expect(latest).toMatchObject({
      orderNumber: expect.stringMatching(/^KB\d{20}$/),
      providerTradeNo: expect.stringMatching(/^SBX-TWICE-[01]$/),
      provider: 'sandbox',
      amountFen: 30_000,
      reason: '重复缴纳报名费',
      competition: expect.any(String),
    })
    expect(await markRefunded(t.server.app.db.kysely, latest!.id, '沙箱退款 R1')).toBe(true)
    expect(await markRefunded(t.server.app.db.kysely, latest!.id, '又一次')).toBe(false)
    expect((await listOpenRefundCases(t.server.app.db.kysely)).map((c) => c.id)).not.toContain(latest!.id)
  })

  it('prints them for an operator with npm run refund-cases', async () => {
    const payer = await registeredPayer(t.server.app, t.api, FEE, 0)
    const qrs = [
      await t.api.post('/api/tbCompetitionInfo/pay/2', { competitionId: FEE }, payer.token),
      await t.api.post('/api/tbCompetitionInfo/pay/2', { competitionId: FEE }, payer.token),
    ]
    await payAtCashier(qrs[0].data.codeUrl, 'SBX-CLI-1')
    await payAtCashier(qrs[1].data.codeUrl, 'SBX-CLI-2')
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['server/refund-cases-cli.ts', ...args], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        env: { ...process.env, DATA_DIR: t.server.dataDir, DATABASE_URL: t.server.databaseUrl },
        encoding: 'utf8',
      })
    const listed = run()
    expect(listed.status).toBe(0)
    expect(listed.stdout).toContain(payer.account)
    expect(listed.stdout).toContain('SBX-CLI-2')
    expect(listed.stdout).toContain('¥300.00')
    expect(listed.stdout).toMatch(/\d+ 件待退款/)
    const id = /^#(\d+)\s.*SBX-CLI-2/m.exec(listed.stdout)?.[1]
    expect(id).toBeTruthy()
    const marked = run('--refunded', id!, '--note', '微信退款单 4200001')
    expect(marked.status).toBe(0)
    expect(run().stdout).not.toContain('SBX-CLI-2')
  })
})

describe('migration 0016 on a database an older version seeded', () => {
  it('adds opening rows so every ledger adds up, and opens a case for each entry fee paid twice', async () => {
    const database = await createTestDatabase()
    const db = connect(database)
    try {
      await migrate(db, { until: '0015-public-files' })
      const k = db.kysely
      const stamp = '2026-01-10T02:00:00.000Z'
      const user = (account: string, money_fen: number, integral: number) =>
        k
          .insertInto('users')
          .values({
            account,
            email: null,
            password_hash: 'unusable:x',
            username: account,
            nickname: null,
            profile_photo: null,
            money_fen,
            integral,
            created_at: stamp,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      // As the old seed left 13800000001 (certified from its balance), 13800000003 (no rows at all)
      // and someone who paid an entry fee twice by QR.
      const certified = await user('13800000001', 128_000, 360)
      await user('13800000003', 5_000, 20)
      const twice = await user('13900000042', 0, 300)
      const order = (
        user_id: number,
        order_number: string,
        product: string,
        amount_fen: number,
        method: number,
      ) =>
        k
          .insertInto('orders')
          .values({
            order_number,
            user_id,
            product,
            amount_fen,
            method,
            status: 3,
            provider: method === 4 ? 'balance' : 'sandbox',
            provider_trade_no: null,
            created_at: '2026-01-10T02:01:00.000Z',
            expires_at: '2026-01-10T02:31:00.000Z',
            paid_at: '2026-01-10T02:01:00.000Z',
            competition_id: product === 'competition' ? 9100 : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      const certOrder = await order(certified.id, 'KB20260110100100000001', 'cert', 29_800, 4)
      const row = { order_id: certOrder.id, created_at: '2026-01-10T02:01:00.000Z' }
      await k
        .insertInto('ledger')
        .values([
          {
            ...row,
            user_id: certified.id,
            kind: 'money',
            amount: -29_800,
            balance_after: 128_000,
            memo: '认证',
          },
          { ...row, user_id: certified.id, kind: 'integral', amount: 298, balance_after: 360, memo: '积分' },
        ])
        .execute()
      await k
        .insertInto('competitions')
        .values({
          id: 9100,
          slug: 'old-competition',
          title: '往届大赛',
          year: 2025,
          api: 'default',
          registration_opens: stamp,
          registration_closes: stamp,
          submission_deadline: stamp,
          results: stamp,
          fee_fen: 30_000,
          fee_source: null,
          pay_required: 1,
          works_max: 1,
          definition: '{}',
          active: 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute()
      const first = await order(twice.id, 'KB20260110100100000002', 'competition', 30_000, 2)
      const second = await order(twice.id, 'KB20260110100100000003', 'competition', 30_000, 2)
      await k
        .insertInto('competition_registrations')
        .values({
          competition_id: 9100,
          user_id: twice.id,
          entrant_type: '1',
          company_type: '1',
          qt_type: null,
          data: '{}',
          paid_order_id: first.id,
          paid_at: stamp,
          finalised_at: null,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute()
      for (const [orderId, amount] of [
        [first.id, 30_000],
        [second.id, 30_000],
      ] as const) {
        await k
          .insertInto('ledger')
          .values([
            {
              order_id: orderId,
              created_at: stamp,
              user_id: twice.id,
              kind: 'money',
              amount,
              balance_after: amount,
              memo: '入账',
            },
            {
              order_id: orderId,
              created_at: stamp,
              user_id: twice.id,
              kind: 'money',
              amount: -amount,
              balance_after: 0,
              memo: '报名费',
            },
            {
              order_id: orderId,
              created_at: stamp,
              user_id: twice.id,
              kind: 'integral',
              amount: 150,
              balance_after: 150,
              memo: '积分',
            },
          ])
          .execute()
      }

      // Up to 0016 only: later migrations (event pages, receipts) are not what this test is about.
      expect(await migrate(db, { until: '0016-opening-ledger-refund-cases' })).toEqual([
        '0016-opening-ledger-refund-cases',
      ])

      const opening = await k
        .selectFrom('ledger')
        .innerJoin('users', 'users.id', 'ledger.user_id')
        .select([
          'users.account',
          'ledger.kind',
          'ledger.amount',
          'ledger.balance_after',
          'ledger.memo',
          'ledger.created_at',
        ])
        .where('ledger.order_id', 'is', null)
        .orderBy('users.account')
        .orderBy('ledger.kind', 'desc')
        .execute()
      expect(opening).toEqual([
        {
          account: '13800000001',
          kind: 'money',
          amount: 157_800,
          balance_after: 157_800,
          memo: '期初余额',
          created_at: stamp,
        },
        {
          account: '13800000001',
          kind: 'integral',
          amount: 62,
          balance_after: 62,
          memo: '期初积分',
          created_at: stamp,
        },
        {
          account: '13800000003',
          kind: 'money',
          amount: 5_000,
          balance_after: 5_000,
          memo: '期初余额',
          created_at: stamp,
        },
        {
          account: '13800000003',
          kind: 'integral',
          amount: 20,
          balance_after: 20,
          memo: '期初积分',
          created_at: stamp,
        },
      ])
      expect(await listOpenRefundCases(k)).toEqual([
        expect.objectContaining({
          orderNumber: 'KB20260110100100000003',
          amountFen: 30_000,
          competition: '往届大赛',
        }),
      ])
    } finally {
      await db.kysely.destroy()
      await database.drop()
    }
  })
})
