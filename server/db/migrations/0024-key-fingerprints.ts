import type { Kysely } from 'kysely'

/**
 * One row per key the instances share (issue 25 item 1, README "Production"): a SHA-256 fingerprint of
 * the key recorded by the first start, which every later start of every instance compares with its
 * own. A fingerprint cannot be turned back into the key; it only tells two keys apart.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('key_fingerprints')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
    .addColumn('recorded_at', 'varchar(32)', (c) => c.notNull())
    .execute()
}
