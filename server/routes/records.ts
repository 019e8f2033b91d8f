import type { FastifyInstance } from 'fastify'
import { type Selectable, type SelectQueryBuilder, sql } from 'kysely'
import { type BillRow, billRowSchema, type OrderRow, orderRowSchema } from '../../schemas/api/payment.ts'
import type { PayMethod } from '../../schemas/payment.ts'
import type { Database } from '../db/schema.ts'
import { table } from '../lib/envelope.ts'
import { PAGING, query, SIGNED_IN, tableReplies } from '../lib/route-schema.ts'
import { requireUser } from '../plugins/auth.ts'
import { effectiveStatus, PRODUCT_SUBJECTS, type ProductKey } from '../services/payment/orders.ts'

const schemas = {
  orders: {
    tags: ['账户记录'],
    summary: '我的订单（最新在前）',
    security: SIGNED_IN,
    querystring: query({ ...PAGING }),
    response: tableReplies(orderRowSchema),
  },
  bills: {
    tags: ['账户记录'],
    summary: '我的账单：money 余额与支付流水（分），integral 积分流水',
    security: SIGNED_IN,
    querystring: query({
      ...PAGING,
      kind: { type: 'string', enum: ['money', 'integral'], default: 'money' },
    }),
    response: tableReplies(billRowSchema),
  },
} as const

type Page = { pageNum: number; pageSize: number }

/**
 * One page of a user's rows, newest first, and how many there are in all. By time, then id: an opening
 * ledger row added by migration 0016 has a late id but is the oldest row.
 */
async function newestFirst<T extends keyof Database & ('orders' | 'ledger')>(
  mine: SelectQueryBuilder<Database, T, object>,
  { pageNum, pageSize }: Page,
) {
  const [rows, total] = await Promise.all([
    mine
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    mine.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ])
  return [rows as Selectable<Database[T]>[], Number(total.n)] as const
}

/** The personal area's Order and Bill tabs: each user reads only their own rows. */
export async function recordRoutes(app: FastifyInstance): Promise<void> {
  const k = app.db.kysely

  app.get<{ Querystring: Page }>(
    '/my/orders',
    { preValidation: requireUser, schema: schemas.orders },
    async (request) => {
      const [rows, total] = await newestFirst(
        k.selectFrom('orders').where('user_id', '=', request.userId),
        request.query,
      )
      const now = new Date()
      const list: OrderRow[] = rows.map((o) => ({
        orderNumber: o.order_number,
        subject: PRODUCT_SUBJECTS[o.product as ProductKey] ?? o.product,
        amountFen: o.amount_fen,
        method: o.method as PayMethod,
        status: effectiveStatus(o, now),
        createTime: o.created_at,
        payTime: o.paid_at,
      }))
      return table(list, total)
    },
  )

  app.get<{ Querystring: Page & { kind: 'money' | 'integral' } }>(
    '/my/bills',
    { preValidation: requireUser, schema: schemas.bills },
    async (request) => {
      const { kind } = request.query
      const [rows, total] = await newestFirst(
        k.selectFrom('ledger').where('user_id', '=', request.userId).where('kind', '=', kind),
        request.query,
      )
      const list: BillRow[] = rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        amount: r.amount,
        balanceAfter: r.balance_after,
        memo: r.memo,
        createTime: r.created_at,
      }))
      return table(list, total)
    },
  )
}
