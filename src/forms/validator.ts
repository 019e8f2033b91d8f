import type { ErrorSchema, RJSFSchema, RJSFValidationError, ValidatorType } from '@rjsf/utils'
// The module itself, not the package index: the index builds a runtime ajv (a compiler) on import.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js'
import { FORMS, type FormName } from '../../schemas/forms/index.ts'
import { type FieldErrors, normalize, type ValidatorMap, validateForm } from '../../schemas/validate.ts'
import { LOADERS } from './generated-loaders.ts'

const loaded = new Map<FormName, Promise<ValidatorMap>>()

/** The form's precompiled validators, loaded once per page. */
export function validatorsFor(name: FormName): Promise<ValidatorMap> {
  let promise = loaded.get(name)
  if (!promise) {
    promise = LOADERS[name]().then((m) => m.default)
    loaded.set(name, promise)
  }
  return promise
}

/** The messages a form shows for its data: exactly what the server answers for the same data. */
export function formErrors(name: FormName, validators: ValidatorMap, formData: unknown): FieldErrors {
  return validateForm(name, validators, normalize(name, formData))
}

/**
 * An RJSF validator on the precompiled validators: RJSF uses it to resolve if/then/else branches,
 * and we replace its form-level validation with the shared one, reporting only the fields `visible`
 * allows for the data validated (fields checked by a blur or a submit, and unchanged since).
 */
export function createFormValidator(
  name: FormName,
  validators: ValidatorMap,
  visible: (field: string, formData: Record<string, unknown>) => boolean,
): ValidatorType {
  const schema = FORMS[name].schema as unknown as RJSFSchema
  const base = createPrecompiledValidator(validators as never, schema)
  const validator = Object.create(base) as ValidatorType
  validator.validateFormData = (formData: unknown) => {
    const data = (formData ?? {}) as Record<string, unknown>
    const shown = Object.entries(formErrors(name, validators, formData)).filter(([field]) =>
      visible(field, data),
    )
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
