import { type Kysely, sql } from 'kysely'
import { countWrites } from '../version-triggers.ts'

/** The tables every instance serves from memory; each has its own counter in reference_versions. */
export const REFERENCE_TABLES = ['menus', 'partners', 'dictionaries', 'regions'] as const
export type ReferenceTable = (typeof REFERENCE_TABLES)[number]

/** The PostgreSQL channel a bump is announced on (README "Reference data from memory"). */
export const REFERENCE_CHANNEL = 'kabu_reference'

/**
 * One counter per cached table, bumped by a trigger in the same transaction as any row written to it —
 * by the seed, `npm run seed`, or an operator's own SQL — so no write can forget it. Each server
 * instance polls the counters (and on PostgreSQL also LISTENs on REFERENCE_CHANNEL) and rebuilds its
 * cache of a table whose counter moved.
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('reference_versions')
    .addColumn('name', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute()
  const k = db as unknown as Kysely<{ reference_versions: { name: string; version: number } }>
  await k
    .insertInto('reference_versions')
    .values(REFERENCE_TABLES.map((name) => ({ name, version: 1 })))
    .execute()

  if (dialect === 'postgres') {
    await sql`
      CREATE FUNCTION kabu_bump_reference() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE reference_versions SET version = version + 1 WHERE name = TG_ARGV[0];
        PERFORM pg_notify(${sql.lit(REFERENCE_CHANNEL)}, TG_ARGV[0]);
        RETURN NULL;
      END
      $$`.execute(db)
  }
  for (const table of REFERENCE_TABLES) await countWrites(db, dialect, table)
}
