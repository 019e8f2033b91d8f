import type { Kysely } from 'kysely'
import { countWrites } from '../version-triggers.ts'

/**
 * Tables whose writes change what public pages show at once, counted like the reference tables of
 * migration 0005: a results publication (the results page, the competition's index linking it, the
 * winners' covers) empties the page cache of every instance (README "The page cache").
 */
export const PAGE_TABLES = ['result_publications'] as const

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  const k = db as unknown as Kysely<{ reference_versions: { name: string; version: number } }>
  await k
    .insertInto('reference_versions')
    .values(PAGE_TABLES.map((name) => ({ name, version: 1 })))
    .execute()
  for (const table of PAGE_TABLES) await countWrites(db, dialect, table)
}
