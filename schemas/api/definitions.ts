import type { FromSchema } from 'json-schema-to-ts'
import { anyText, boolean, integer, listOf, object, text } from './json.ts'

// Reloads of the definition files from the console (README "定义文件的重新读取"): what
// /api/manage/definitions… answers. How to add a type: schemas/api/json.ts.

/** One problem the checker found: the file, where in it, and why, in plain Chinese. */
export const definitionProblemSchema = object({
  file: { ...anyText, description: '文件，如 competitions/2027abc.json' },
  path: { ...anyText, description: '文件中的位置，如 phases.results' },
  message: { ...anyText, description: '原因（中文）' },
})

const countsSchema = {
  competitions: { ...integer, description: '赛事文件数' },
  events: { ...integer, description: '活动页文件数' },
  landingPages: { ...integer, description: '专题页文件数' },
} as const

/** What a reload did: read every file (and how many of each), or nothing, with the checker's problems. */
export const definitionReloadSchema = object({
  reloaded: { ...boolean, description: '是否已重新读取（有任何问题时整批不读取）' },
  ...countsSchema,
  problems: listOf(definitionProblemSchema),
})
export type DefinitionReload = FromSchema<typeof definitionReloadSchema>

/** How one instance read a reload's files. */
export const reloadInstanceSchema = object({
  instance: { ...text(120), description: '实例（主机:进程号）' },
  state: {
    type: 'string',
    enum: ['same', 'different', 'failed'],
    description:
      'same 已生效（文件与发起者相同）/ different 已生效但文件与发起者不同 / failed 检查未通过，仍用上一次的定义',
  },
  firstProblem: { type: ['string', 'null'], description: '检查未通过时的第一个问题' },
  readAt: { ...text(32), description: '读取时间（UTC ISO）' },
})

/** A reload on record: when, from where, by whom, what it read, and how each instance read it. */
export const definitionReloadRecordSchema = object({
  id: integer,
  source: {
    type: 'string',
    enum: ['cli', 'console', 'watch'],
    description: '命令行 / 后台按钮 / 开发时保存',
  },
  requestedBy: { type: ['string', 'null'], description: '操作人账号（命令行为 null）' },
  requestedAt: { ...text(32), description: '时间（UTC ISO）' },
  ...countsSchema,
  instances: listOf(reloadInstanceSchema),
})
export type DefinitionReloadRecord = FromSchema<typeof definitionReloadRecordSchema>
