import type { Kysely } from 'kysely'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { Database } from '../../db/schema.ts'
import type { Registration } from '../competition-entries.ts'
import { publishedAwardOf } from '../results/published.ts'

/**
 * The award a registration won (e.g. '金奖'), or null — the one place certificates ask (issue 24
 * item 8). It is the published award only: before results are published every certificate is a
 * participation certificate (参赛证书), and a confirmed but unpublished award changes nothing.
 */
export function awardOf(
  db: Kysely<Database>,
  c: Competition,
  registration: Registration,
): Promise<string | null> {
  return publishedAwardOf(db, c, registration.id)
}
