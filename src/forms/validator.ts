import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils'
// The module itself, not the package index: the index builds a runtime ajv (a compiler) on import.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'
import { FORMS, type FormName } from '../../schemas/forms/index.ts'
import { PRECOMPILED } from '../../schemas/precompiled.ts'
import { type FieldErrors, normalize, validateForm } from '../../schemas/validate.ts'

/** The messages a form shows for its data: exactly what the server answers for the same data. */
export function formErrors(name: FormName, formData: unknown): FieldErrors {
  return validateForm(name, PRECOMPILED[name], normalize(name, formData))
}

/**
 * An RJSF validator on the precompiled validators: RJSF uses it to resolve if/then/else branches,
 * and we replace its form-level validation with the shared one, reporting only the fields `visible`
 * allows (blurred fields, or all after a submit attempt).
 */
export function createFormValidator(name: FormName, visible: (field: string) => boolean): ValidatorType {
  const schema = FORMS[name].schema as unknown as RJSFSchema
  const base = createPrecompiledValidator(PRECOMPILED[name] as never, schema)
  const validator = Object.create(base) as ValidatorType
  validator.validateFormData = (formData: unknown) => {
    const shown = Object.entries(formErrors(name, formData)).filter(([field]) => visible(field))
    const errors: RJSFValidationError[] = shown.map(([field, message]) => ({
      name: 'kabu',
      property: `.${field}`,
      message,
      stack: message ?? '',
      params: {},
    }))
    const errorSchema = Object.fromEntries(
      shown.map(([field, message]) => [field, { __errors: [message] }]),
    ) as ErrorSchema
    return { errors, errorSchema }
  }
  return validator
}
