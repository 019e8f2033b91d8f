import type { Kysely, Transaction } from 'kysely'
import { PAY_METHOD_LABEL, type PayMethod } from '../../../schemas/payment.ts'
import type { Database } from '../../db/schema.ts'

/** Why a case is owed; the only one so far. */
export const REFUND_REASONS = {
  duplicate_entry_fee: '重复缴纳报名费',
  duplicate_postage: '重复支付证书邮寄费',
} as const
export type RefundReason = keyof typeof REFUND_REASONS

/**
 * Opens a refund case for a paid order that bought nothing, in the transaction that marked it paid:
 * the money came in from the provider and is owed back to it, so the ledger shows it in and out again
 * (the balance, and what the ledger adds up to, stay as they were) and no points are given. One case
 * per order: the notify that marks an order paid runs once, and the unique order_id holds the rest.
 */
export async function openRefundCase(
  trx: Transaction<Database>,
  order: { id: number; userId: number; amountFen: number; method: PayMethod; competitionId: number | null },
  reason: RefundReason,
  now: Date,
): Promise<void> {
  const stamp = now.toISOString()
  const user = await trx
    .selectFrom('users')
    .select('money_fen')
    .where('id', '=', order.userId)
    .executeTakeFirstOrThrow()
  const row = { user_id: order.userId, order_id: order.id, kind: 'money' as const, created_at: stamp }
  await trx
    .insertInto('ledger')
    .values([
      {
        ...row,
        amount: order.amountFen,
        balance_after: user.money_fen + order.amountFen,
        memo: `${PAY_METHOD_LABEL[order.method]}入账`,
      },
      {
        ...row,
        amount: -order.amountFen,
        balance_after: user.money_fen,
        memo: `${REFUND_REASONS[reason]}，待原路退款`,
      },
    ])
    .execute()
  await trx
    .insertInto('refund_cases')
    .values({
      order_id: order.id,
      user_id: order.userId,
      amount_fen: order.amountFen,
      reason,
      competition_id: order.competitionId,
      status: 'open',
      created_at: stamp,
      resolved_at: null,
      resolution_note: null,
    })
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute()
}

export interface RefundCaseView {
  id: number
  orderNumber: string
  providerTradeNo: string | null
  provider: string
  account: string
  username: string
  amountFen: number
  reason: string
  competition: string | null
  paidAt: string | null
  createdAt: string
}

/** Every open case, oldest first: what staff refund next (`npm run refund-cases`; the staff console later). */
export async function listOpenRefundCases(db: Kysely<Database>): Promise<RefundCaseView[]> {
  const rows = await db
    .selectFrom('refund_cases as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('competitions as k', 'k.id', 'c.competition_id')
    .select([
      'c.id',
      'o.order_number',
      'o.provider_trade_no',
      'o.provider',
      'u.account',
      'u.username',
      'c.amount_fen',
      'c.reason',
      'k.title',
      'o.paid_at',
      'c.created_at',
    ])
    .where('c.status', '=', 'open')
    .orderBy('c.id')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    orderNumber: r.order_number,
    providerTradeNo: r.provider_trade_no,
    provider: r.provider,
    account: r.account,
    username: r.username,
    amountFen: r.amount_fen,
    reason: REFUND_REASONS[r.reason as RefundReason] ?? r.reason,
    competition: r.title ?? null,
    paidAt: r.paid_at,
    createdAt: r.created_at,
  }))
}

/** Records that an open case was refunded (with the provider's refund number, say); false if not open. */
export async function markRefunded(
  db: Kysely<Database>,
  id: number,
  note: string,
  now = new Date(),
): Promise<boolean> {
  const done = await db
    .updateTable('refund_cases')
    .set({ status: 'refunded', resolved_at: now.toISOString(), resolution_note: note.slice(0, 200) })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst()
  return Number(done.numUpdatedRows) === 1
}
