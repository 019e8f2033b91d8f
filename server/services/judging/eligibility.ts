import type { Kysely, Transaction } from 'kysely'
import { entryNumber } from '../../../schemas/api/judging.ts'
import type { Database } from '../../db/schema.ts'

type K = Kysely<Database> | Transaction<Database>

/**
 * Who is judged, ranked and awarded (README "Moderation reaches judging and awards"): a live work of
 * an entry that is confirmed (确认提交) and neither returned (退回修改) nor disqualified (取消资格).
 * Every step that leads to a result asks this one rule — assignment, the judge's list and sheet,
 * round progress, the leaderboard, awards, publication — so moderation reaches them all at once.
 * Nothing is deleted when an entry leaves: its assignments and sheets stay, so reinstating it (or the
 * entrant confirming a returned entry again) puts it back where it was.
 */
export function eligibleWorkIds(k: K, competitionId?: number) {
  let query = k
    .selectFrom('competition_works as ew')
    .innerJoin('competition_registrations as er', 'er.id', 'ew.registration_id')
    .select('ew.id')
    .where('ew.deleted_at', 'is', null)
    .where('er.finalised_at', 'is not', null)
    .where('er.moderation', 'is', null)
  if (competitionId !== undefined) query = query.where('ew.competition_id', '=', competitionId)
  return query
}

/** Why a work is out of judging: its entry was returned, disqualified, or is not confirmed. */
export type IneligibleState = 'returned' | 'disqualified' | 'unconfirmed'

export const INELIGIBLE_LABEL: Record<IneligibleState, string> = {
  returned: '已退回修改',
  disqualified: '已取消资格',
  unconfirmed: '未确认提交',
}

export interface IneligibleWork {
  workId: number
  entryNumber: string
  worksName: string
  state: IneligibleState
  reason: string
}

const worksNameOf = (base: string): string => {
  try {
    const v = (JSON.parse(base) as { worksName?: unknown }).worksName
    return typeof v === 'string' ? v : ''
  } catch {
    return ''
  }
}

/** The given works that the rule above leaves out, each with why (work ids of other competitions are ignored). */
export async function ineligibleAmong(
  k: K,
  competitionId: number,
  workIds: number[],
): Promise<Map<number, IneligibleWork>> {
  const out = new Map<number, IneligibleWork>()
  if (!workIds.length) return out
  const rows = await k
    .selectFrom('competition_works as w')
    .innerJoin('competition_registrations as r', 'r.id', 'w.registration_id')
    .select(['w.id', 'w.base', 'w.deleted_at', 'r.finalised_at', 'r.moderation', 'r.moderation_reason'])
    .where('w.competition_id', '=', competitionId)
    .where('w.id', 'in', [...new Set(workIds)])
    .execute()
  for (const r of rows) {
    const state: IneligibleState | null =
      r.moderation === 'disqualified'
        ? 'disqualified'
        : r.moderation === 'returned'
          ? 'returned'
          : r.finalised_at === null || r.deleted_at !== null
            ? 'unconfirmed'
            : null
    if (state)
      out.set(r.id, {
        workId: r.id,
        entryNumber: entryNumber(r.id),
        worksName: worksNameOf(r.base),
        state,
        reason: r.moderation_reason ?? '',
      })
  }
  return out
}

/** The works assigned in a round that have since left judging (the leaderboard lists them apart). */
export async function ineligibleInRound(k: K, competitionId: number, roundId: string) {
  const assigned = await k
    .selectFrom('judging_assignments')
    .select('work_id')
    .distinct()
    .where('competition_id', '=', competitionId)
    .where('round_id', '=', roundId)
    .execute()
  const found = await ineligibleAmong(
    k,
    competitionId,
    assigned.map((a) => a.work_id),
  )
  return [...found.values()].sort((a, b) => a.workId - b.workId)
}
