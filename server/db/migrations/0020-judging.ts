import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'
import type { Dialect } from '../connect.ts'

/**
 * Judging (issue 24 item 5, README "Judging"): which judge sees which entry of a round, the conflicts
 * of interest judges declare, and their score sheets. An entry is a competition work; a round is the
 * definition's round id.
 * - `judging_assignments`: unique per (competition, round, work, judge), so re-running the assignment
 *   or a burst of it cannot store one twice; a declared conflict deletes the judge's row.
 * - `judging_conflicts`: unique per (work, judge) — a conflict holds for every round of the work.
 * - `judging_sheets`: one per (competition, round, work, judge), written by an upsert (autosave);
 *   `scores` is JSON text (criterion id → score), `pass` 1/0 for a qualifying round, `submitted` 1 once
 *   the judge submitted a complete sheet.
 * - `judging_round_locks`: one row per round, updated at the start of every assignment change so two
 *   at once take turns (a row lock on PostgreSQL; SQLite writes one transaction at a time anyway).
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('judging_assignments')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('round_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) =>
      c.notNull().references('competition_works.id').onDelete('cascade'),
    )
    .addColumn('judge_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('assigned_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('judging_assignments_unique', ['competition_id', 'round_id', 'work_id', 'judge_id'])
    .execute()
  await db.schema
    .createIndex('judging_assignments_judge')
    .on('judging_assignments')
    .columns(['judge_id', 'competition_id', 'round_id'])
    .execute()
  await db.schema
    .createTable('judging_conflicts')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('round_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) =>
      c.notNull().references('competition_works.id').onDelete('cascade'),
    )
    .addColumn('judge_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('declared_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('judging_conflicts_unique', ['work_id', 'judge_id'])
    .execute()
  await db.schema
    .createTable('judging_sheets')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('round_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) =>
      c.notNull().references('competition_works.id').onDelete('cascade'),
    )
    .addColumn('judge_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scores', 'text', (c) => c.notNull())
    .addColumn('pass', 'integer')
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('submitted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('submitted_at', 'varchar(32)')
    .addUniqueConstraint('judging_sheets_unique', ['competition_id', 'round_id', 'work_id', 'judge_id'])
    .execute()
  await db.schema
    .createTable('judging_round_locks')
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('round_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('judging_round_locks_pk', ['competition_id', 'round_id'])
    .execute()
}
