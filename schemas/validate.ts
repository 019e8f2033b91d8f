import { FORMS, type FormName } from './forms/index.ts'

/**
 * Form validation shared by the browser and the server: the same precompiled validators and the
 * same reading of their errors, so a bad input gets the same Chinese message on both sides.
 */

export type FieldErrors = Partial<Record<string, string>>

interface AjvError {
  instancePath: string
  keyword: string
  params: { missingProperty?: string; errors?: AjvError[] }
  message?: string
}
type ValidateFn = ((data: unknown) => boolean) & { errors?: unknown[] | null }
/** A generated module (schemas/generated/<form>.validator.js): schema ids and sub-schema hashes → functions. */
export type ValidatorMap = Record<string, ValidateFn>

type SchemaNode = { properties?: Record<string, { title?: string }>; then?: SchemaNode; else?: SchemaNode }

function titleOf(schema: SchemaNode, field: string): string {
  return (
    schema.properties?.[field]?.title ??
    schema.then?.properties?.[field]?.title ??
    schema.else?.properties?.[field]?.title ??
    field
  )
}

/** Top-level field names a form accepts, including those only its if/then/else branches declare. */
export function fieldsOf(name: FormName): string[] {
  const schema = FORMS[name].schema as SchemaNode
  return [...new Set([schema, schema.then, schema.else].flatMap((s) => Object.keys(s?.properties ?? {})))]
}

/** The first message for each field, from ajv (+ ajv-errors) output. */
export function readErrors(errors: AjvError[] | null | undefined, schema: SchemaNode): FieldErrors {
  const found: FieldErrors = {}
  const put = (field: string | undefined, message: string) => {
    if (field && !(field in found)) found[field] = message
  }
  for (const e of errors ?? []) {
    const field = e.instancePath.split('/')[1]
    // An if/then/else failure is reported again by the branch's own errors.
    if (e.keyword === 'if') continue
    if (e.keyword === 'errorMessage') {
      put(field ?? e.params.errors?.[0]?.params.missingProperty, e.message ?? '')
    } else if (e.keyword === 'required' && !field) {
      const missing = e.params.missingProperty
      if (missing) put(missing, `${titleOf(schema, missing)}不能为空`)
    } else if (field) {
      put(field, `${titleOf(schema, field)}格式不正确`)
    }
  }
  return found
}

const SECRET_FIELDS = new Set(['password', 'confirmPassword', 'oldPassword'])

const isEmpty = (value: unknown) => value === '' || value === null || value === undefined

/**
 * A nested value (a team member, an uploaded file) read the same way: strings trimmed, empty members
 * of objects dropped. Array items stay where they are, so an error's index still points at its item.
 */
function tidy(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return value.trim()
  if (depth > 4 || !value || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => tidy(item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, member] of Object.entries(value)) {
    const tidied = tidy(member, depth + 1)
    if (!isEmpty(tidied)) out[key] = tidied
  }
  return out
}

/**
 * What the form holds, as validation and storage should see it: only the form's own fields, strings
 * trimmed (passwords excepted, nested ones included), empty values dropped — as RJSF drops an emptied
 * input.
 */
export function normalize(name: FormName, raw: unknown): Record<string, unknown> {
  const input = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const field of fieldsOf(name)) {
    let value = input[field]
    if (typeof value === 'string' && !SECRET_FIELDS.has(field)) value = value.trim()
    else if (value && typeof value === 'object') value = tidy(value, 0)
    if (isEmpty(value)) continue
    out[field] = value
  }
  return out
}

/** Today's date in China (UTC+8), the reference for "not in the future". */
export function todayInChina(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10)
}

/**
 * Validates normalized form data with the form's precompiled module: schema messages first, then the
 * form's extra checks. Callers pass the module, so a page loads only its own form's validator.
 */
export function validateForm(
  name: FormName,
  validators: ValidatorMap,
  data: Record<string, unknown>,
  today = todayInChina(),
): FieldErrors {
  const form = FORMS[name]
  const schema = form.schema as SchemaNode & { $id: string }
  const validate = validators[schema.$id]
  if (!validate) throw new Error(`no precompiled validator for ${schema.$id}: run npm run compile:validators`)
  const errors = validate(data) ? {} : readErrors(validate.errors as AjvError[] | null, schema)
  const extra = form.check ? form.check(data as never, today) : {}
  return { ...extra, ...errors }
}

/** The message the API answers with: the first failing field in the form's order. */
export function firstError(name: FormName, errors: FieldErrors): string | undefined {
  const order: readonly string[] = FORMS[name].order
  const field = order.find((f) => errors[f]) ?? Object.keys(errors)[0]
  return field ? errors[field] : undefined
}
