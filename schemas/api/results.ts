import type { FromSchema } from 'json-schema-to-ts'
import { anyText, boolean, integer, listOf, object, text } from './json.ts'

// The organisers' leaderboard and results (README "Leaderboard and publishing results", issue 24
// item 6): what /api/manage/results… answers. How to add a type: schemas/api/json.ts.

const nullableNumber = { type: ['number', 'null'] } as const
const nullableInteger = { type: ['integer', 'null'] } as const
const nullableText = { type: ['string', 'null'] } as const
const beijingIso = { ...anyText, description: '北京时间 ISO（+08:00）' } as const
const roundState = {
  type: 'string',
  enum: ['upcoming', 'open', 'closed'],
  description: '未开始 / 进行中 / 已结束',
} as const
const mode = { type: 'string', enum: ['qualifying', 'score'], description: '资格审查 / 评分' } as const
const verdict = {
  type: ['string', 'null'],
  enum: ['passed', 'failed', 'pending', null],
  description: '资格审查结论：通过 / 不通过 / 待定（评分轮为 null）',
} as const

/** A round as the leaderboard's round picker lists it. */
export const resultsRoundSchema = object({
  roundId: text(40),
  title: text(40),
  mode,
  opens: beijingIso,
  closes: beijingIso,
  state: roundState,
  /** Closed, or every assigned sheet submitted: its results are final. */
  done: boolean,
})
export type ResultsRound = FromSchema<typeof resultsRoundSchema>

/** One judge's submitted sheet on an entry. */
const leaderboardSheetSchema = object({
  judge: { ...text(32), description: '评委账号' },
  score: { ...nullableNumber, description: '加权分（0–100，评分轮）' },
  pass: { type: ['boolean', 'null'], description: '资格审查：通过 / 不通过' },
  outlier: { ...boolean, description: '离群：与该作品各评分的中位数相差超过 20 分' },
})

export const leaderboardEntrySchema = object({
  workId: integer,
  entryNumber: text(32),
  worksName: text(64),
  entrant: { ...text(32), description: '参赛者账号（工作人员可见）' },
  result: { ...nullableNumber, description: '评分轮的最终得分（0–100），尚无评分时为 null' },
  rank: { ...nullableInteger, description: '类别内名次（并列同名次）' },
  tied: { ...boolean, description: '并列：同类别另有作品得分相同' },
  verdict,
  passes: integer,
  fails: integer,
  needed: { ...integer, description: '资格审查通过所需票数（评分轮为 0）' },
  spread: { ...nullableNumber, description: '分差：最高与最低加权分之差（少于 2 份评分为 null）' },
  outliers: { ...integer, description: '离群评分份数' },
  submitted: { ...integer, description: '已提交评分份数' },
  assigned: { ...integer, description: '已分配评委人数' },
  sheets: listOf(leaderboardSheetSchema),
})
export type LeaderboardEntry = FromSchema<typeof leaderboardEntrySchema>

const rangeLabel = { range: text(32), rangeLabel: text(40) } as const

/** Which entries enter the round after the one shown: the rule's suggestion and the confirmed set. */
export const advancementSchema = object({
  roundId: text(40),
  title: text(40),
  rule: { ...anyText, description: '定义中的晋级规则（中文）' },
  state: roundState,
  opens: beijingIso,
  editable: { ...boolean, description: '下一轮尚未开始：可调整' },
  confirmed: { ...boolean, description: '组织者已确认晋级名单（否则按规则）' },
  suggested: { ...listOf(integer), description: '按规则晋级的作品编号' },
  workIds: { ...listOf(integer), description: '现行晋级名单（已确认的，否则为按规则的）' },
  tieAtBoundary: { ...boolean, description: '“前 N 名”名次线上有并列，晋级超过 N 件' },
  decidedAt: nullableText,
})
export type Advancement = FromSchema<typeof advancementSchema>

/** A competition's results publication. */
export const publicationSchema = object({
  status: {
    type: 'string',
    enum: ['none', 'scheduled', 'published', 'reopened'],
    description: '未安排 / 按计划 / 已公布 / 已撤回更正中（不公开）',
  },
  reopenReason: { ...nullableText, description: '撤回更正的原因（已撤回时）' },
  resultsAt: { ...beijingIso, description: '结果公布时间（赛事定义或后台赛程）' },
  publishAt: { ...nullableText, description: '计划公布时间（UTC ISO）' },
  publishedAt: { ...nullableText, description: '公布时间（UTC ISO）' },
  awardsConfirmed: boolean,
  /** Null: 立即公布 is allowed now; else the Chinese reason it is not. */
  publishRefusal: nullableText,
  scheduleRefusal: nullableText,
})
export type Publication = FromSchema<typeof publicationSchema>

/** An entry assigned in a round that has since left judging (returned or disqualified): listed apart, never ranked. */
export const excludedEntrySchema = object({
  workId: integer,
  entryNumber: text(32),
  worksName: text(64),
  state: {
    type: 'string',
    enum: ['returned', 'disqualified', 'unconfirmed'],
    description: '已退回修改 / 已取消资格 / 未确认提交',
  },
  reason: { ...anyText, description: '工作人员写明的原因' },
})

export const leaderboardSchema = object({
  competitionId: integer,
  title: text(64),
  rounds: listOf(resultsRoundSchema),
  round: resultsRoundSchema,
  ranges: listOf(object({ ...rangeLabel, entries: listOf(leaderboardEntrySchema) })),
  excluded: {
    ...listOf(excludedEntrySchema),
    description: '本轮已分配、后来退出评审的作品（不排名、不能获奖）',
  },
  advancement: { anyOf: [advancementSchema, { type: 'null' }] },
  publication: publicationSchema,
})
export type Leaderboard = FromSchema<typeof leaderboardSchema>

const awardLevelSchema = object({ id: text(40), title: text(40), count: integer })

export const awardRowSchema = object({
  workId: integer,
  entryNumber: text(32),
  worksName: text(64),
  entrant: text(32),
  result: nullableNumber,
  rank: nullableInteger,
  tied: boolean,
  suggested: { ...nullableText, description: '建议的奖项 id（无奖为 null）' },
  tieAtBoundary: { ...boolean, description: '与名次线上的作品并列：建议名单超过该奖项名额' },
  confirmed: { ...nullableText, description: '已确认的奖项 id（未确认或无奖为 null）' },
})
export type AwardRow = FromSchema<typeof awardRowSchema>

/** The final round's award suggestions per range and what the organiser confirmed. */
export const awardsSchema = object({
  roundId: text(40),
  roundTitle: text(40),
  roundDone: boolean,
  levels: listOf(awardLevelSchema),
  ranges: listOf(object({ ...rangeLabel, entries: listOf(awardRowSchema) })),
  confirmed: boolean,
  decidedAt: nullableText,
  published: boolean,
})
export type Awards = FromSchema<typeof awardsSchema>

// What entrants and the public read of published results (issue 24 item 7; README "评审结果"). Nothing
// here exists before publication: the server answers null (我的赛事) or 404 (the results page).

/** An award level as published: its id in the definition's awards and its title (金奖…). */
export const publishedAwardSchema = {
  type: ['object', 'null'],
  properties: { id: text(40), title: text(40) },
  required: ['id', 'title'],
  additionalProperties: false,
} as const

/** A judge's comment shared with the entrant: the round and an anonymous judge (评委一…), never who. */
export const sharedCommentSchema = object({
  roundId: text(40),
  roundTitle: text(20),
  judge: text(10),
  comment: anyText,
})
export type SharedComment = FromSchema<typeof sharedCommentSchema>

/** One of the entrant's works in the published results. */
export const myWorkResultSchema = object({
  workId: integer,
  worksName: text(60),
  range: text(40),
  rangeLabel: text(60),
  /** Rank within the range in the final round; null where the work had no final result. */
  rank: nullableInteger,
  /** How many works of the range were ranked (the “of N” beside the rank). */
  rankedInRange: integer,
  award: publishedAwardSchema,
  /** Only from rounds whose definition has shareComments: true; empty otherwise. */
  comments: listOf(sharedCommentSchema),
})

/** 我的赛事: the entry's published results, or null before publication (and without judging). */
export const myResultsSchema = {
  type: ['object', 'null'],
  properties: { publishedAt: text(32), works: listOf(myWorkResultSchema) },
  required: ['publishedAt', 'works'],
  additionalProperties: false,
} as const
export type MyResults = FromSchema<typeof myResultsSchema>

/** A winning work on the public results page: only what the page shows publicly. */
export const winnerSchema = object({
  workId: integer,
  worksName: text(60),
  /** The entrant's name as registered; `team` lists the co-authors. */
  entrant: text(64),
  team: listOf(text(30)),
  /** The cover's 280-wide thumbnail (public once the award is published), or null without a picture. */
  cover: { type: ['string', 'null'], maxLength: 300 },
  rank: nullableInteger,
})
export type Winner = FromSchema<typeof winnerSchema>

/** GET /competition/results/:slug: winners by range (definition order), each range by award level. */
export const competitionResultsSchema = object({
  competitionId: integer,
  slug: text(64),
  title: text(60),
  publishedAt: text(32),
  ranges: listOf(
    object({
      value: text(40),
      label: text(60),
      awards: listOf(object({ id: text(40), title: text(40), winners: listOf(winnerSchema) })),
    }),
  ),
})
export type CompetitionResults = FromSchema<typeof competitionResultsSchema>

export const competitionResultsPath = (slug: string) => `/competition/results/${encodeURIComponent(slug)}`
