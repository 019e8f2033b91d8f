import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils'

/**
 * The scoring form's validator, reading the sheet schema the server answers (generated from the
 * criteria by definitions/competition/sheet-schema.ts; the server checks with the same schema). The
 * site's CSP forbids compiling a validator in the browser, and these schemas are built per round, so
 * this reads the few keywords a sheet schema uses: number ranges, booleans, a text's length, required.
 */
interface Property {
  type?: string
  title?: string
  minimum?: number
  maximum?: number
  maxLength?: number
  const?: unknown
}

/** Each field's message for `values` under `schema` (empty: valid). */
export function sheetErrors(schema: RJSFSchema, values: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {}
  const properties = (schema.properties ?? {}) as Record<string, Property>
  for (const [field, p] of Object.entries(properties)) {
    const v = values[field]
    const label = (p.title ?? field).replace(/（.*）$/, '')
    if (v === undefined || v === null || v === '') {
      if (schema.required?.includes(field))
        errors[field] = p.type === 'boolean' ? `请选择${label}` : `请填写${label}`
      continue
    }
    if (p.type === 'number') {
      if (typeof v !== 'number' || !Number.isFinite(v)) errors[field] = `${label}须为数字`
      else if ((p.minimum !== undefined && v < p.minimum) || (p.maximum !== undefined && v > p.maximum))
        errors[field] = `${label}须在 ${p.minimum ?? 0} 到 ${p.maximum} 之间`
    } else if (p.type === 'boolean' && typeof v !== 'boolean') errors[field] = `请选择${label}`
    else if (p.type === 'string' && p.maxLength !== undefined && String(v).length > p.maxLength)
      errors[field] = `${label}不能超过 ${p.maxLength} 字`
  }
  return errors
}

/** An RJSF validator over sheetErrors; `isValid` picks among oneOf choices by their `const`. */
export function sheetValidator(): ValidatorType {
  return {
    validateFormData(formData, schema) {
      const found = sheetErrors(schema, (formData ?? {}) as Record<string, unknown>)
      const errors: RJSFValidationError[] = Object.entries(found).map(([field, message]) => ({
        property: `.${field}`,
        message,
        stack: message,
        name: 'sheet',
      }))
      const errorSchema = Object.fromEntries(
        Object.entries(found).map(([field, message]) => [field, { __errors: [message] }]),
      ) as ErrorSchema
      return { errors, errorSchema }
    },
    isValid(schema, formData) {
      const s = schema as Property
      return s.const === undefined || s.const === formData
    },
    rawValidation() {
      return {}
    },
  }
}
