import type { Kysely } from 'kysely'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { Leaderboard } from '../../../schemas/api/results.ts'
import type { Database } from '../../db/schema.ts'
import { ineligibleInRound } from '../judging/eligibility.ts'
import { advancementOf } from './advancement.ts'
import { roundIndex, roundLeaderboard, roundSummary, roundsOf } from './leaderboard.ts'
import { publicationOf } from './publication.ts'

/** What 评审结果 shows for one round (the last when none is named): GET /api/manage/results. */
export async function leaderboardOf(
  k: Kysely<Database>,
  c: Competition,
  roundId?: string,
): Promise<Leaderboard> {
  const index = roundIndex(c, roundId)
  const rounds = roundsOf(c)
  const summaries = await Promise.all(rounds.map((r) => roundSummary(k, c, r)))
  return {
    competitionId: c.competitionId,
    title: c.title,
    rounds: summaries,
    round: summaries[index]!,
    ranges: await roundLeaderboard(k, c, index),
    excluded: (await ineligibleInRound(k, c.competitionId, rounds[index]!.id)).map(
      ({ workId, entryNumber, worksName, state, reason }) => ({
        workId,
        entryNumber,
        worksName,
        state,
        reason,
      }),
    ),
    advancement: index + 1 < rounds.length ? await advancementOf(k, c, index + 1) : null,
    publication: await publicationOf(k, c),
  }
}
