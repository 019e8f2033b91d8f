import type { Kysely } from 'kysely'

/**
 * Competition certificates issued at publication (issue 25 item 3, README "Competition
 * certificates"): a row once the certificates job of a published competition has issued every
 * certified entry's certificate and kept its PDF. A start queues the job again for a published
 * competition without one — the in-process queue of SQLite loses its jobs with the process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('certificate_runs')
    .addColumn('competition_id', 'integer', (c) => c.primaryKey())
    .addColumn('done_at', 'varchar(32)', (c) => c.notNull())
    .execute()
}
