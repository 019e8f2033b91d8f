import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('landing_signups')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull())
    .addColumn('form', 'varchar(40)', (c) => c.notNull())
    .addColumn('phone', 'varchar(11)', (c) => c.notNull())
    // The validated form as JSON text: each page's form may differ, and staff export it as is.
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('landing_signups_slug_phone', ['slug', 'phone'])
    .execute()
}
