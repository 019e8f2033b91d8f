import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { isPublished } from '../results/published.ts'
import { roundJudges } from './assignment.ts'
import { lockRound } from './round-lock.ts'

type Trx = Transaction<Database>

/** Entries a judge let go when they lost a round seat, by round: what the audit entry records. */
export type Released = Array<{ roundId: string; workIds: number[] }>

/**
 * Takes the turn of every round of a competition before a judge's seats change, in the definition's
 * order (`roundIds` as the definition lists them) as moderation and publication take them, so two
 * changes never wait on each other crosswise: an assignment run then either finished before the
 * change, and its rows are seen and released, or starts after it and no longer sees the judge.
 */
export async function lockRounds(trx: Trx, competitionId: number, roundIds: string[]): Promise<void> {
  for (const roundId of roundIds) await lockRound(trx, competitionId, roundId)
}

/**
 * A judge who no longer sits on a round lets go of its entries they have not submitted (README "Staff
 * roles"): those assignments are deleted, so the entry is short of a judge and the next 分配评审 run
 * gives it to a judge of the panel. Submitted sheets stay with their assignment and count: they were
 * given while the judge sat on the round. A saved, unsubmitted sheet is kept (nothing typed is lost)
 * but no longer counts, as no assignment leads to it. Once results are published the rounds are a
 * record (sheets and assignment are locked): the seat goes, the assignments stay, nothing is released.
 * Run inside the seat change's transaction, after lockRounds (publication takes the same locks).
 */
export async function releaseUnseated(
  trx: Trx,
  competitionId: number,
  judgeId: number,
  roundIds: string[],
): Promise<Released> {
  const released: Released = []
  if (await isPublished(trx, competitionId)) return released
  for (const roundId of roundIds) {
    if ((await roundJudges(trx, competitionId, roundId)).includes(judgeId)) continue
    const pending = await trx
      .selectFrom('judging_assignments as a')
      .select('a.work_id')
      .where('a.competition_id', '=', competitionId)
      .where('a.round_id', '=', roundId)
      .where('a.judge_id', '=', judgeId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('judging_sheets as s')
              .select('s.id')
              .whereRef('s.competition_id', '=', 'a.competition_id')
              .whereRef('s.round_id', '=', 'a.round_id')
              .whereRef('s.work_id', '=', 'a.work_id')
              .whereRef('s.judge_id', '=', 'a.judge_id')
              .where('s.submitted', '=', 1),
          ),
        ),
      )
      .orderBy('a.work_id')
      .execute()
    if (!pending.length) continue
    const workIds = pending.map((p) => p.work_id)
    await trx
      .deleteFrom('judging_assignments')
      .where('competition_id', '=', competitionId)
      .where('round_id', '=', roundId)
      .where('judge_id', '=', judgeId)
      .where('work_id', 'in', workIds)
      .execute()
    released.push({ roundId, workIds })
  }
  return released
}
