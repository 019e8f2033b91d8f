import { type Kysely, sql } from 'kysely'
import type { Dialect } from '../connect.ts'

const OUTBOXES = ['sms_outbox', 'email_outbox'] as const

/**
 * Delivery from the message outboxes through a gateway (issue 25 item 3, README "Messages"): each
 * message counts its attempts, is not tried again before `next_attempt_at` (the lease of the attempt
 * under way, then the back-off after a failure), and ends `sent_at` or `failed_at` with the last error.
 * The partial index holds only the messages still waiting, so a delivery round reads only those.
 */
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  for (const table of OUTBOXES) {
    await db.schema
      .alterTable(table)
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
    for (const column of ['next_attempt_at', 'sent_at', 'failed_at'])
      await db.schema.alterTable(table).addColumn(column, 'varchar(32)').execute()
    await db.schema.alterTable(table).addColumn('last_error', 'varchar(255)').execute()
    await db.schema
      .createIndex(`${table}_waiting`)
      .on(table)
      .column('id')
      .where(sql.ref('sent_at'), 'is', null)
      .where(sql.ref('failed_at'), 'is', null)
      .execute()
  }
}
