import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'
import type { Dialect } from '../connect.ts'
import { countWrites } from '../version-triggers.ts'

/**
 * Definition reloads (README "定义文件的重新读取"): one row each time staff had the definition files
 * re-read — `npm run definitions:reload`, the console's button, or a development server's watcher —
 * after every file passed the check. Counted like the schedule of migration 0030: the row bumps its
 * counter (and NOTIFYs on PostgreSQL), so every instance re-reads competitions/, events/ and
 * landing-pages/ from its DEFINITIONS_ROOT and empties its page cache, with no restart. Each instance
 * then notes in `definition_reload_acks` whether its files passed and were the ones the asker checked.
 */
export const DEFINITION_TABLES = ['definition_reloads'] as const

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('definition_reloads')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    // 'cli' | 'console' | 'watch'
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('requested_by', 'integer')
    .addColumn('requested_at', 'varchar(32)', (c) => c.notNull())
    // What was read: counts of competitions, events and landing pages (JSON).
    .addColumn('summary', 'text', (c) => c.notNull())
    // The files the asker checked (definitions/core/files-digest.ts): each instance compares its own.
    .addColumn('digest', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute()
  // One row per instance that read the files again for a reload: whether its files passed the check
  // and were the asker's, so the console shows an instance that was left behind.
  await db.schema
    .createTable('definition_reload_acks')
    .addColumn('reload_id', 'integer', (c) => c.notNull())
    .addColumn('instance', 'varchar(120)', (c) => c.notNull())
    .addColumn('digest', 'varchar(64)', (c) => c.notNull())
    .addColumn('problems', 'integer', (c) => c.notNull())
    .addColumn('first_problem', 'text')
    .addColumn('read_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('definition_reload_acks_pk', ['reload_id', 'instance'])
    .execute()
  const k = db as unknown as Kysely<{ reference_versions: { name: string; version: number } }>
  await k
    .insertInto('reference_versions')
    .values(DEFINITION_TABLES.map((name) => ({ name, version: 1 })))
    .execute()
  for (const table of DEFINITION_TABLES) await countWrites(db, dialect, table)
}
