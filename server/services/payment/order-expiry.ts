import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import { PAY_STATUS } from '../../../schemas/payment.ts'
import type { Database } from '../../db/schema.ts'
import { type BackgroundJobs, repeat } from '../jobs/background-jobs.ts'

/** The queue of the job that closes expired orders (README "Background work"). */
export const ORDER_EXPIRY_QUEUE = 'orders-expire'
/** How often it runs: an order's 30 minutes (ORDER_TTL_MS) are stored as closed within a minute. */
export const ORDER_EXPIRY_MS = 60_000
/** Orders one batch closes at most: a backlog goes in short statements, none holding many rows. */
export const ORDER_EXPIRY_BATCH = 500

/**
 * Closes, in the database, every pending order whose expiry has come by `now` (status 1 → 5), a batch of
 * at most `batchSize` orders at a time, each batch its own short statements (no transaction spans the
 * backlog): answers how many it closed. Reads before it writes, so a run with nothing due writes
 * nothing. The stored state only catches up with what effectiveStatus (orders.ts) already answers, so
 * nothing depends on when this runs. Nothing waits on a pending order — a registration, a posting
 * request or a refund case changes only when an order is paid — so closing one releases nothing; and
 * a "paid" notice that comes afterwards still settles it (applyNotice claims any order not yet paid).
 * The update re-checks `status = pending` on each row, so an order paid meanwhile, or closed by a run
 * overlapping this one, is left as it is.
 */
export async function closeExpiredOrders(
  db: Kysely<Database>,
  now = new Date(),
  batchSize = ORDER_EXPIRY_BATCH,
): Promise<number> {
  const cutoff = now.toISOString()
  let closed = 0
  for (;;) {
    const due = await db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', PAY_STATUS.pending)
      .where('expires_at', '<=', cutoff)
      // Longest expired first, in the order of the index orders_status_expiry (migration 0028): no sort.
      .orderBy('expires_at')
      .limit(batchSize)
      .execute()
    if (!due.length) return closed
    const result = await db
      .updateTable('orders')
      .set({ status: PAY_STATUS.closed })
      .where(
        'id',
        'in',
        due.map((o) => o.id),
      )
      .where('status', '=', PAY_STATUS.pending)
      .executeTakeFirst()
    closed += Number(result.numUpdatedRows)
    if (due.length < batchSize) return closed
  }
}

/** Closes expired orders every ORDER_EXPIRY_MS, one run for all instances (a job on the queue). */
export function startOrderExpiry(
  jobs: BackgroundJobs,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): Promise<void> {
  return repeat(jobs, ORDER_EXPIRY_QUEUE, ORDER_EXPIRY_MS, async () => {
    const closed = await closeExpiredOrders(db)
    if (closed) log.info(`closed ${closed} expired order(s)`)
  })
}
