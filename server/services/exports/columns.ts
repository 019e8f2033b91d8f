import type { Choice, Competition, CompetitionForms } from '../../../definitions/competition/types.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'
import { FORMS, type FormName } from '../../../schemas/forms/index.ts'
import { QT_TYPE_DICTIONARY } from '../competition/catalog.ts'
import { FORM_KEYS, FORM_LABELS } from '../competition-entries.ts'
import type { ReferenceData } from '../reference-data.ts'

/**
 * The columns of the entries workbook (README "Exports"), derived — never listed by hand — from the
 * competition's definition (which forms its steps use) and the forms registry (each field's title, the
 * same words the form shows, in the form's order). A field added to a form is a new column the day it
 * is added; a step the definition leaves out has no columns.
 */
type Step = keyof CompetitionForms

interface FieldSchema {
  type?: string
  title?: string
  properties?: Record<string, FieldSchema>
  items?: FieldSchema
}

export interface AnswerColumn {
  step: Step
  field: string
  label: string
  schema: FieldSchema
  /** The `choices` source the field's uiSchema names (entrantTypes, ranges…): its value is shown by label. */
  source?: string
}

/** The export's own columns around the answers: what the entry is and where it stands. */
export const ENTRY_COLUMNS = {
  number: '参赛编号',
  account: '报名账号',
  workId: '作品编号',
  paid: '已缴费',
  paidAt: '缴费时间（北京时间）',
  finalised: '已提交',
  finalisedAt: '提交时间（北京时间）',
  moderation: '审核状态',
  moderationReason: '审核说明',
  registeredAt: '报名时间（北京时间）',
} as const

const sourceOf = (ui: unknown): string | undefined => {
  const source = (ui as { 'ui:options'?: { source?: unknown } } | undefined)?.['ui:options']?.source
  return typeof source === 'string' ? source : undefined
}

/** Every answer column of the competition: its steps in definition order, each form's fields in form order. */
export function answerColumns(c: Competition): AnswerColumn[] {
  const columns: AnswerColumn[] = []
  for (const step of FORM_KEYS) {
    const name = c.forms[step]
    if (!name || !Object.hasOwn(FORMS, name)) continue
    const form = FORMS[name as FormName]
    const properties = form.schema.properties as Record<string, FieldSchema>
    const ui = form.uiSchema as Record<string, unknown>
    for (const field of form.order) {
      const schema = properties[field]
      if (!schema) continue
      columns.push({ step, field, label: schema.title ?? field, schema, source: sourceOf(ui[field]) })
    }
  }
  // Two steps may title a field alike (a phone in the registration and in another form): the step's
  // name tells them apart.
  const seen = new Map<string, number>()
  for (const column of columns) seen.set(column.label, (seen.get(column.label) ?? 0) + 1)
  return columns.map((column) =>
    (seen.get(column.label) ?? 0) > 1
      ? { ...column, label: `${FORM_LABELS[column.step]}·${column.label}` }
      : column,
  )
}

/** The header row: the entry's own columns and every answer, in the order the rows carry them. */
export function headerOf(columns: AnswerColumn[]): string[] {
  const E = ENTRY_COLUMNS
  return [
    E.number,
    E.account,
    E.workId,
    ...columns.map((column) => column.label),
    E.paid,
    E.paidAt,
    E.finalised,
    E.finalisedAt,
    E.moderation,
    E.moderationReason,
    E.registeredAt,
  ]
}

/** The lists a `choices` field's value is looked up in, as the workspace's forms offer them. */
export function choiceLabels(c: Competition, reference: ReferenceData): Map<string, Map<string, string>> {
  const byValue = (choices: Choice[] = []) => new Map(choices.map((choice) => [choice.value, choice.label]))
  const qtTypes = new Map(
    (reference.dictionaries.get(QT_TYPE_DICTIONARY) ?? []).map((d) => [d.dictCode, d.dictLabel] as const),
  )
  return new Map([
    ['entrantTypes', byValue(c.entrantTypes)],
    ['companyTypes', byValue(c.companyTypes)],
    ['ranges', byValue([...c.ranges.default, ...(c.ranges.propositional ?? [])])],
    ['propositions', byValue(c.ranges.propositional)],
    ['qtTypes', qtTypes],
  ])
}

export type CellValue = string | number | null

/** An uploaded file as forms keep it. */
const isFile = (value: unknown): value is { fileUrl: string; fileOgName?: string } =>
  !!value && typeof value === 'object' && typeof (value as { fileUrl?: unknown }).fileUrl === 'string'

/** One answer as staff read it: labels for choices, 是/否, file names, lists joined, objects as 标题：值. */
export function formatAnswer(
  value: unknown,
  schema: FieldSchema | undefined,
  labels?: Map<string, string>,
): string {
  if (value === undefined || value === null || value === '') return ''
  if (typeof value === 'boolean') return value ? '是' : '否'
  if (typeof value === 'string') return labels?.get(value) ?? value
  if (typeof value === 'number') return String(value)
  if (isFile(value)) return value.fileOgName || value.fileUrl.split('/').pop() || ''
  if (Array.isArray(value))
    return value
      .map((item) => formatAnswer(item, schema?.items))
      .filter(Boolean)
      .join('；')
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([key, v]) => {
        const text = formatAnswer(v, schema?.properties?.[key])
        return text ? `${schema?.properties?.[key]?.title ?? key}：${text}` : ''
      })
      .filter(Boolean)
      .join('，')
  return String(value)
}

/** An instant as the workbook shows it: Beijing wall clock, or empty. */
export const beijingCell = (iso: string | null): string => (iso ? formatBeijing(Date.parse(iso)) : '')
