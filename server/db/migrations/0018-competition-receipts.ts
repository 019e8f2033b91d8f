import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'
import type { Dialect } from '../connect.ts'

/**
 * Entry receipts (issue 22 item 4): when an entrant confirms submission (确认提交) the entry gets a
 * number and each of its files' SHA-256 an RFC 3161 timestamp from the notary adapter.
 * - `competition_receipts`: one per finalised registration (unique), its number unique.
 * - `competition_receipt_files`: the files it covers, each with its token (base64 DER) and serial.
 * - `competition_receipt_sequences`: the last number given out per year; an upsert that adds one and
 *   answers the new value hands out each number once, also under concurrent confirms.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('competition_receipt_sequences')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('competition_receipts')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('registration_id', 'integer', (c) =>
      c.notNull().unique().references('competition_registrations.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('number', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('works', 'text', (c) => c.notNull())
    .addColumn('notary', 'varchar(40)', (c) => c.notNull())
    .addColumn('tsa_certificate', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('competition_receipts_user')
    .on('competition_receipts')
    .columns(['user_id', 'competition_id'])
    .execute()
  await db.schema
    .createTable('competition_receipt_files')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('receipt_id', 'integer', (c) =>
      c.notNull().references('competition_receipts.id').onDelete('cascade'),
    )
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('label', 'varchar(80)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('timestamp_serial', 'varchar(64)', (c) => c.notNull())
    .addColumn('timestamp_token', 'text', (c) => c.notNull())
    .addColumn('stamped_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('competition_receipt_files_receipt')
    .on('competition_receipt_files')
    .columns(['receipt_id', 'sort'])
    .execute()
}
