import type { Kysely } from 'kysely'
import { countWrites } from '../version-triggers.ts'

/**
 * The dates staff set in the console's 赛程 (README "The schedule in the console"): one row per
 * competition and field path of its definition ('phases.results', 'judging.rounds.final.closes'),
 * holding the Beijing-time value that replaces the file's, and who set it when. Counted like the page
 * tables of migration 0025: a write bumps its counter (and NOTIFYs on PostgreSQL), so every instance
 * reloads the overrides into its competitions and empties its page cache at once.
 */
export const SCHEDULE_TABLES = ['competition_schedule_overrides'] as const

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('competition_schedule_overrides')
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('field', 'varchar(80)', (c) => c.notNull())
    .addColumn('value', 'varchar(32)', (c) => c.notNull())
    .addColumn('set_by', 'integer', (c) => c.notNull())
    .addColumn('set_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('competition_schedule_overrides_pk', ['competition_id', 'field'])
    .execute()
  const k = db as unknown as Kysely<{ reference_versions: { name: string; version: number } }>
  await k
    .insertInto('reference_versions')
    .values(SCHEDULE_TABLES.map((name) => ({ name, version: 1 })))
    .execute()
  for (const table of SCHEDULE_TABLES) await countWrites(db, dialect, table)
}
