import type { Choice, Competition } from '../../../definitions/competition/types.ts'
import { FORMS } from '../../../schemas/forms/index.ts'

/**
 * An entry's answers as staff read them: each field labelled by its title in the forms registry
 * (schemas/forms), each competition choice by its label in the definition — no list of labels is kept
 * here, so a field added to a form shows in the console by itself.
 */
export interface EntryFile {
  label: string
  name: string
  url: string
  kind: 'image' | 'pdf' | 'other'
}
export interface Answer {
  key: string
  label: string
  text: string
  files: EntryFile[]
  rows: Array<Array<{ label: string; text: string }>>
}

type FieldSchema = {
  title?: string
  type?: string | string[]
  properties?: Record<string, FieldSchema>
  items?: FieldSchema
}
type Ui = { 'ui:order'?: string[] } & Record<string, { 'ui:options'?: { source?: string } } | undefined>

const IMAGE = /\.(jpe?g|png|gif|webp)$/i

/**
 * The choices a competition's forms draw from (`choicesUi(source)`), keyed as the forms name them. A
 * work's range is a default range or a propositional one (works.ts accepts both), so `ranges` labels
 * both — a propositional value once showed raw (`p-kitchen`) on the entry's page.
 */
export function choiceSources(c: Competition): Record<string, Choice[]> {
  return {
    entrantTypes: c.entrantTypes,
    companyTypes: c.companyTypes,
    ranges: [...c.ranges.default, ...(c.ranges.propositional ?? [])],
    propositions: c.ranges.propositional ?? [],
  }
}

export const choiceLabel = (choices: Choice[] | undefined, value: unknown): string => {
  const text = value === undefined || value === null ? '' : String(value)
  return choices?.find((c) => c.value === text)?.label ?? text
}

function fileOf(value: unknown, label: string): EntryFile | undefined {
  if (!value || typeof value !== 'object') return undefined
  const { fileUrl, fileOgName } = value as { fileUrl?: unknown; fileOgName?: unknown }
  if (typeof fileUrl !== 'string' || !fileUrl.startsWith('/api/files/')) return undefined
  const name = typeof fileOgName === 'string' && fileOgName ? fileOgName : fileUrl.slice(11)
  const kind = IMAGE.test(fileUrl) ? 'image' : /\.pdf$/i.test(fileUrl) ? 'pdf' : 'other'
  return { label, name: name.slice(0, 200), url: fileUrl, kind }
}

function plain(value: unknown, choices?: Choice[]): string {
  if (value === undefined || value === null || value === '') return ''
  if (typeof value === 'boolean') return value ? '是' : '否'
  if (Array.isArray(value)) return value.map((v) => plain(v, choices)).join('、')
  if (typeof value === 'object') return JSON.stringify(value)
  return choices ? choiceLabel(choices, value) : String(value)
}

/** One form's saved data as labelled answers, in the form's own order; unknown keys follow, by key. */
export function labelledAnswers(
  formName: string | undefined,
  data: Record<string, unknown> | null,
  sources: Record<string, Choice[]>,
  fileLabel = '',
): Answer[] {
  if (!data) return []
  const form = formName && Object.hasOwn(FORMS, formName) ? FORMS[formName as keyof typeof FORMS] : undefined
  const schema = (form?.schema ?? {}) as FieldSchema
  const ui = (form?.uiSchema ?? {}) as Ui
  const order = [...(ui['ui:order'] ?? []), ...Object.keys(data).sort()]
  const seen = new Set<string>()
  const answers: Answer[] = []
  for (const key of order) {
    if (seen.has(key) || !(key in data)) continue
    seen.add(key)
    const field = schema.properties?.[key]
    const label = field?.title ?? key
    const value = data[key]
    const source = ui[key]?.['ui:options']?.source
    const choices = source ? sources[source] : undefined
    const answer: Answer = { key, label, text: '', files: [], rows: [] }
    const list = Array.isArray(value) ? value : [value]
    const files = list.map((v) => fileOf(v, `${fileLabel}${label}`)).filter((f) => f !== undefined)
    if (files.length) answer.files = files
    else if (Array.isArray(value) && value.some((v) => v && typeof v === 'object')) {
      const item = field?.items?.properties ?? {}
      answer.rows = value.map((row) =>
        Object.entries((row ?? {}) as Record<string, unknown>).map(([k, v]) => ({
          label: item[k]?.title ?? k,
          text: plain(v),
        })),
      )
    } else answer.text = plain(value, choices)
    answers.push(answer)
  }
  return answers
}

/** Every file of a list of answers, each content once. */
export function filesOf(answers: Answer[]): EntryFile[] {
  const seen = new Set<string>()
  return answers.flatMap((a) => a.files).filter((f) => !seen.has(f.url) && seen.add(f.url))
}
