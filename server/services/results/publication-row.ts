import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'

/** A competition's row of result_publications, or undefined before anything was scheduled or published. */
export function publicationRow(k: Kysely<Database>, competitionId: number) {
  return k
    .selectFrom('result_publications')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .executeTakeFirst()
}
