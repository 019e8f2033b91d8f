import { randomInt } from 'node:crypto'
import { type Kysely, sql, type Transaction } from 'kysely'
import {
  CERT_VALID_YEARS,
  PAY_METHOD,
  PAY_METHOD_LABEL,
  PAY_MSG,
  PAY_STATUS,
  type PayMethod,
  type PayStatus,
} from '../../../schemas/payment.ts'
import type { Database, OrderTable } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { lockUser } from '../accounts.ts'
import { extendCertification } from '../certification.ts'
import type { PaymentNotice } from './provider.ts'
import { openRefundCase } from './refund-cases.ts'

/** A QR or online order not paid within this time is closed; the provider is told the same expiry. */
export const ORDER_TTL_MS = 30 * 60_000
/** Points earned per whole yuan paid. */
export const POINTS_PER_YUAN = 1

/** What can be bought, and how it reads at the cashier and in bills (an entry fee with its competition). */
export const PRODUCT_SUBJECTS = {
  cert: `设计师认证费（${CERT_VALID_YEARS}年）`,
  competition: '赛事报名费',
  postage: '竞赛证书邮寄费',
} as const
export type ProductKey = keyof typeof PRODUCT_SUBJECTS

/**
 * How an order reads at the cashier, in 我的订单 and in 我的账户: an entry fee names its competition
 * (“2026 某某大赛 报名费”), so an entrant of two competitions can tell the orders apart.
 */
export function orderSubject(product: string, competitionTitle?: string | null): string {
  if (product === 'competition' && competitionTitle) return `${competitionTitle} 报名费`.slice(0, 60)
  if (product === 'postage' && competitionTitle) return `${competitionTitle} 证书邮寄费`.slice(0, 60)
  return PRODUCT_SUBJECTS[product as ProductKey] ?? product
}

/** The bill line of a paid order: what was paid for and how. */
export const paymentMemo = (subject: string, method: PayMethod) =>
  `支付 ${subject}（${PAY_METHOD_LABEL[method]}）`
/** The bill line of the points an order earned. */
export const pointsMemo = (subject: string) => `${subject}赠送积分`

export interface Product {
  key: ProductKey
  subject: string
  amountFen: number
  /**
   * For 'competition': whose entry fee (the registration of the payer in it is marked paid); for
   * 'postage': whose certificate's posting (the payer's posting request in it is marked paid).
   */
  competitionId?: number
}

/** A competition's entry fee (SPEC §7 /tbCompetitionInfo/pay): paid once per registration. */
export const competitionProduct = (competitionId: number, title: string, feeFen: number): Product => ({
  key: 'competition',
  subject: orderSubject('competition', title),
  amountFen: feeFen,
  competitionId,
})

/** A competition fee paid from the balance for a registration that is already paid: nothing is debited. */
export const ALREADY_PAID = '已缴纳报名费，无需重复缴费'

/** The postage of a competition certificate's paper copy (README "Competition certificates"). */
export const postageProduct = (competitionId: number, title: string, feeFen: number): Product => ({
  key: 'postage',
  subject: orderSubject('postage', title),
  amountFen: feeFen,
  competitionId,
})
/** Postage paid from the balance for a posting that is already paid: nothing is debited. */
export const POSTAGE_ALREADY_PAID = '邮费已支付，无需重复支付'

export const certProduct = (feeFen: number): Product => ({
  key: 'cert',
  subject: PRODUCT_SUBJECTS.cert,
  amountFen: feeFen,
})

/** KB + Beijing date and time to the second + 6 random digits: sortable and not guessable. */
export function newOrderNumber(now: Date): string {
  const stamp = new Date(now.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14)
  return `KB${stamp}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`
}

/** A stored status as the payer should read it: a pending order past its expiry is closed. */
export function effectiveStatus(order: Pick<OrderTable, 'status' | 'expires_at'>, now: Date): PayStatus {
  if (order.status === PAY_STATUS.pending && new Date(order.expires_at) <= now) return PAY_STATUS.closed
  return order.status as PayStatus
}

type Trx = Transaction<Database>

/** Draws of an order number before giving up: two clashes in a row are already one in a million. */
const ORDER_NUMBER_DRAWS = 5

/**
 * Records a new pending order. Orders made in the same second can draw the same number (the demo
 * seed pays every entrant's fee at one instant): a number already taken is drawn again. ON CONFLICT
 * rather than catching the error, which would abort a PostgreSQL transaction the order is part of.
 */
async function insertOrder(
  trx: Trx | Kysely<Database>,
  userId: number,
  product: Product,
  method: PayMethod,
  provider: string,
  now: Date,
) {
  for (let draw = 1; ; draw++) {
    const orderNumber = newOrderNumber(now)
    const row = await trx
      .insertInto('orders')
      .values({
        order_number: orderNumber,
        user_id: userId,
        product: product.key,
        amount_fen: product.amountFen,
        method,
        status: PAY_STATUS.pending,
        provider,
        provider_trade_no: null,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + ORDER_TTL_MS).toISOString(),
        paid_at: null,
        competition_id: product.competitionId ?? null,
      })
      .onConflict((oc) => oc.column('order_number').doNothing())
      .returning(['id', 'expires_at'])
      .executeTakeFirst()
    if (row) return { id: row.id, orderNumber, expiresAt: row.expires_at }
    if (draw >= ORDER_NUMBER_DRAWS) throw new Error(`no free order number after ${draw} draws`)
  }
}

/**
 * What a paid order gives, inside the transaction that marked it paid: points, ledger rows for the
 * money and the points, and what was bought — one more period of certification, or the entry fee of
 * a competition registration. The payer's row is locked first, so on PostgreSQL concurrent payments
 * of one user queue here and read settled validity and registrations. Answers 'already-paid', having
 * written nothing, when a competition registration was already paid by another order: a balance
 * payment then rolls back, a provider's payment becomes a refund case (applyNotice).
 */
async function fulfil(
  trx: Trx,
  order: {
    id: number
    userId: number
    amountFen: number
    method: PayMethod
    subject: string
    product: string
    competitionId: number | null
    orderNumber: string
  },
  now: Date,
): Promise<'fulfilled' | 'already-paid'> {
  await lockUser(trx, order.userId)
  if (order.product === 'competition') {
    // Set once: the first paid order marks the registration; a later one changes nothing here.
    const marked = await trx
      .updateTable('competition_registrations')
      .set({ paid_order_id: order.id, paid_at: now.toISOString(), updated_at: now.toISOString() })
      .where('user_id', '=', order.userId)
      .where('competition_id', '=', order.competitionId ?? -1)
      .where('paid_order_id', 'is', null)
      .executeTakeFirst()
    if (Number(marked.numUpdatedRows) !== 1) return 'already-paid'
  }
  if (order.product === 'postage') {
    // Set once, as an entry fee: the first paid order moves the posting request from requested to paid.
    const marked = await trx
      .updateTable('competition_certificate_posts')
      .set({ status: 'paid', postage_paid: 1, paid_at: now.toISOString(), order_number: order.orderNumber })
      .where('user_id', '=', order.userId)
      .where('competition_id', '=', order.competitionId ?? -1)
      .where((eb) => eb.or([eb('status', '=', 'requested'), eb('status', 'is', null)]))
      .executeTakeFirst()
    if (Number(marked.numUpdatedRows) !== 1) return 'already-paid'
  }
  const points = Math.floor(order.amountFen / 100) * POINTS_PER_YUAN
  const user = await trx
    .updateTable('users')
    .set({ integral: sql<number>`integral + ${points}` })
    .where('id', '=', order.userId)
    .returning(['money_fen', 'integral'])
    .executeTakeFirstOrThrow()
  const stamp = now.toISOString()
  const row = { user_id: order.userId, order_id: order.id, created_at: stamp }
  // Money paid from outside (QR, online) comes in and goes out again, so the money rows of a user
  // always add up to the balance; a balance payment is only the going out. The bill shows either as
  // one payment (records.ts): the coming in is bookkeeping.
  const received =
    order.method === PAY_METHOD.balance
      ? []
      : [
          {
            ...row,
            kind: 'money' as const,
            amount: order.amountFen,
            balance_after: user.money_fen + order.amountFen,
            memo: `${PAY_METHOD_LABEL[order.method]}入账`,
          },
        ]
  await trx
    .insertInto('ledger')
    .values([
      ...received,
      {
        ...row,
        kind: 'money',
        amount: -order.amountFen,
        balance_after: user.money_fen,
        memo: paymentMemo(order.subject, order.method),
      },
      {
        ...row,
        kind: 'integral',
        amount: points,
        balance_after: user.integral,
        memo: pointsMemo(order.subject),
      },
    ])
    .execute()
  if (order.product === 'cert') await extendCertification(trx, order.userId, now)
  return 'fulfilled'
}

export class Payments {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }

  /** A pending order for a provider (QR or online). */
  createPending(userId: number, product: Product, method: PayMethod, provider: string, now = new Date()) {
    return insertOrder(this.db, userId, product, method, provider, now)
  }

  /**
   * Pays from the balance in one transaction: the order, a debit that only happens while the balance
   * covers the fee (one conditional UPDATE, so concurrent payments cannot overdraw on SQLite or
   * PostgreSQL), and what the order gives. Insufficient balance rolls all of it back.
   */
  async payByBalance(userId: number, product: Product, now = new Date()): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      const order = await insertOrder(trx, userId, product, PAY_METHOD.balance, 'balance', now)
      const debited = await trx
        .updateTable('users')
        .set({ money_fen: sql<number>`money_fen - ${product.amountFen}` })
        .where('id', '=', userId)
        .where('money_fen', '>=', product.amountFen)
        .executeTakeFirst()
      if (Number(debited.numUpdatedRows) !== 1)
        throw new BusinessError(CODE.badRequest, PAY_MSG.balanceInsufficient)
      await trx
        .updateTable('orders')
        .set({ status: PAY_STATUS.success, paid_at: now.toISOString() })
        .where('id', '=', order.id)
        .execute()
      const fulfilled = await fulfil(
        trx,
        {
          id: order.id,
          userId,
          amountFen: product.amountFen,
          method: PAY_METHOD.balance,
          subject: product.subject,
          product: product.key,
          competitionId: product.competitionId ?? null,
          orderNumber: order.orderNumber,
        },
        now,
      )
      // Another payment of the same fee won the race: this one rolls back, debit and all.
      if (fulfilled === 'already-paid')
        throw new BusinessError(
          CODE.badRequest,
          product.key === 'postage' ? POSTAGE_ALREADY_PAID : ALREADY_PAID,
        )
      return order.orderNumber
    })
  }

  /**
   * Applies a verified notify. Idempotent: only the first "paid" notice of an order marks it paid and
   * fulfils it; repeats (even concurrent ones) find it paid and change nothing. A notice whose amount
   * differs from the order's is refused.
   */
  async applyNotice(
    notice: PaymentNotice,
    provider: string,
    now = new Date(),
  ): Promise<'settled' | 'settled-again' | 'repeated' | 'closed' | 'unknown' | 'mismatch'> {
    return this.db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom('orders')
        .selectAll()
        .where('order_number', '=', notice.orderNumber)
        .where('provider', '=', provider)
        .executeTakeFirst()
      if (!order) return 'unknown'
      if (order.amount_fen !== notice.amountFen) return 'mismatch'
      if (notice.outcome === 'closed') {
        await trx
          .updateTable('orders')
          .set({ status: PAY_STATUS.closed })
          .where('id', '=', order.id)
          .where('status', '=', PAY_STATUS.pending)
          .execute()
        return 'closed'
      }
      // Paid even if we had closed it meanwhile: the provider took the money, so the payer gets the goods.
      const claimed = await trx
        .updateTable('orders')
        .set({ status: PAY_STATUS.success, paid_at: now.toISOString(), provider_trade_no: notice.tradeNo })
        .where('id', '=', order.id)
        .where('status', '!=', PAY_STATUS.success)
        .executeTakeFirst()
      if (Number(claimed.numUpdatedRows) !== 1) return 'repeated'
      const competition = order.competition_id
        ? await trx
            .selectFrom('competitions')
            .select('title')
            .where('id', '=', order.competition_id)
            .executeTakeFirst()
        : undefined
      const paid = {
        id: order.id,
        userId: order.user_id,
        amountFen: order.amount_fen,
        method: order.method as PayMethod,
        subject: orderSubject(order.product, competition?.title),
        product: order.product,
        competitionId: order.competition_id ?? null,
        orderNumber: order.order_number,
      }
      if ((await fulfil(trx, paid, now)) === 'fulfilled') return 'settled'
      // The provider took the money for a fee another order had paid: staff refund it.
      await openRefundCase(
        trx,
        paid,
        order.product === 'postage' ? 'duplicate_postage' : 'duplicate_entry_fee',
        now,
      )
      return 'settled-again'
    })
  }

  /** The payer's view of one of their orders; undefined for anyone else's or an unknown number. */
  async status(userId: number, orderNumber: string, now = new Date()): Promise<PayStatus | undefined> {
    const order = await this.db
      .selectFrom('orders')
      .select(['status', 'expires_at'])
      .where('order_number', '=', orderNumber)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    return order && effectiveStatus(order, now)
  }
}
