import type { FastifyBaseLogger } from 'fastify'
import { type ExpressionBuilder, type Kysely, sql } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { type MessageGateway, PermanentFailure } from './gateway.ts'

/** A round started for messages just queued (a verification code someone is waiting for). */
export const OUTBOX_QUEUE = 'outbox'
/** The round that runs every OUTBOX_ROUND_MS whatever was queued: notices written in a transaction, retries. */
export const OUTBOX_ROUND_QUEUE = 'outbox-round'
export const OUTBOX_ROUND_MS = 15_000

/** Tries of one message before it is given up. */
export const MAX_ATTEMPTS = 5
/** The wait after the 1st, 2nd, … failed try. */
export const RETRY_AFTER_MS = [30_000, 2 * 60_000, 10 * 60_000, 30 * 60_000] as const
/** A try under way holds its message this long; a try whose instance died is made again after it. */
export const LEASE_MS = 2 * 60_000
/**
 * A message older than this is not sent at all: a code has long expired, a notice is stale. This also
 * keeps a gateway turned on for a database that ran the sandbox from sending its old messages.
 */
export const MAX_AGE_MS = 24 * 3600_000
const BATCH = 50

type OutboxTable = 'sms_outbox' | 'email_outbox'

/** The two outboxes: which table, and how a row of it is sent. */
const OUTBOXES: Array<{
  table: OutboxTable
  send(gateway: MessageGateway, row: OutboxRow): Promise<void>
}> = [
  { table: 'sms_outbox', send: (g, m) => g.text({ id: `sms-${m.id}`, to: m.to, body: m.body }) },
  {
    table: 'email_outbox',
    send: (g, m) => g.mail({ id: `email-${m.id}`, to: m.to, subject: m.subject, body: m.body }),
  },
]

export interface RoundCounts {
  sent: number
  retried: number
  failed: number
}

interface OutboxRow {
  id: number
  to: string
  subject: string
  body: string
  attempts: number
}

const iso = (ms: number) => new Date(ms).toISOString()

/** A message still waiting (neither sent nor given up) and due at `now`: what the partial index holds. */
const waitingAt = (now: number) => (eb: ExpressionBuilder<Database, OutboxTable>) =>
  eb.and([
    eb('sent_at', 'is', null),
    eb('failed_at', 'is', null),
    eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', iso(now))]),
  ])

/** Enough of an error for an operator, without anything a URL or header might have carried. */
const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 250)

/**
 * Delivers what the outboxes hold through the gateway (README "Messages"). Every try is claimed in the
 * database first — attempts + 1 and a lease, only while the message is still waiting and due — so
 * rounds running at once, on one instance or several, never send one message twice; a failure waits
 * RETRY_AFTER_MS and a final one (MAX_ATTEMPTS, or a refusal retrying cannot change) is given up and
 * logged.
 */
export class OutboxDelivery {
  private readonly db: Kysely<Database>
  private readonly gateway: MessageGateway
  private readonly log: FastifyBaseLogger

  constructor(db: Kysely<Database>, gateway: MessageGateway, log: FastifyBaseLogger) {
    this.db = db
    this.gateway = gateway
    this.log = log
  }

  /** Sends every message due at `now`; answers what became of them. */
  async round(now = Date.now()): Promise<RoundCounts> {
    const counts: RoundCounts = { sent: 0, retried: 0, failed: 0 }
    for (const outbox of OUTBOXES) {
      counts.failed += await this.giveUpStale(outbox.table, now)
      for (;;) {
        const due = await this.due(outbox.table, now)
        for (const row of due) {
          if (!(await this.claim(outbox.table, row.id, now))) continue
          try {
            await outbox.send(this.gateway, row)
            await this.settle(outbox.table, row.id, { sent_at: iso(Date.now()) })
            counts.sent++
          } catch (error) {
            counts[await this.failed(outbox.table, row, error, now)]++
          }
        }
        // Claimed or retried rows are no longer due: a short page was the last.
        if (due.length < BATCH) break
      }
    }
    return counts
  }

  private async giveUpStale(table: OutboxTable, now: number): Promise<number> {
    const stale = await this.db
      .updateTable(table)
      .where(waitingAt(now))
      .set({
        failed_at: iso(now),
        last_error: 'not sent within 24 hours of being written',
        next_attempt_at: null,
      })
      .where('created_at', '<', iso(now - MAX_AGE_MS))
      .executeTakeFirst()
    return Number(stale.numUpdatedRows)
  }

  private async due(table: OutboxTable, now: number): Promise<OutboxRow[]> {
    if (table === 'sms_outbox') {
      const rows = await this.db
        .selectFrom('sms_outbox')
        .select(['id', 'phone as to', 'body', 'attempts'])
        .where(waitingAt(now))
        .orderBy('id')
        .limit(BATCH)
        .execute()
      return rows.map((row) => ({ ...row, subject: '' }))
    }
    return this.db
      .selectFrom('email_outbox')
      .select(['id', 'email as to', 'subject', 'body', 'attempts'])
      .where(waitingAt(now))
      .orderBy('id')
      .limit(BATCH)
      .execute()
  }

  /** Takes the message for one try, unless another round took it first. */
  private async claim(table: OutboxTable, id: number, now: number): Promise<boolean> {
    const taken = await this.db
      .updateTable(table)
      .where(waitingAt(now))
      .set({ attempts: sql<number>`attempts + 1`, next_attempt_at: iso(now + LEASE_MS) })
      .where('id', '=', id)
      .executeTakeFirst()
    return Number(taken.numUpdatedRows) === 1
  }

  private async settle(
    table: OutboxTable,
    id: number,
    outcome:
      | { sent_at: string }
      | { failed_at: string; last_error: string }
      | { next_attempt_at: string; last_error: string },
  ) {
    const cleared = { next_attempt_at: null, last_error: null }
    await this.db
      .updateTable(table)
      .set({ ...cleared, ...outcome })
      .where('id', '=', id)
      .execute()
  }

  private async failed(
    table: OutboxTable,
    row: { id: number; attempts: number },
    error: unknown,
    now: number,
  ): Promise<'retried' | 'failed'> {
    const attempts = row.attempts + 1
    const reason = reasonOf(error)
    const message = { outbox: table, messageId: row.id, attempts, reason }
    if (error instanceof PermanentFailure || attempts >= MAX_ATTEMPTS) {
      await this.settle(table, row.id, { failed_at: iso(Date.now()), last_error: reason })
      this.log.error(message, 'message given up')
      return 'failed'
    }
    const wait = RETRY_AFTER_MS[Math.min(attempts, RETRY_AFTER_MS.length) - 1]!
    await this.settle(table, row.id, { next_attempt_at: iso(now + wait), last_error: reason })
    this.log.warn(message, 'message not sent, to be tried again')
    return 'retried'
  }
}
