import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'

/**
 * Event pages (events/<slug>.json, README "活动页"): the entries of their online forms, one per user
 * and event, and the on-site check-ins, one per phone and event. The unique keys decide in the insert
 * itself, so a burst of identical requests stores one row on SQLite and on PostgreSQL.
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('event_entries')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('form', 'varchar(40)', (c) => c.notNull())
    .addColumn('phone', 'varchar(11)', (c) => c.notNull())
    // The validated form as JSON text: each event's form may differ, and staff export it as is.
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('event_entries_slug_user', ['slug', 'user_id'])
    .execute()
  await db.schema
    .createTable('event_check_ins')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(30)', (c) => c.notNull())
    .addColumn('phone', 'varchar(11)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('event_check_ins_slug_phone', ['slug', 'phone'])
    .execute()
}
