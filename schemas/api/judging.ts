import type { FromSchema } from 'json-schema-to-ts'
import { anyText, boolean, integer, listOf, object, text } from './json.ts'

// Judging (README "Judging", issue 24 item 5): what /api/judge/… and /api/manage/judging/… answer.
// How to add a type: schemas/api/json.ts.

/** The entry number judges and the console see: the work's id, never the entrant's receipt or name. */
export const entryNumber = (workId: number) => `作品 ${String(workId).padStart(5, '0')}`

const nullableText = { type: ['string', 'null'] } as const
const state = {
  type: 'string',
  enum: ['upcoming', 'open', 'closed'],
  description: '未开始 / 进行中 / 已结束',
} as const
const mode = { type: 'string', enum: ['qualifying', 'score'], description: '资格审查 / 评分' } as const

/** A round a judge sits on, with their progress. */
export const judgeRoundSchema = object({
  competitionId: integer,
  competitionTitle: text(64),
  roundId: text(40),
  title: text(40),
  mode,
  opens: { ...anyText, description: '北京时间 ISO（+08:00）' },
  closes: anyText,
  state,
  blind: boolean,
  resultsPublished: { ...boolean, description: '本赛事结果已公布：各轮评分已锁定' },
  assigned: { ...integer, description: '分配给我的作品数' },
  submitted: { ...integer, description: '我已提交评分的作品数' },
})
export type JudgeRound = FromSchema<typeof judgeRoundSchema>

const sheetStatus = {
  type: 'string',
  enum: ['todo', 'saved', 'submitted'],
  description: '未评 / 已保存 / 已提交',
} as const

/** One entry in a judge's list: never the entrant's identity when the round is blind. */
export const judgeEntrySchema = object({
  workId: integer,
  entryNumber: text(32),
  range: text(32),
  rangeLabel: text(40),
  worksName: text(64),
  cover: nullableText,
  status: sheetStatus,
  score: { type: ['number', 'null'], description: '我的加权分（0–100，评分轮且已填完整）' },
})
export type JudgeEntry = FromSchema<typeof judgeEntrySchema>

const fileSchema = object({ label: text(80), name: text(200), url: anyText })

/** One entry as a judge opens it: the work, its files, the sheet form and the judge's sheet. */
export const judgeEntryDetailSchema = object(
  {
    workId: integer,
    entryNumber: text(32),
    range: text(32),
    rangeLabel: text(40),
    proposition: nullableText,
    worksName: text(64),
    abstract: anyText,
    files: listOf(fileSchema),
    entrant: {
      type: ['object', 'null'],
      properties: { name: anyText, company: anyText },
      required: ['name', 'company'],
      additionalProperties: false,
      description: '参赛者（匿名评审时为 null）',
    },
    round: object({
      competitionId: integer,
      competitionTitle: text(64),
      roundId: text(40),
      title: text(40),
      mode,
      opens: anyText,
      closes: anyText,
      state,
      blind: boolean,
      resultsPublished: boolean,
    }),
    /** The round's sheet schema (definitions/competition/sheet-schema.ts), as the form draws it. */
    schema: {
      type: 'object',
      additionalProperties: true,
      description: '评分表 JSON Schema（由评分标准生成）',
    },
    sheet: object({
      values: { type: 'object', additionalProperties: true },
      submitted: boolean,
      updatedAt: nullableText,
      submittedAt: nullableText,
    }),
  },
  [],
)
export type JudgeEntryDetail = FromSchema<typeof judgeEntryDetailSchema>

/** What saving a sheet answers. */
export const judgeSheetSchema = object({
  values: { type: 'object', additionalProperties: true },
  submitted: boolean,
  updatedAt: nullableText,
  submittedAt: nullableText,
})
export type JudgeSheet = FromSchema<typeof judgeSheetSchema>

/** What declaring a conflict answers. */
export const judgeConflictSchema = object({
  reassigned: { ...boolean, description: '是否已改派给其他评委' },
})
export type JudgeConflict = FromSchema<typeof judgeConflictSchema>

/** What running a round's assignment answers. */
export const judgingAssignmentSchema = object({
  entries: integer,
  judges: integer,
  added: integer,
  short: { ...listOf(integer), description: '评委不足 judgesPerEntry 的作品' },
  load: listOf(object({ judgeId: integer, entries: integer })),
})
export type JudgingAssignment = FromSchema<typeof judgingAssignmentSchema>

/** One judge of a round as the console lists them (/manage/judging/rounds): their load and progress. */
export const roundJudgeSchema = object({
  account: text(32),
  name: text(64),
  holdsRole: { ...boolean, description: '仍持有本轮评委角色（撤销后已分配的作品仍列出）' },
  assigned: { ...integer, description: '分配给该评委的作品数' },
  submitted: { ...integer, description: '已提交评分的作品数' },
  conflicts: { ...integer, description: '本轮声明回避的作品数' },
})
export type RoundJudge = FromSchema<typeof roundJudgeSchema>

/** A round of a competition with its judges and assignment, for the console's 评审分配 screen. */
export const manageJudgingRoundSchema = object({
  roundId: text(40),
  title: text(40),
  mode,
  opens: { ...anyText, description: '北京时间 ISO（+08:00）' },
  closes: anyText,
  state,
  judgesPerEntry: integer,
  entries: { ...integer, description: '进入本轮的作品数' },
  assigned: { ...integer, description: '已分配的评审份数' },
  short: { ...integer, description: '评委不足 judgesPerEntry 的作品数' },
  judges: listOf(roundJudgeSchema),
})
export type ManageJudgingRound = FromSchema<typeof manageJudgingRoundSchema>
