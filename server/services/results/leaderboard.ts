import type { Kysely } from 'kysely'
import type { JudgingRound } from '../../../definitions/competition/judging.ts'
import { consensus, rankByRange, spread, weightedScore } from '../../../definitions/competition/scoring.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import { entryNumber } from '../../../schemas/api/judging.ts'
import type { LeaderboardEntry, ResultsRound } from '../../../schemas/api/results.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { roundEntries, roundResults, sheetsOf } from '../judging/entries.ts'
import { JUDGING_MSG, roundState } from '../judging/rounds.ts'
import { isPublished } from './published.ts'

type K = Kysely<Database>

/**
 * The organisers' leaderboard (README "Leaderboard and publishing results"): per range, each entry of a
 * round with its result (a scored round's combined score and rank, ties flagged; a qualifying round's
 * verdict and votes), the judges' spread and outlier sheets, and how many sheets are in. The arithmetic
 * is definitions/competition/scoring.ts and the results those of judging/entries.ts, as judges and
 * certificates see them.
 */

export const rangeLabelOf = (c: Competition, value: string) =>
  [...c.ranges.default, ...(c.ranges.propositional ?? [])].find((r) => r.value === value)?.label ?? value

/** The competition's judging rounds, or a 404 when it has none. */
export function roundsOf(c: Competition): JudgingRound[] {
  const rounds = c.judging?.rounds ?? []
  if (!rounds.length) throw new BusinessError(CODE.notFound, JUDGING_MSG.noJudging)
  return rounds
}

export function roundIndex(c: Competition, roundId: string | undefined): number {
  const rounds = roundsOf(c)
  if (roundId === undefined) return rounds.length - 1
  const index = rounds.findIndex((r) => r.id === roundId)
  if (index < 0) throw new BusinessError(CODE.notFound, JUDGING_MSG.unknownRound(roundId))
  return index
}

/** Assigned sheets and those submitted (by judges still assigned) across a round. */
export async function roundProgress(k: K, competitionId: number, roundId: string) {
  const { judges, sheets } = await sheetsOf(k, competitionId, roundId)
  const assigned = [...judges.values()].reduce((n, set) => n + set.size, 0)
  return { assigned, submitted: sheets.length }
}

/** A round is done (its results final) once closed, or once every assigned sheet is submitted. */
export async function roundStatus(k: K, c: Competition, round: JudgingRound, now = Date.now()) {
  const [progress, published] = await Promise.all([
    roundProgress(k, c.competitionId, round.id),
    isPublished(k, c.competitionId),
  ])
  const state = roundState(round, now, published)
  const done = state === 'closed' || (progress.assigned > 0 && progress.submitted === progress.assigned)
  return { state, done, missing: progress.assigned - progress.submitted }
}

export async function roundSummary(k: K, c: Competition, round: JudgingRound, now = Date.now()) {
  const { state, done } = await roundStatus(k, c, round, now)
  return {
    roundId: round.id,
    title: round.title,
    mode: round.mode,
    opens: round.opens,
    closes: round.closes,
    state,
    done,
  } satisfies ResultsRound
}

/** The work name and the entrant's account of each work. */
export async function workLabels(k: K, workIds: number[]) {
  if (!workIds.length)
    return new Map<number, { worksName: string; entrant: string; registrationId: number }>()
  const rows = await k
    .selectFrom('competition_works as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.id', 'w.base', 'w.registration_id', 'u.account'])
    .where('w.id', 'in', workIds)
    .execute()
  return new Map(
    rows.map((r) => {
      let name = ''
      try {
        const v = (JSON.parse(r.base) as { worksName?: unknown }).worksName
        name = typeof v === 'string' ? v : ''
      } catch {}
      return [r.id, { worksName: name, entrant: r.account, registrationId: r.registration_id }]
    }),
  )
}

/** One round's leaderboard, ranges in the definition's order, each range best first. */
export async function roundLeaderboard(
  k: K,
  c: Competition,
  index: number,
): Promise<Array<{ range: string; rangeLabel: string; entries: LeaderboardEntry[] }>> {
  const round = roundsOf(c)[index]!
  const entries = await roundEntries(k, c, index)
  const [results, { judges, sheets }, labels, accounts] = await Promise.all([
    roundResults(k, round, c.competitionId, entries),
    sheetsOf(k, c.competitionId, round.id),
    workLabels(
      k,
      entries.map((e) => e.workId),
    ),
    judgeAccounts(k, c.competitionId, round.id),
  ])
  const ranks = new Map<number, { rank: number; tied: boolean }>()
  if (round.mode === 'score')
    for (const ranking of rankByRange(results.map((r) => ({ item: r, result: r.result }))).values())
      for (const x of ranking) ranks.set(x.item.workId, { rank: x.rank, tied: x.tied })
  const rows = results.map((e): LeaderboardEntry & { range: string } => {
    const mine = sheets.filter((s) => s.work_id === e.workId).sort((a, b) => a.judge_id - b.judge_id)
    const assigned = judges.get(e.workId)?.size ?? 0
    const scores =
      round.mode === 'score'
        ? mine.map((s) => weightedScore(round.criteria, JSON.parse(s.scores) as Record<string, unknown>))
        : mine.map(() => undefined)
    // spread() answers outliers as indexes into the numbers it was given: map them back to sheets.
    const scored = scores.flatMap((x, i) => (x === undefined ? [] : [i]))
    const { range, outliers } = spread(scored.map((i) => scores[i]!))
    const outlierSheets = new Set(outliers.map((i) => scored[i]))
    const votes = mine.filter((s) => s.pass !== null).map((s) => s.pass === 1)
    const vote = round.mode === 'qualifying' ? consensus(round.consensus, votes, assigned) : undefined
    const label = labels.get(e.workId)
    return {
      range: e.range,
      workId: e.workId,
      entryNumber: entryNumber(e.workId),
      worksName: label?.worksName ?? '',
      entrant: label?.entrant ?? '',
      result: e.result ?? null,
      rank: ranks.get(e.workId)?.rank ?? null,
      tied: ranks.get(e.workId)?.tied ?? false,
      verdict: vote ? (assigned ? vote.verdict : 'pending') : null,
      passes: vote?.passes ?? 0,
      fails: vote?.fails ?? 0,
      needed: vote?.needed ?? 0,
      spread: scored.length >= 2 ? range : null,
      outliers: outliers.length,
      submitted: mine.length,
      assigned,
      sheets: mine.map((s, i) => ({
        judge: accounts.get(s.judge_id) ?? '',
        score: scores[i] ?? null,
        pass: s.pass === null ? null : s.pass === 1,
        outlier: outlierSheets.has(i),
      })),
    }
  })
  const order = [...c.ranges.default, ...(c.ranges.propositional ?? [])].map((r) => r.value)
  const ranges = [...new Set(rows.map((r) => r.range))].sort(
    (a, b) => rankOf(order, a) - rankOf(order, b) || a.localeCompare(b),
  )
  return ranges.map((range) => ({
    range,
    rangeLabel: rangeLabelOf(c, range),
    entries: rows
      .filter((r) => r.range === range)
      .sort((a, b) => byStanding(a, b))
      .map(({ range: _, ...entry }) => entry),
  }))
}

const rankOf = (order: string[], value: string) => {
  const i = order.indexOf(value)
  return i < 0 ? order.length : i
}

const VERDICT_ORDER = { passed: 0, pending: 1, failed: 2 } as const

/** Best first: by rank (unranked last), by verdict for a qualifying round, then by entry number. */
function byStanding(a: LeaderboardEntry, b: LeaderboardEntry): number {
  const rank = (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER)
  const verdict = (a.verdict ? VERDICT_ORDER[a.verdict] : 0) - (b.verdict ? VERDICT_ORDER[b.verdict] : 0)
  return rank || verdict || a.workId - b.workId
}

async function judgeAccounts(k: K, competitionId: number, roundId: string) {
  const rows = await k
    .selectFrom('judging_assignments as a')
    .innerJoin('users as u', 'u.id', 'a.judge_id')
    .select(['u.id', 'u.account'])
    .where('a.competition_id', '=', competitionId)
    .where('a.round_id', '=', roundId)
    .execute()
  return new Map(rows.map((r) => [r.id, r.account]))
}
