import type { Kysely } from 'kysely'
import { roundSettings } from '../../../definitions/competition/judging.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { ManageJudgingRound, RoundJudge } from '../../../schemas/api/judging.ts'
import type { Database } from '../../db/schema.ts'
import { isPublished } from '../results/published.ts'
import { roundJudges } from './assignment.ts'
import { eligibleWorkIds } from './eligibility.ts'
import { roundEntries } from './entries.ts'
import { roundState } from './rounds.ts'

type K = Kysely<Database>

/** How many rows each key has. */
const countBy = <T>(rows: T[], key: (row: T) => number) => {
  const out = new Map<number, number>()
  for (const r of rows) out.set(key(r), (out.get(key(r)) ?? 0) + 1)
  return out
}

/**
 * The console's view of a competition's judging (README "Organisers and judges"): per round of the
 * definition, the judges holding its role and anyone still assigned after a revoke, with their load,
 * submitted sheets and declared conflicts (of entries judging still takes: eligibility.ts), and how
 * many entries lack judges. Reads only.
 */
export async function judgingOverview(k: K, c: Competition): Promise<ManageJudgingRound[]> {
  const rounds = c.judging?.rounds ?? []
  const competitionId = c.competitionId
  const now = Date.now()
  const published = await isPublished(k, competitionId)
  const out: ManageJudgingRound[] = []
  for (const [index, definition] of rounds.entries()) {
    const round = roundSettings(definition)
    const [holders, entries, assigned, sheets, conflicts] = await Promise.all([
      roundJudges(k, competitionId, round.id),
      roundEntries(k, c, index),
      k
        .selectFrom('judging_assignments')
        .select(['work_id', 'judge_id'])
        .where('competition_id', '=', competitionId)
        .where('round_id', '=', round.id)
        .where('work_id', 'in', eligibleWorkIds(k, competitionId))
        .execute(),
      k
        .selectFrom('judging_sheets as s')
        .innerJoin('judging_assignments as a', (j) =>
          j
            .onRef('a.competition_id', '=', 's.competition_id')
            .onRef('a.round_id', '=', 's.round_id')
            .onRef('a.work_id', '=', 's.work_id')
            .onRef('a.judge_id', '=', 's.judge_id'),
        )
        .select('s.judge_id')
        .where('s.competition_id', '=', competitionId)
        .where('s.round_id', '=', round.id)
        .where('s.submitted', '=', 1)
        .where('s.work_id', 'in', eligibleWorkIds(k, competitionId))
        .execute(),
      k
        .selectFrom('judging_conflicts')
        .select('judge_id')
        .where('competition_id', '=', competitionId)
        .where('round_id', '=', round.id)
        .execute(),
    ])
    const load = countBy(assigned, (a) => a.judge_id)
    const done = countBy(sheets, (s) => s.judge_id)
    const declared = countBy(conflicts, (x) => x.judge_id)
    const perWork = countBy(assigned, (a) => a.work_id)
    const ids = [...new Set([...holders, ...load.keys()])].sort((a, b) => a - b)
    const users = ids.length
      ? await k.selectFrom('users').select(['id', 'account', 'username']).where('id', 'in', ids).execute()
      : []
    const held = new Set(holders)
    const judges: RoundJudge[] = users
      .sort((a, b) => a.account.localeCompare(b.account))
      .map((u) => ({
        account: u.account,
        name: u.username.slice(0, 64),
        holdsRole: held.has(u.id),
        assigned: load.get(u.id) ?? 0,
        submitted: done.get(u.id) ?? 0,
        conflicts: declared.get(u.id) ?? 0,
      }))
    out.push({
      roundId: round.id,
      title: round.title,
      mode: round.mode,
      opens: round.opens,
      closes: round.closes,
      state: roundState(round, now, published),
      judgesPerEntry: round.judgesPerEntry,
      entries: entries.length,
      assigned: assigned.length,
      short: entries.filter((e) => (perWork.get(e.workId) ?? 0) < round.judgesPerEntry).length,
      judges,
    })
  }
  return out
}
