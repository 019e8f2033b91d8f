import { sql } from 'kysely'
import type { BillRow, OrderRow } from '../../../schemas/api/payment.ts'
import { PAY_METHOD, type PayMethod } from '../../../schemas/payment.ts'
import type { Db } from '../../db/connect.ts'
import { effectiveStatus, orderSubject, paymentMemo, pointsMemo } from './orders.ts'
import { REFUND_REASONS, type RefundReason } from './refund-cases.ts'

export interface Page {
  pageNum: number
  pageSize: number
}

/** 我的订单: one page of a user's orders, newest first, each named as the cashier named it. */
export async function listOrders({ kysely: db }: Db, userId: number, { pageNum, pageSize }: Page) {
  const mine = db.selectFrom('orders').where('orders.user_id', '=', userId)
  const [rows, total] = await Promise.all([
    mine
      .leftJoin('competitions', 'competitions.id', 'orders.competition_id')
      .selectAll('orders')
      .select('competitions.title as competition_title')
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    mine.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ])
  const now = new Date()
  const list: OrderRow[] = rows.map((o) => ({
    orderNumber: o.order_number,
    subject: orderSubject(o.product, o.competition_title),
    amountFen: o.amount_fen,
    method: o.method as PayMethod,
    status: effectiveStatus(o, now),
    createTime: o.created_at,
    payTime: o.paid_at,
  }))
  return [list, Number(total.n)] as const
}

/**
 * 我的账户: one page of a user's money or points rows, newest first — by time, then id: an opening row
 * added by migration 0016 has a late id but is the oldest.
 *
 * The rule for money: the ledger records every change of the balance, so money paid from outside (QR,
 * online) is stored as coming in and going out again and a user's money rows always add up to the
 * balance. The bill shows a payment as the payer made it: one line, the going out, whose balance is
 * the unchanged one; the coming in of an outside payment is left out. A row of an order reads with
 * the order's name (so rows written before orders named their competition read the same).
 */
export async function listBills(
  { kysely: db }: Db,
  userId: number,
  kind: 'money' | 'integral',
  { pageNum, pageSize }: Page,
) {
  const shown = db
    .selectFrom('ledger')
    .leftJoin('orders', 'orders.id', 'ledger.order_id')
    .where('ledger.user_id', '=', userId)
    .where('ledger.kind', '=', kind)
    .where((eb) =>
      eb.or([
        eb('ledger.kind', '=', 'integral'),
        eb('ledger.order_id', 'is', null),
        eb('ledger.amount', '<=', 0),
        eb('orders.method', '=', PAY_METHOD.balance),
      ]),
    )
  const [rows, total] = await Promise.all([
    shown
      .leftJoin('competitions', 'competitions.id', 'orders.competition_id')
      .leftJoin('refund_cases', 'refund_cases.order_id', 'ledger.order_id')
      .selectAll('ledger')
      .select([
        'orders.product',
        'orders.method',
        'competitions.title as competition_title',
        'refund_cases.reason as refund_reason',
        'refund_cases.status as refund_status',
      ])
      .orderBy('ledger.created_at', 'desc')
      .orderBy('ledger.id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    shown.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ])
  const memoOf = (r: (typeof rows)[number]) => {
    if (!r.product || r.method === null) return r.memo
    const subject = orderSubject(r.product, r.competition_title)
    if (r.kind === 'integral') return pointsMemo(subject)
    const paid = paymentMemo(subject, r.method as PayMethod)
    // A payment that bought nothing says so, and whether its money has gone back yet.
    if (!r.refund_reason) return paid
    const reason = REFUND_REASONS[r.refund_reason as RefundReason] ?? r.refund_reason
    return `${paid}，${reason}，${r.refund_status === 'refunded' ? '已原路退款' : '待原路退款'}`
  }
  const list: BillRow[] = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    amount: r.amount,
    balanceAfter: r.balance_after,
    memo: memoOf(r),
    createTime: r.created_at,
  }))
  return [list, Number(total.n)] as const
}
