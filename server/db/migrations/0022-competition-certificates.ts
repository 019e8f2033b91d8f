import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'
import type { Dialect } from '../connect.ts'

/**
 * Competition certificates as records (issue 24 items 8 and 9, README "Competition certificates").
 * - `competition_certificates`: one row per issued number (KBS…, never a designer certificate's
 *   KBC…). The merge-field snapshot (`fields`, JSON text) is what the PDF and the public check show,
 *   so a later edit of the entry changes nothing until staff re-issue. `current_registration_id` holds
 *   the registration while the certificate is the current one and NULL once superseded: a unique key
 *   on it (NULLs are distinct on both databases) makes a burst of first requests store one number.
 * - `competition_certificate_posts` gains the postal state: requested → paid → shipped, the postage
 *   order, and the carrier and tracking number staff enter.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('competition_certificates')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('competition_id', 'integer', (c) => c.notNull().references('competitions.id'))
    .addColumn('registration_id', 'integer', (c) => c.notNull())
    .addColumn('current_registration_id', 'integer', (c) => c.unique())
    .addColumn('award', 'varchar(40)')
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('template', 'varchar(20)', (c) => c.notNull())
    .addColumn('issued_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('superseded_by', 'varchar(32)')
    .addColumn('superseded_at', 'varchar(32)')
    .addColumn('reason', 'varchar(200)')
    .execute()
  await db.schema
    .createIndex('competition_certificates_registration')
    .on('competition_certificates')
    .columns(['registration_id'])
    .execute()
  for (const [name, type] of [
    ['status', 'varchar(16)'],
    ['postage_fen', 'integer'],
    ['order_number', 'varchar(32)'],
    ['paid_at', 'varchar(32)'],
    ['carrier', 'varchar(40)'],
    ['tracking_number', 'varchar(40)'],
    ['shipped_at', 'varchar(32)'],
  ] as const) {
    await db.schema.alterTable('competition_certificate_posts').addColumn(name, type).execute()
  }
}
