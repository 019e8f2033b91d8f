import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { can, STAFF_MSG } from '../staff/roles.ts'

/**
 * A judge's seat on one round: staffRoute('judge') checked the competition; a judge granted one round
 * only (npm run grant … --round) is refused the others with 无权访问, as any staff check refuses.
 */
export async function requireRoundSeat(
  k: Kysely<Database>,
  userId: number,
  competitionId: number,
  roundId: string,
): Promise<void> {
  if (!(await can(k, userId, 'judge', competitionId, roundId)))
    throw new BusinessError(CODE.unauthorized, STAFF_MSG.forbidden)
}
