import { type Kysely, sql } from 'kysely'
import { idColumn } from '../columns.ts'
import type { Dialect } from '../connect.ts'

/**
 * Money adds up (issue 21):
 * - Opening rows: a balance or points the ledger does not explain (the demo accounts were seeded with
 *   them) get one row dated from the account's creation, so every user's money rows add up to the
 *   balance and the points rows to the points. Its balance_after is its amount: it is the first row.
 * - `refund_cases`: a payment that bought nothing — a second paid QR or online order for an entry fee
 *   already paid — is a row staff can list (`npm run refund-cases`), not only a log line. Orders of
 *   that kind paid before this migration become open cases too.
 * - Bills list by time (`ledger_user_kind_time`): an opening row added now is still the oldest.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  for (const [kind, column, memo] of [
    ['money', 'money_fen', '期初余额'],
    ['integral', 'integral', '期初积分'],
  ] as const) {
    await sql`
      INSERT INTO ledger (user_id, order_id, kind, amount, balance_after, memo, created_at)
      SELECT u.id, NULL, ${sql.lit(kind)}, u.${sql.raw(column)} - COALESCE(s.total, 0),
             u.${sql.raw(column)} - COALESCE(s.total, 0), ${sql.lit(memo)}, u.created_at
      FROM users u
      LEFT JOIN (SELECT user_id, SUM(amount) AS total FROM ledger WHERE kind = ${sql.lit(kind)} GROUP BY user_id) s
        ON s.user_id = u.id
      WHERE u.${sql.raw(column)} <> COALESCE(s.total, 0)
    `.execute(db)
  }
  await db.schema
    .createIndex('ledger_user_kind_time')
    .on('ledger')
    .columns(['user_id', 'kind', 'created_at', 'id'])
    .execute()

  await db.schema
    .createTable('refund_cases')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('order_id', 'integer', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(40)', (c) => c.notNull())
    .addColumn('competition_id', 'integer')
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('resolved_at', 'varchar(32)')
    .addColumn('resolution_note', 'varchar(200)')
    .execute()
  await db.schema.createIndex('refund_cases_status').on('refund_cases').columns(['status', 'id']).execute()
  // Entry fees paid twice before this migration: every paid competition order that is not the one its
  // registration names.
  await sql`
    INSERT INTO refund_cases (order_id, user_id, amount_fen, reason, competition_id, status, created_at)
    SELECT o.id, o.user_id, o.amount_fen, 'duplicate_entry_fee', o.competition_id, 'open',
           COALESCE(o.paid_at, o.created_at)
    FROM orders o
    JOIN competition_registrations r ON r.user_id = o.user_id AND r.competition_id = o.competition_id
    WHERE o.product = 'competition' AND o.status = 3
      AND r.paid_order_id IS NOT NULL AND r.paid_order_id <> o.id
  `.execute(db)
}
