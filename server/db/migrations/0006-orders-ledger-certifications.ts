import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'

/**
 * Paid certification (SPEC §2 Certification, §4 Payment): orders, the ledger of every balance and
 * points change, and each designer's certification with its validity.
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('order_number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // What is bought: 'cert' (one year of certification) for now; competition fees come later.
    .addColumn('product', 'varchar(20)', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    // SPEC §9 payment method codes: 2 WeChat QR, 3 online, 4 balance.
    .addColumn('method', 'integer', (c) => c.notNull())
    // SPEC §7: 1 pending, 3 success. A pending order past expires_at is reported closed (5).
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('provider', 'varchar(20)', (c) => c.notNull())
    .addColumn('provider_trade_no', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .execute()
  await db.schema.createIndex('orders_user_id').on('orders').columns(['user_id', 'id']).execute()

  await db.schema
    .createTable('ledger')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    // 'money' rows count fen, 'integral' rows count points; amount is signed.
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('amount', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull())
    .addColumn('memo', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('ledger_user_id').on('ledger').columns(['user_id', 'id']).execute()

  await db.schema
    .createTable('certifications')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('number', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('level', 'varchar(30)', (c) => c.notNull())
    .addColumn('valid_from', 'varchar(32)', (c) => c.notNull())
    .addColumn('valid_until', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute()
}
