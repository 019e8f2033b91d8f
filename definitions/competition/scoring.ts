import type { AwardLevel, Consensus, Criterion } from './judging.ts'

/**
 * The judging arithmetic (issue 24 items 4–6), pure so the server, the leaderboard and the tests share
 * it: a judge's weighted score, the result across judges, rankings with ties, the judges' spread and
 * outliers, qualifying consensus, advancement and award suggestions. README “Judging” states the rules.
 */

/** Results equal to this many decimals are equal (0.1 + 0.2 is 0.3 here): floating sums differ in the 15th. */
const PRECISION = 1e6
const settle = (n: number) => Math.round(n * PRECISION) / PRECISION

/**
 * One judge's sheet on a 0–100 scale: Σ(score ÷ max × weight) ÷ Σweight × 100. Undefined while a
 * criterion is missing or out of its range (a sheet being filled in has no score yet).
 */
export function weightedScore(criteria: Criterion[], scores: Record<string, unknown>): number | undefined {
  let sum = 0
  let weights = 0
  for (const c of criteria) {
    const v = scores[c.id]
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > c.max) return undefined
    sum += (v / c.max) * c.weight
    weights += c.weight
  }
  return weights > 0 ? settle((sum / weights) * 100) : undefined
}

export const mean = (xs: number[]): number | undefined =>
  xs.length ? settle(xs.reduce((a, b) => a + b, 0) / xs.length) : undefined

/** The mean without one highest and one lowest score, when at least 3 judges scored; else the mean. */
export function trimmedMean(xs: number[]): number | undefined {
  if (xs.length < 3) return mean(xs)
  const sorted = [...xs].sort((a, b) => a - b)
  return mean(sorted.slice(1, -1))
}

export function combine(xs: number[], method: 'mean' | 'trimmedMean'): number | undefined {
  return method === 'trimmedMean' ? trimmedMean(xs) : mean(xs)
}

export interface Ranked<T> {
  item: T
  result: number
  /** Competition ranking: equal results share a rank and the next rank skips (1, 1, 3). */
  rank: number
  /** Another entry has the same result. */
  tied: boolean
}

/** Ranks items by result, highest first; equal results share a rank. Items without a result are left out. */
export function rank<T>(items: Array<{ item: T; result: number | undefined }>): Ranked<T>[] {
  const scored = items
    .filter((x): x is { item: T; result: number } => typeof x.result === 'number')
    .map((x) => ({ ...x, result: settle(x.result) }))
    .sort((a, b) => b.result - a.result)
  const out: Ranked<T>[] = []
  for (const [i, x] of scored.entries()) {
    const previous = out[i - 1]
    const rank = previous && previous.result === x.result ? previous.rank : i + 1
    out.push({ item: x.item, result: x.result, rank, tied: false })
  }
  for (const [i, x] of out.entries())
    x.tied = out[i - 1]?.result === x.result || out[i + 1]?.result === x.result
  return out
}

/** Ranks per range: each range's entries ranked on their own. */
export function rankByRange<T extends { range: string }>(
  items: Array<{ item: T; result: number | undefined }>,
): Map<string, Ranked<T>[]> {
  const byRange = new Map<string, Array<{ item: T; result: number | undefined }>>()
  for (const x of items) byRange.set(x.item.range, [...(byRange.get(x.item.range) ?? []), x])
  return new Map([...byRange].map(([range, xs]) => [range, rank(xs)]))
}

/**
 * An outlier sheet (README “Judging”): with at least 3 sheets on an entry, one whose weighted score is
 * more than OUTLIER_POINTS (of 100) away from the median of the entry's sheets. The median, not the
 * mean, so one wild sheet cannot drag the reference towards itself and hide (nor flag the others).
 */
export const OUTLIER_POINTS = 20

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = Math.floor(s.length / 2)
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

export interface Spread {
  /** Highest minus lowest sheet (0 for fewer than 2). */
  range: number
  /** Population standard deviation of the sheets. */
  deviation: number
  /** Indexes (into the given scores) of outlier sheets. */
  outliers: number[]
}

export function spread(xs: number[]): Spread {
  if (xs.length < 2) return { range: 0, deviation: 0, outliers: [] }
  const m = xs.reduce((a, b) => a + b, 0) / xs.length
  const deviation = settle(Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length))
  const middle = median(xs)
  const outliers =
    xs.length < 3 ? [] : xs.flatMap((x, i) => (Math.abs(x - middle) > OUTLIER_POINTS ? [i] : []))
  return { range: settle(Math.max(...xs) - Math.min(...xs)), deviation, outliers }
}

export type Verdict = 'passed' | 'failed' | 'pending'

/** Passes a consensus rule needs out of `judges` assigned. */
export function passesNeeded(rule: Consensus, judges: number): number {
  if (rule === 'unanimous') return judges
  if (rule === 'majority') return Math.floor(judges / 2) + 1
  return rule.atLeast
}

/**
 * A qualifying entry's verdict from its judges' votes (true: pass) out of `judges` assigned: passed
 * once enough passes are in, failed once the votes still to come cannot reach it, else pending.
 */
export function consensus(
  rule: Consensus,
  votes: boolean[],
  judges: number,
): { verdict: Verdict; passes: number; fails: number; needed: number } {
  const passes = votes.filter(Boolean).length
  const fails = votes.length - passes
  const needed = passesNeeded(rule, judges)
  const toCome = Math.max(0, judges - votes.length)
  const verdict = passes >= needed ? 'passed' : passes + toCome < needed ? 'failed' : 'pending'
  return { verdict, passes, fails, needed }
}

/**
 * The entries of one range's ranking that advance with { topPerRange: n }: every entry ranked n or
 * better — a tie across the n-th place advances whole (more than n) and is flagged.
 */
export function topPerRange<T>(
  ranking: Ranked<T>[],
  n: number,
): { advance: Ranked<T>[]; tieAtBoundary: boolean } {
  const advance = ranking.filter((r) => r.rank <= n)
  return { advance, tieAtBoundary: advance.length > n }
}

export interface AwardSuggestion<T> {
  level: AwardLevel
  entries: Ranked<T>[]
  /**
   * Entries tied across this level's last place: all are suggested for the level (so it holds more
   * than its count) and the organiser decides — nobody is cut silently.
   */
  tieAtBoundary: boolean
}

/**
 * Award suggestions for one range's ranking: levels in order (highest first), each taking its count
 * of the next ranked entries; a tie across a level's boundary joins the level whole and is flagged,
 * and the next level starts after it. Levels with count 0 suggest nobody.
 */
export function suggestAwards<T>(ranking: Ranked<T>[], levels: AwardLevel[]): AwardSuggestion<T>[] {
  let next = 0
  return levels.map((level) => {
    if (level.count <= 0 || next >= ranking.length) return { level, entries: [], tieAtBoundary: false }
    let end = Math.min(next + level.count, ranking.length)
    const last = ranking[end - 1]!
    while (end < ranking.length && ranking[end]!.result === last.result) end++
    const entries = ranking.slice(next, end)
    next = end
    return { level, entries, tieAtBoundary: entries.length > level.count }
  })
}
