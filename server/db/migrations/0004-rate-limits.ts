import type { Kysely } from 'kysely'

/**
 * Counters for sign-in and SMS limits. In the database, not in memory, so every server instance on
 * one database sees the same counts and a restart forgets nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    // e.g. `login:account:13800000001`, `login:address:203.0.113.7`, `code:recipient:13800000001`
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('window_start', 'varchar(32)', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rate_limits_window_start').on('rate_limits').column('window_start').execute()
}
