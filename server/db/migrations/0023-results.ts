import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'
import type { Dialect } from '../connect.ts'

/**
 * Leaderboard decisions and published results (issue 24 items 6 and 7, README "Judging").
 * - `judging_advancements`: the entries an organiser confirmed into a later round (`round_id` is the
 *   round they enter). While a round has none, the definition's rule decides (all submitted, passed
 *   the previous round, top N per range); once confirmed, these rows are the round's entries.
 * - `result_awards`: one row per entry of the competition's results, written when the organiser
 *   confirms or changes the award suggestions: the final round's result and rank within the range, and
 *   the award (null: no award). Nothing in it is public until the publication says so.
 * - `result_publications`: one row per competition: `scheduled` with `publish_at` (UTC ISO) until the
 *   time comes, then `published` with `published_at`. A scheduled row is read again at every start, so
 *   a restart between scheduling and the time does not lose the publication; `version` lets one
 *   conditional UPDATE win when several publishers race.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('judging_advancements')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('round_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) =>
      c.notNull().references('competition_works.id').onDelete('cascade'),
    )
    .addColumn('decided_by', 'integer', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('judging_advancements_unique', ['competition_id', 'round_id', 'work_id'])
    .execute()
  await db.schema
    .createTable('result_awards')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('work_id', 'integer', (c) =>
      c.notNull().references('competition_works.id').onDelete('cascade'),
    )
    .addColumn('registration_id', 'integer', (c) => c.notNull())
    .addColumn('range', 'varchar(40)', (c) => c.notNull())
    /** The final round's result as a decimal string (exact: no float column differs by database). */
    .addColumn('result', 'varchar(24)')
    .addColumn('rank', 'integer')
    .addColumn('award_id', 'varchar(40)')
    .addColumn('award_title', 'varchar(40)')
    .addColumn('decided_by', 'integer', (c) => c.notNull())
    .addColumn('decided_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('result_awards_unique', ['competition_id', 'work_id'])
    .execute()
  await db.schema
    .createIndex('result_awards_registration')
    .on('result_awards')
    .columns(['registration_id'])
    .execute()
  await db.schema
    .createTable('result_publications')
    .addColumn('competition_id', 'integer', (c) => c.primaryKey())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('publish_at', 'varchar(32)')
    .addColumn('published_at', 'varchar(32)')
    .addColumn('published_by', 'integer')
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}
