import type { Transaction } from 'kysely'
import type { Database } from '../../db/schema.ts'

type Trx = Transaction<Database>

/**
 * Takes the round's turn: every change of a round's assignments starts by updating its lock row, so
 * on PostgreSQL a second change waits for the first to commit and then sees its rows (SQLite runs one
 * write transaction at a time anyway). A judge's sheet takes the same turn, so a publication (which
 * takes every round's) never interleaves with a sheet being saved: the sheet commits before it, or sees it.
 */
export async function lockRound(trx: Trx, competitionId: number, roundId: string): Promise<void> {
  await trx
    .insertInto('judging_round_locks')
    .values({ competition_id: competitionId, round_id: roundId, version: 0 })
    .onConflict((oc) => oc.columns(['competition_id', 'round_id']).doNothing())
    .execute()
  await trx
    .updateTable('judging_round_locks')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('competition_id', '=', competitionId)
    .where('round_id', '=', roundId)
    .execute()
}
