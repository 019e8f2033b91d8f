import type { Kysely } from 'kysely'

/**
 * Correcting published results (issue 32 item 3, README "Correcting published results"): an
 * organiser reopens a published result with a reason (status `reopened`, not public meanwhile), and
 * the publication keeps what was published then — `snapshot`, each work's award and rank as JSON — so
 * that publishing again tells only the entrants whose result changed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('result_publications').addColumn('snapshot', 'text').execute()
  await db.schema.alterTable('result_publications').addColumn('reopen_reason', 'varchar(200)').execute()
}
