import type { FromSchema } from 'json-schema-to-ts'
import { anyText, boolean, integer, listOf, object, text } from './json.ts'

// The organisers' schedule (赛程, README "The schedule in the console"): what /api/manage/schedule…
// answers. How to add a type: schemas/api/json.ts.

const beijingIso = { ...anyText, description: '北京时间 ISO（+08:00）' } as const
const nullableText = { type: ['string', 'null'] } as const

/** One date staff may change: the value in force, the file's, and who changed it when. */
export const scheduleItemSchema = object({
  field: { ...text(80), description: '定义中的字段：phases.results、judging.rounds.<轮次 id>.closes 等' },
  label: text(60),
  value: { ...beijingIso, description: '现行时间（已在后台修改时为后台的时间）' },
  file: { ...beijingIso, description: '赛事文件中的时间' },
  overridden: { ...boolean, description: '已在后台修改' },
  setBy: { ...nullableText, description: '修改人账号' },
  setAt: { ...nullableText, description: '修改时间（UTC ISO）' },
})
export type ScheduleItem = FromSchema<typeof scheduleItemSchema>

/** A judging round with what its early close needs. */
export const scheduleRoundSchema = object({
  roundId: text(40),
  title: text(40),
  state: { type: 'string', enum: ['upcoming', 'open', 'closed'], description: '未开始 / 进行中 / 已结束' },
  assigned: { ...integer, description: '已分配的评分份数' },
  missing: { ...integer, description: '尚未提交的评分份数' },
})
export type ScheduleRound = FromSchema<typeof scheduleRoundSchema>

export const scheduleSchema = object({
  competitionId: integer,
  title: text(120),
  items: listOf(scheduleItemSchema),
  rounds: listOf(scheduleRoundSchema),
  scheduledPublishAt: {
    ...nullableText,
    description: '已安排的结果公布时间（UTC ISO），未安排为 null',
  },
})
export type Schedule = FromSchema<typeof scheduleSchema>
