import { describe, expect, it } from 'vitest'
import type { AwardLevel, Consensus, Criterion } from '../../definitions/competition/judging.ts'
import {
  combine,
  consensus,
  mean,
  rank,
  rankByRange,
  spread,
  suggestAwards,
  topPerRange,
  trimmedMean,
  type Verdict,
  weightedScore,
} from '../../definitions/competition/scoring.ts'

/** The judging arithmetic (definitions/competition/scoring.ts) as tables: input, expected output. */
const CRITERIA: Criterion[] = [
  { id: 'innovation', title: '创新性', max: 10, weight: 0.5 },
  { id: 'function', title: '功能', max: 5, weight: 0.3 },
  { id: 'look', title: '美观', max: 20, weight: 0.2 },
]

describe('a judge’s weighted score (0–100)', () => {
  it.each<[string, Record<string, unknown>, number | undefined]>([
    ['full marks', { innovation: 10, function: 5, look: 20 }, 100],
    ['nothing', { innovation: 0, function: 0, look: 0 }, 0],
    ['each criterion on its own maximum', { innovation: 5, function: 5, look: 0 }, 55],
    ['weights that do not sum to 1 are normalised', { innovation: 8, function: 4, look: 10 }, 74],
    ['fractions', { innovation: 7.5, function: 2.5, look: 15 }, 67.5],
    ['a missing criterion: no score yet', { innovation: 10, function: 5 }, undefined],
    ['a score above the maximum', { innovation: 11, function: 5, look: 20 }, undefined],
    ['a negative score', { innovation: -1, function: 5, look: 20 }, undefined],
    ['a score that is text', { innovation: '9', function: 5, look: 20 }, undefined],
  ])('%s', (_what, scores, expected) => {
    expect(weightedScore(CRITERIA, scores)).toBe(expected)
  })

  it('normalises any weights: doubling every weight changes nothing', () => {
    const doubled = CRITERIA.map((c) => ({ ...c, weight: c.weight * 2 }))
    expect(weightedScore(doubled, { innovation: 8, function: 4, look: 10 })).toBe(74)
  })
})

describe('the result across judges', () => {
  it.each<[number[], number | undefined, number | undefined]>([
    // scores, mean, trimmed mean
    [[], undefined, undefined],
    [[80], 80, 80],
    [[80, 90], 85, 85], // fewer than 3: the trimmed mean is the mean
    [[70, 80, 90], 80, 80],
    [[10, 80, 82, 84, 100], 71.2, 82],
    [[60, 60, 60, 95], 68.75, 60], // one highest and one lowest dropped, even when equal to others
    [[0.1, 0.2, 0.3], 0.2, 0.2],
    [[85.5, 85.5, 85.5], 85.5, 85.5],
  ])('%j → mean %s, trimmed mean %s', (scores, m, t) => {
    expect(mean(scores)).toBe(m)
    expect(trimmedMean(scores)).toBe(t)
    expect(combine(scores, 'mean')).toBe(m)
    expect(combine(scores, 'trimmedMean')).toBe(t)
  })
})

describe('ranking with ties', () => {
  it.each<[string, Array<number | undefined>, Array<[string, number, boolean]>]>([
    [
      'distinct',
      [70, 90, 80],
      [
        ['b', 1, false],
        ['c', 2, false],
        ['a', 3, false],
      ],
    ],
    [
      'a tie shares a rank and the next rank skips',
      [90, 85, 90, 80],
      [
        ['a', 1, true],
        ['c', 1, true],
        ['b', 3, false],
        ['d', 4, false],
      ],
    ],
    [
      'a tie further down',
      [90, 80, 80, 80, 70],
      [
        ['a', 1, false],
        ['b', 2, true],
        ['c', 2, true],
        ['d', 2, true],
        ['e', 5, false],
      ],
    ],
    ['entries without a result are left out', [undefined, 60], [['b', 1, false]]],
    [
      'floating noise is no difference',
      [0.1 + 0.2, 0.3],
      [
        ['a', 1, true],
        ['b', 1, true],
      ],
    ],
  ])('%s', (_what, results, expected) => {
    const items = results.map((result, i) => ({ item: 'abcde'[i]!, result }))
    expect(rank(items).map((r) => [r.item, r.rank, r.tied])).toEqual(expected)
  })

  it('ranks each range on its own', () => {
    const ranked = rankByRange([
      { item: { id: 1, range: 'product' }, result: 70 },
      { item: { id: 2, range: 'concept' }, result: 95 },
      { item: { id: 3, range: 'product' }, result: 88 },
      { item: { id: 4, range: 'concept' }, result: 60 },
    ])
    expect([...ranked].map(([range, rs]) => [range, rs.map((r) => [r.item.id, r.rank])])).toEqual([
      [
        'product',
        [
          [3, 1],
          [1, 2],
        ],
      ],
      [
        'concept',
        [
          [2, 1],
          [4, 2],
        ],
      ],
    ])
  })
})

describe('the judges’ spread and outliers (more than 20 points from the median sheet)', () => {
  it.each<[number[], number, number, number[]]>([
    [[], 0, 0, []],
    [[80], 0, 0, []],
    [[80, 20], 60, 30, []], // two sheets: no “others” to measure against
    [[80, 82, 84], 4, 1.632993, []],
    [[80, 82, 30], 52, 24.055491, [2]], // 30 is 50 from the median 80; 80 and 82 are not flagged
    [[80, 60, 79], 20, 9.201449, []], // 60 is 19 from the median 79: within
    [[80, 58, 79], 22, 10.143416, [1]], // 58 is 21 away
    [[10, 90, 50, 55, 52], 80, 25.374002, [0, 1]],
  ])('%j → range %s, deviation %s, outliers %j', (scores, range, deviation, outliers) => {
    const s = spread(scores)
    expect(s.range).toBe(range)
    expect(s.deviation).toBeCloseTo(deviation, 4)
    expect(s.outliers).toEqual(outliers)
  })
})

describe('qualifying consensus', () => {
  it.each<[Consensus, boolean[], number, Verdict, number]>([
    // rule, votes so far, judges assigned, verdict, passes needed
    ['majority', [true, true], 3, 'passed', 2],
    ['majority', [true, false], 3, 'pending', 2],
    ['majority', [false, false], 3, 'failed', 2],
    ['majority', [true, true, false, false], 4, 'failed', 3], // half is not a majority
    ['majority', [true, true, true, false], 4, 'passed', 3],
    ['majority', [true], 1, 'passed', 1],
    ['unanimous', [true, true, true], 3, 'passed', 3],
    ['unanimous', [true, true], 3, 'pending', 3],
    ['unanimous', [true, false], 3, 'failed', 3],
    [{ atLeast: 1 }, [false, false, true], 3, 'passed', 1],
    [{ atLeast: 2 }, [false], 3, 'pending', 2],
    [{ atLeast: 2 }, [false, false], 3, 'failed', 2],
    ['majority', [], 3, 'pending', 2],
  ])('%j with %j of %s judges → %s', (rule, votes, judges, verdict, needed) => {
    const c = consensus(rule, votes, judges)
    expect(c.verdict).toBe(verdict)
    expect(c.needed).toBe(needed)
    expect(c.passes + c.fails).toBe(votes.length)
  })
})

const ranking = (results: number[]) => rank(results.map((result, i) => ({ item: `e${i + 1}`, result })))

describe('top N per range advances', () => {
  it.each<[number[], number, string[], boolean]>([
    [[90, 80, 70, 60], 2, ['e1', 'e2'], false],
    [[90, 80, 80, 60], 2, ['e1', 'e2', 'e3'], true], // a tie across the boundary advances whole
    [[90, 90, 80], 1, ['e1', 'e2'], true],
    [[90, 80], 5, ['e1', 'e2'], false], // fewer entries than places
    [[90, 80, 80, 60], 3, ['e1', 'e2', 'e3'], false], // a tie inside the places is no boundary
  ])('%j, top %s → %j (tie at boundary: %s)', (results, n, expected, tie) => {
    const { advance, tieAtBoundary } = topPerRange(ranking(results), n)
    expect(advance.map((r) => r.item)).toEqual(expected)
    expect(tieAtBoundary).toBe(tie)
  })
})

describe('award suggestions from the ranking and the counts per range', () => {
  const LEVELS: AwardLevel[] = [
    { id: 'gold', title: '金奖', count: 1 },
    { id: 'silver', title: '银奖', count: 2 },
    { id: 'bronze', title: '铜奖', count: 0 },
    { id: 'merit', title: '优秀奖', count: 2 },
  ]
  it.each<[string, number[], Array<[string, string[], boolean]>]>([
    [
      'no ties',
      [95, 90, 85, 80, 75, 70],
      [
        ['gold', ['e1'], false],
        ['silver', ['e2', 'e3'], false],
        ['bronze', [], false],
        ['merit', ['e4', 'e5'], false],
      ],
    ],
    [
      'a tie across the gold boundary joins gold whole and is flagged; silver starts after it',
      [95, 95, 85, 80, 75, 70],
      [
        ['gold', ['e1', 'e2'], true],
        ['silver', ['e3', 'e4'], false],
        ['bronze', [], false],
        ['merit', ['e5', 'e6'], false],
      ],
    ],
    [
      'a tie inside a level is no boundary',
      [95, 90, 90, 80, 75],
      [
        ['gold', ['e1'], false],
        ['silver', ['e2', 'e3'], false],
        ['bronze', [], false],
        ['merit', ['e4', 'e5'], false],
      ],
    ],
    [
      'a tie across the last boundary is flagged, not cut',
      [95, 90, 85, 80, 70, 70, 70],
      [
        ['gold', ['e1'], false],
        ['silver', ['e2', 'e3'], false],
        ['bronze', [], false],
        ['merit', ['e4', 'e5', 'e6', 'e7'], true],
      ],
    ],
    [
      'fewer entries than awards',
      [60, 50],
      [
        ['gold', ['e1'], false],
        ['silver', ['e2'], false],
        ['bronze', [], false],
        ['merit', [], false],
      ],
    ],
  ])('%s', (_what, results, expected) => {
    const suggested = suggestAwards(ranking(results), LEVELS)
    expect(suggested.map((s) => [s.level.id, s.entries.map((e) => e.item), s.tieAtBoundary])).toEqual(
      expected,
    )
  })
})
