import type { Kysely, Transaction } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { nowIso } from '../../lib/time.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { isPublished } from '../results/published.ts'
import { writeAudit } from '../staff/audit.ts'
import { eligibleWorkIds } from './eligibility.ts'
import { roundEntries } from './entries.ts'
import { lockRound } from './round-lock.ts'
import { findRound, JUDGING_MSG, roundState } from './rounds.ts'

type Trx = Transaction<Database>

/** The judges of a round: judge roles of the competition for every round or for this one, by user id. */
export async function roundJudges(k: Kysely<Database> | Trx, competitionId: number, roundId: string) {
  const rows = await k
    .selectFrom('staff_roles')
    .select('user_id')
    .distinct()
    .where('role', '=', 'judge')
    .where('competition_id', '=', competitionId)
    .where((eb) => eb.or([eb('round_id', 'is', null), eb('round_id', '=', roundId)]))
    .orderBy('user_id')
    .execute()
  return rows.map((r) => r.user_id)
}

async function conflictsOf(trx: Trx, competitionId: number): Promise<Set<string>> {
  const rows = await trx
    .selectFrom('judging_conflicts')
    .select(['work_id', 'judge_id'])
    .where('competition_id', '=', competitionId)
    .execute()
  return new Set(rows.map((r) => `${r.work_id}:${r.judge_id}`))
}

/**
 * The next judges for an entry: `count` judges not already on it and without a conflict on it, the
 * least loaded first, then the lowest user id — deterministic, and balanced as long as no conflict
 * forbids the least loaded.
 */
export function pickJudges(
  judges: number[],
  load: Map<number, number>,
  taken: Set<number>,
  blocked: (judge: number) => boolean,
  count: number,
): number[] {
  return judges
    .filter((j) => !taken.has(j) && !blocked(j))
    .sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0) || a - b)
    .slice(0, Math.max(0, count))
}

export interface AssignmentOutcome {
  entries: number
  judges: number
  /** Assignments this run added (0 on a re-run with nothing new). */
  added: number
  /** Entries with fewer judges than judgesPerEntry (too few judges without a conflict). */
  short: number[]
  /** Assignments per judge after the run. */
  load: Array<{ judgeId: number; entries: number }>
}

/**
 * Assigns a round's entries to its judges (README "Judging"): each entry that judging takes
 * (eligibility.ts) gets judgesPerEntry judges,
 * never one who declared a conflict on it; existing assignments stay, so a re-run adds only what is
 * missing (new entries, new judges' share is not rebalanced away from work already begun). One audit
 * entry per run.
 */
export async function assignRound(
  k: Kysely<Database>,
  registry: CompetitionRegistry,
  actorId: number | null,
  competitionId: number,
  roundId: string,
): Promise<AssignmentOutcome> {
  const { c, round, index } = findRound(registry, competitionId, roundId)
  if (roundState(round, Date.now()) === 'closed')
    throw new BusinessError(CODE.badRequest, JUDGING_MSG.assignClosed(round))
  return k.transaction().execute(async (trx) => {
    await lockRound(trx, competitionId, roundId)
    if (await isPublished(trx, competitionId))
      throw new BusinessError(CODE.badRequest, JUDGING_MSG.publishedAssign)
    const entries = await roundEntries(trx, c, index)
    const judges = await roundJudges(trx, competitionId, roundId)
    const conflicts = await conflictsOf(trx, competitionId)
    // Assignments of entries that left judging weigh on no judge (they stay for a reinstatement).
    const existing = await trx
      .selectFrom('judging_assignments')
      .select(['work_id', 'judge_id'])
      .where('competition_id', '=', competitionId)
      .where('round_id', '=', roundId)
      .where('work_id', 'in', eligibleWorkIds(trx, competitionId))
      .execute()
    const load = new Map<number, number>(judges.map((j) => [j, 0]))
    const onEntry = new Map<number, Set<number>>()
    for (const a of existing) {
      load.set(a.judge_id, (load.get(a.judge_id) ?? 0) + 1)
      onEntry.set(a.work_id, (onEntry.get(a.work_id) ?? new Set()).add(a.judge_id))
    }
    const now = nowIso()
    const rows: Array<{ work_id: number; judge_id: number }> = []
    const short: number[] = []
    for (const e of entries) {
      const taken = onEntry.get(e.workId) ?? new Set<number>()
      const picked = pickJudges(
        judges,
        load,
        taken,
        (j) => conflicts.has(`${e.workId}:${j}`),
        round.judgesPerEntry - taken.size,
      )
      for (const j of picked) {
        load.set(j, (load.get(j) ?? 0) + 1)
        rows.push({ work_id: e.workId, judge_id: j })
      }
      if (taken.size + picked.length < round.judgesPerEntry) short.push(e.workId)
    }
    if (rows.length)
      await trx
        .insertInto('judging_assignments')
        .values(
          rows.map((r) => ({ ...r, competition_id: competitionId, round_id: roundId, assigned_at: now })),
        )
        .execute()
    await writeAudit(trx, {
      actorId,
      action: 'judging.assign',
      targetType: 'round',
      targetId: roundId,
      competitionId,
      detail: { entries: entries.length, judges: judges.length, added: rows.length, short },
    })
    return {
      entries: entries.length,
      judges: judges.length,
      added: rows.length,
      short,
      load: [...load].map(([judgeId, n]) => ({ judgeId, entries: n })),
    }
  })
}

/**
 * A judge declares a conflict of interest on an entry they were assigned (README "Judging"): the
 * conflict is stored, their assignment removed, and the entry goes to the least-loaded other judge of
 * the round without a conflict on it (none when every judge is on it or conflicted: the entry is then
 * short, which the organiser sees). One audit entry.
 */
export async function declareConflict(
  k: Kysely<Database>,
  competitionId: number,
  roundId: string,
  judgeId: number,
  workId: number,
  reason: string,
): Promise<{ reassignedTo: number | null }> {
  return k.transaction().execute(async (trx) => {
    await lockRound(trx, competitionId, roundId)
    if (await isPublished(trx, competitionId)) throw new BusinessError(CODE.badRequest, JUDGING_MSG.published)
    const removed = await trx
      .deleteFrom('judging_assignments')
      .where('competition_id', '=', competitionId)
      .where('round_id', '=', roundId)
      .where('work_id', '=', workId)
      .where('judge_id', '=', judgeId)
      .executeTakeFirst()
    if (Number(removed.numDeletedRows) !== 1) throw new BusinessError(CODE.notFound, JUDGING_MSG.notAssigned)
    await trx
      .insertInto('judging_conflicts')
      .values({
        competition_id: competitionId,
        round_id: roundId,
        work_id: workId,
        judge_id: judgeId,
        reason,
        declared_at: nowIso(),
      })
      .onConflict((oc) => oc.columns(['work_id', 'judge_id']).doNothing())
      .execute()
    const judges = await roundJudges(trx, competitionId, roundId)
    const conflicts = await conflictsOf(trx, competitionId)
    const assigned = await trx
      .selectFrom('judging_assignments')
      .select(['work_id', 'judge_id'])
      .where('competition_id', '=', competitionId)
      .where('round_id', '=', roundId)
      .execute()
    const load = new Map<number, number>()
    for (const a of assigned) load.set(a.judge_id, (load.get(a.judge_id) ?? 0) + 1)
    const taken = new Set(assigned.filter((a) => a.work_id === workId).map((a) => a.judge_id))
    taken.add(judgeId)
    const [next] = pickJudges(judges, load, taken, (j) => conflicts.has(`${workId}:${j}`), 1)
    if (next !== undefined)
      await trx
        .insertInto('judging_assignments')
        .values({
          competition_id: competitionId,
          round_id: roundId,
          work_id: workId,
          judge_id: next,
          assigned_at: nowIso(),
        })
        .execute()
    await writeAudit(trx, {
      actorId: judgeId,
      action: 'judging.conflict',
      targetType: 'work',
      targetId: workId,
      competitionId,
      detail: { round: roundId, reason, before: { judgeId }, after: { judgeId: next ?? null } },
    })
    return { reassignedTo: next ?? null }
  })
}
