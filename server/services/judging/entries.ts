import type { Kysely } from 'kysely'
import type { JudgingRound } from '../../../definitions/competition/judging.ts'
import {
  combine,
  consensus,
  rankByRange,
  topPerRange,
  weightedScore,
} from '../../../definitions/competition/scoring.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { Database } from '../../db/schema.ts'
import { eligibleWorkIds } from './eligibility.ts'

type K = Kysely<Database>

/** A submitted work of a competition as judging sees it: its id and its range. */
export interface RoundEntry {
  workId: number
  range: string
}

/** A work's range (参赛类别) from its base form as stored (JSON text); empty when unreadable. */
export const rangeOf = (base: string): string => {
  try {
    const v = (JSON.parse(base) as { range?: unknown }).range
    return typeof v === 'string' ? v : ''
  } catch {
    return ''
  }
}

/**
 * Every work of the competition that judging takes (eligibility.ts: a live work of a confirmed entry
 * that is neither returned nor disqualified), by id.
 */
export async function submittedWorks(k: K, competitionId: number): Promise<RoundEntry[]> {
  const rows = await k
    .selectFrom('competition_works as w')
    .select(['w.id', 'w.base'])
    .where('w.id', 'in', eligibleWorkIds(k, competitionId))
    .orderBy('w.id')
    .execute()
  return rows.map((r) => ({ workId: r.id, range: rangeOf(r.base) }))
}

/**
 * Per work of a round that judging still takes: the submitted sheets of the judges still assigned to
 * it, and how many are assigned. A work that left judging counts for nothing (not even as missing).
 */
export async function sheetsOf(k: K, competitionId: number, roundId: string) {
  const assigned = await k
    .selectFrom('judging_assignments')
    .select(['work_id', 'judge_id'])
    .where('competition_id', '=', competitionId)
    .where('round_id', '=', roundId)
    .where('work_id', 'in', eligibleWorkIds(k, competitionId))
    .execute()
  const sheets = await k
    .selectFrom('judging_sheets')
    .select(['work_id', 'judge_id', 'scores', 'pass'])
    .where('competition_id', '=', competitionId)
    .where('round_id', '=', roundId)
    .where('submitted', '=', 1)
    .execute()
  const judges = new Map<number, Set<number>>()
  for (const a of assigned) judges.set(a.work_id, (judges.get(a.work_id) ?? new Set()).add(a.judge_id))
  return { judges, sheets: sheets.filter((s) => judges.get(s.work_id)?.has(s.judge_id)) }
}

/** The result of each entry of a round: a scored round's combined score, a qualifying round's verdict. */
export async function roundResults(
  k: K,
  round: JudgingRound,
  competitionId: number,
  entries: RoundEntry[],
): Promise<Array<RoundEntry & { result?: number; passed?: boolean }>> {
  const { judges, sheets } = await sheetsOf(k, competitionId, round.id)
  return entries.map((e) => {
    const mine = sheets.filter((s) => s.work_id === e.workId)
    if (round.mode === 'qualifying') {
      const votes = mine.filter((s) => s.pass !== null).map((s) => s.pass === 1)
      const n = judges.get(e.workId)?.size ?? 0
      return { ...e, passed: n > 0 && consensus(round.consensus, votes, n).verdict === 'passed' }
    }
    const scores = mine
      .map((s) => weightedScore(round.criteria, JSON.parse(s.scores) as Record<string, unknown>))
      .filter((x): x is number => x !== undefined)
    return { ...e, result: combine(scores, round.result) }
  })
}

/**
 * The entries that enter round `index` of the competition's judging (README "Judging"): the entries an
 * organiser confirmed into it (judging_advancements) when there are any, else the definition's rule.
 */
export async function roundEntries(k: K, c: Competition, index: number): Promise<RoundEntry[]> {
  const round = c.judging?.rounds[index]
  if (!round) return []
  if (index > 0) {
    const confirmed = await confirmedAdvancements(k, c.competitionId, round.id)
    if (confirmed.size)
      return (await submittedWorks(k, c.competitionId)).filter((w) => confirmed.has(w.workId))
  }
  return ruleEntries(k, c, index)
}

/** The work ids an organiser confirmed into a round; empty while none are confirmed. */
export async function confirmedAdvancements(
  k: K,
  competitionId: number,
  roundId: string,
): Promise<Set<number>> {
  const rows = await k
    .selectFrom('judging_advancements')
    .select('work_id')
    .where('competition_id', '=', competitionId)
    .where('round_id', '=', roundId)
    .execute()
  return new Set(rows.map((r) => r.work_id))
}

/** The entries the definition's rule lets into round `index`, from the entries and results of the round before. */
export async function ruleEntries(k: K, c: Competition, index: number): Promise<RoundEntry[]> {
  const rounds = c.judging?.rounds ?? []
  const round = rounds[index]
  if (!round) return []
  const all = await submittedWorks(k, c.competitionId)
  if (index === 0 || round.entries === 'allSubmitted') return all
  const previous = rounds[index - 1]!
  const before = await roundEntries(k, c, index - 1)
  const results = await roundResults(k, previous, c.competitionId, before)
  if (round.entries === 'passedPrevious')
    return results.filter((r) => r.passed).map(({ workId, range }) => ({ workId, range }))
  const n = round.entries.topPerRange
  const ranked = rankByRange(
    results.map((r) => ({ item: { workId: r.workId, range: r.range }, result: r.result })),
  )
  return [...ranked.values()]
    .flatMap((ranking) => topPerRange(ranking, n).advance.map((x) => x.item))
    .sort((a, b) => a.workId - b.workId)
}
