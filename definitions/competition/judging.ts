import { checkRoundDates, TIME_FORMAT_MSG } from './schedule.ts'

/**
 * Judging as staff write it in a competition file (issue 24 item 4, competitions/README.md “评审”):
 * rounds, each either a qualifying round (pass or fail, decided by a consensus rule) or a scored round
 * (criteria with a maximum and a weight, the result a mean or a trimmed mean across judges), which
 * entries enter it, how many judges see each entry, and the award levels with their counts per range.
 */
export type Consensus = 'majority' | 'unanimous' | { atLeast: number }

export interface Criterion {
  id: string
  title: string
  /** The highest score a judge may give (scores run from 0). */
  max: number
  /** The criterion's share of the weighted score; weights need not sum to 1. */
  weight: number
}

/** Which entries enter a round: all submitted ones, those that passed the previous round, or its top N per range. */
export type RoundEntries = 'allSubmitted' | 'passedPrevious' | { topPerRange: number }

interface RoundBase {
  id: string
  title: string
  opens: string
  closes: string
  entries: RoundEntries
  judgesPerEntry: number
  /** Judges never see the entrant's identity (default true). */
  blind?: boolean
  /** Judges' comments reach entrants once results are published (default false). */
  shareComments?: boolean
}

export interface QualifyingRound extends RoundBase {
  mode: 'qualifying'
  consensus: Consensus
}

export interface ScoreRound extends RoundBase {
  mode: 'score'
  criteria: Criterion[]
  /** mean: the plain mean; trimmedMean: highest and lowest dropped when at least 3 judges scored. */
  result: 'mean' | 'trimmedMean'
}

export type JudgingRound = QualifyingRound | ScoreRound

export interface Judging {
  rounds: JudgingRound[]
}

export interface AwardLevel {
  id: string
  title: string
  /** How many entries of each range receive it; 0: not given in a range. */
  count: number
}

export interface Awards {
  levels: AwardLevel[]
}

/** A judge's round id, as staff roles store it (server/services/staff/roles.ts checks the same form). */
export const ROUND_ID_PATTERN = '^[a-z0-9][a-z0-9-]{0,39}$'
/** The most entries of one range that may receive one award level: more is a typo, not a prize list. */
const MAX_AWARD_COUNT = 100
const KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,39}$'

const BEIJING = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?\\+08:00$',
}

/** The `judging` and `awards` properties of competitions/competition.schema.json. */
export function judgingSchemaProperties() {
  return {
    judging: {
      type: 'object',
      description: '评审（可省略）：评审轮次、评委人数、是否匿名；评委在 /judge 按此评审',
      properties: {
        rounds: {
          type: 'array',
          minItems: 1,
          description: '评审轮次，按先后顺序写',
          items: {
            type: 'object',
            properties: {
              id: {
                type: 'string',
                pattern: ROUND_ID_PATTERN,
                description: '轮次 id（小写字母、数字、连字符），如 first、final；授予评委时用它',
              },
              title: { type: 'string', minLength: 1, maxLength: 20, description: '轮次名称，如“初评”“终评”' },
              opens: { ...BEIJING, description: '本轮开始（北京时间，带 +08:00）' },
              closes: { ...BEIJING, description: '本轮结束（北京时间，带 +08:00）；之后评委不能再修改' },
              mode: {
                enum: ['qualifying', 'score'],
                description: 'qualifying：资格审查（通过/不通过）；score：按评分标准打分',
              },
              consensus: {
                description:
                  '资格审查的通过规则：majority（过半数评委通过）、unanimous（全体通过）或 { "atLeast": N }（至少 N 位通过）',
                anyOf: [
                  { enum: ['majority', 'unanimous'] },
                  {
                    type: 'object',
                    properties: { atLeast: { type: 'integer', minimum: 1 } },
                    required: ['atLeast'],
                    additionalProperties: false,
                  },
                ],
              },
              criteria: {
                type: 'array',
                minItems: 1,
                description: '评分标准（评分轮必填）',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string', pattern: KEY_PATTERN, description: '评分项 id，如 innovation' },
                    title: {
                      type: 'string',
                      minLength: 1,
                      maxLength: 20,
                      description: '评分项名称，如“创新性”',
                    },
                    max: { type: 'number', exclusiveMinimum: 0, description: '满分，如 10' },
                    weight: {
                      type: 'number',
                      exclusiveMinimum: 0,
                      description: '权重，如 0.3（各项权重之和不必为 1）',
                    },
                  },
                  required: ['id', 'title', 'max', 'weight'],
                  additionalProperties: false,
                },
              },
              result: {
                enum: ['mean', 'trimmedMean'],
                description:
                  'mean：各评委加权分的平均；trimmedMean：至少 3 位评委时去掉一个最高分和一个最低分再平均',
              },
              entries: {
                description:
                  '参加本轮的作品：allSubmitted（全部已提交作品）、passedPrevious（上一轮资格审查通过的）或 { "topPerRange": N }（上一轮评分每个类别前 N 名）',
                anyOf: [
                  { enum: ['allSubmitted', 'passedPrevious'] },
                  {
                    type: 'object',
                    properties: { topPerRange: { type: 'integer', minimum: 1 } },
                    required: ['topPerRange'],
                    additionalProperties: false,
                  },
                ],
              },
              judgesPerEntry: { type: 'integer', minimum: 1, description: '每件作品由几位评委评审' },
              blind: {
                type: 'boolean',
                description: '匿名评审（默认 true）：评委看不到参赛者姓名、电话、单位、合作者和指导老师',
              },
              shareComments: { type: 'boolean', description: '公布结果后参赛者能否看到评语（默认 false）' },
            },
            required: ['id', 'title', 'opens', 'closes', 'mode', 'entries', 'judgesPerEntry'],
            additionalProperties: false,
          },
        },
      },
      required: ['rounds'],
      additionalProperties: false,
    },
    awards: {
      type: 'object',
      description: '奖项（可省略，须同时写 judging）：按最后一个评分轮的排名建议获奖作品',
      properties: {
        levels: {
          type: 'array',
          minItems: 1,
          description: '从高到低，如 金奖、银奖、铜奖、优秀奖、入围奖',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string', pattern: KEY_PATTERN, description: '奖项 id，如 gold' },
              title: { type: 'string', minLength: 1, maxLength: 20, description: '奖项名称，如“金奖”' },
              count: {
                type: 'integer',
                minimum: 0,
                maximum: MAX_AWARD_COUNT,
                description: `每个参赛类别的获奖数量（0：该奖项不设；至多 ${MAX_AWARD_COUNT}）`,
              },
            },
            required: ['id', 'title', 'count'],
            additionalProperties: false,
          },
        },
      },
      required: ['levels'],
      additionalProperties: false,
    },
  }
}

/** Staff's words for a schema refusal under judging or awards, or undefined to use the general one. */
export function judgingReason(keyword: string, instancePath: string, data: unknown): string | undefined {
  if (!/^\/(judging|awards)\//.test(instancePath)) return undefined
  const field = instancePath.split('/').at(-1)
  // consensus and entries take a word or an object: one message for the whole field, not one per
  // alternative; an object's own mistakes (atLeast: 0) are reported inside it.
  if ((field === 'consensus' || field === 'entries') && ['enum', 'type', 'anyOf'].includes(keyword)) {
    if (keyword !== 'anyOf' || (data !== null && typeof data === 'object')) return ''
    return field === 'consensus'
      ? 'consensus 只能是 "majority"（过半数）、"unanimous"（全体）或 { "atLeast": N }'
      : 'entries 只能是 "allSubmitted"、"passedPrevious" 或 { "topPerRange": N }'
  }
  if (keyword === 'pattern' && (field === 'opens' || field === 'closes')) return TIME_FORMAT_MSG
  if (keyword === 'pattern' && /^\/judging\/rounds\/\d+\/id$/.test(instancePath))
    return '轮次 id 只能由小写字母、数字和连字符组成（至多 40 个字符），如 first、final'
  if (keyword === 'pattern' && field === 'id')
    return 'id 只能由字母、数字、- 和 _ 组成，以字母开头（至多 40 个字符），如 innovation'
  if (keyword === 'maximum' && field === 'count')
    return `每个参赛类别的获奖数量至多 ${MAX_AWARD_COUNT}，这里是 ${String(data)}（多写了 0？）`
  if (keyword === 'minimum' || keyword === 'exclusiveMinimum') {
    if (field === 'judgesPerEntry') return '每件作品至少由 1 位评委评审'
    if (field === 'topPerRange') return '每个类别至少晋级 1 件作品'
    if (field === 'atLeast') return '至少需要 1 位评委通过'
    if (field === 'max') return '满分必须大于 0'
    if (field === 'weight') return '权重必须大于 0'
    if (field === 'count') return '获奖数量不能为负数（0 表示该类别不设此奖）'
  }
  return undefined
}

type Add = (at: string, message: string) => void

/**
 * What the schema cannot say about judging: unique ids, each mode with its own fields, rounds in order
 * inside the competition's phases, entries that the previous round can supply, consensus a panel can
 * reach, awards that have a ranking to come from.
 */
export function checkJudging(
  d: { judging?: unknown; awards?: unknown; phases?: unknown },
  add: Add,
  warn: Add,
): void {
  const judging = d.judging as Partial<Judging> | undefined
  const rounds = Array.isArray(judging?.rounds) ? (judging.rounds as Array<Partial<JudgingRound>>) : []
  // The dates: the schedule's rules, which the organisers' console applies too.
  checkRoundDates(rounds, d.phases, add)
  const seenRounds = new Map<string, number>()
  for (const [i, round] of rounds.entries()) {
    if (!round || typeof round !== 'object') continue
    const at = `judging.rounds[${i}]`
    if (typeof round.id === 'string') {
      const first = seenRounds.get(round.id)
      if (first !== undefined)
        add(`${at}.id`, `轮次 id“${round.id}”与 judging.rounds[${first}] 重复，每一轮的 id 必须不同`)
      else seenRounds.set(round.id, i)
    }
    const previous = i > 0 ? rounds[i - 1] : undefined
    const fromPrevious =
      round.entries === 'passedPrevious' || (typeof round.entries === 'object' && round.entries !== null)
    if (i === 0 && fromPrevious)
      add(`${at}.entries`, '第一轮没有上一轮：entries 只能是 "allSubmitted"（全部已提交作品）')
    if (previous && round.entries === 'passedPrevious' && previous.mode === 'score')
      add(
        `${at}.entries`,
        `上一轮“${previous.title ?? previous.id}”是评分轮，没有“通过”：请写 { "topPerRange": N }（每个类别前 N 名晋级）`,
      )
    if (
      previous &&
      typeof round.entries === 'object' &&
      round.entries !== null &&
      previous.mode === 'qualifying'
    )
      add(
        `${at}.entries`,
        `上一轮“${previous.title ?? previous.id}”是资格审查，没有排名：请写 "passedPrevious"（通过资格审查的作品）`,
      )
    checkMode(round, at, add, warn)
  }
  checkAwards(d.awards, rounds, add)
}

function checkMode(round: Partial<JudgingRound>, at: string, add: Add, warn: Add): void {
  const r = round as Partial<Omit<QualifyingRound, 'mode'> & Omit<ScoreRound, 'mode'>> & { mode?: unknown }
  if (r.mode === 'qualifying') {
    if (r.consensus === undefined)
      add(
        at,
        '资格审查轮（mode 为 qualifying）必须写通过规则 consensus："majority"（过半数）、"unanimous"（全体）或 { "atLeast": N }',
      )
    if (r.criteria !== undefined)
      add(`${at}.criteria`, '资格审查轮只判“通过 / 不通过”，不写评分标准 criteria')
    if (r.result !== undefined) add(`${at}.result`, '资格审查轮没有分数，不写 result')
    const atLeast = (r.consensus as { atLeast?: unknown } | undefined)?.atLeast
    if (typeof atLeast === 'number' && typeof r.judgesPerEntry === 'number' && atLeast > r.judgesPerEntry)
      add(
        `${at}.consensus.atLeast`,
        `需要 ${atLeast} 位评委通过，但每件作品只有 ${r.judgesPerEntry} 位评委（judgesPerEntry），没有作品能通过`,
      )
  }
  if (r.mode === 'score') {
    if (r.criteria === undefined) add(at, '评分轮（mode 为 score）必须写评分标准 criteria')
    if (r.result === undefined)
      add(
        at,
        '评分轮（mode 为 score）必须写 result："mean"（平均分）或 "trimmedMean"（去掉最高最低分后的平均）',
      )
    if (r.consensus !== undefined) add(`${at}.consensus`, '评分轮按分数排名，不写通过规则 consensus')
    const seen = new Map<string, number>()
    for (const [j, c] of (Array.isArray(r.criteria) ? r.criteria : []).entries()) {
      if (typeof c?.id !== 'string') continue
      const first = seen.get(c.id)
      if (first !== undefined)
        add(
          `${at}.criteria[${j}].id`,
          `评分项 id“${c.id}”与 ${at}.criteria[${first}] 重复，每一项的 id 必须不同`,
        )
      else seen.set(c.id, j)
    }
    if (r.result === 'trimmedMean' && typeof r.judgesPerEntry === 'number' && r.judgesPerEntry < 3)
      warn(
        `${at}.result`,
        `去掉最高分和最低分需要至少 3 位评委，本轮每件作品只有 ${r.judgesPerEntry} 位：结果将是普通平均分`,
      )
  }
}

function checkAwards(awards: unknown, rounds: Array<Partial<JudgingRound>>, add: Add): void {
  if (awards === undefined) return
  if (!rounds.length) {
    add('awards', '写了奖项 awards 就必须写评审 judging：奖项按评审结果评定')
    return
  }
  if (!rounds.some((r) => r?.mode === 'score'))
    add('awards', '奖项按评分排名建议，judging 中至少要有一个评分轮（mode 为 score）')
  const levels = (awards as Partial<Awards>).levels
  const seen = new Map<string, number>()
  for (const [i, level] of (Array.isArray(levels) ? levels : []).entries()) {
    if (typeof level?.id !== 'string') continue
    const first = seen.get(level.id)
    if (first !== undefined)
      add(
        `awards.levels[${i}].id`,
        `奖项 id“${level.id}”与 awards.levels[${first}] 重复，每个奖项的 id 必须不同`,
      )
    else seen.set(level.id, i)
  }
}

/** The judging of a round as the server and the workspace read it, defaults filled in. */
export function roundSettings(
  round: JudgingRound,
): JudgingRound & { blind: boolean; shareComments: boolean } {
  return { ...round, blind: round.blind ?? true, shareComments: round.shareComments ?? false }
}
