import type { FormData, FormName } from '../../schemas/forms/index.ts'
import { PRECOMPILED } from '../../schemas/precompiled.ts'
import { type FieldErrors, firstError, normalize, validateForm } from '../../schemas/validate.ts'
import { BusinessError, CODE } from './envelope.ts'

/**
 * Reads a form body the way the browser's form does: the same normalization, the same precompiled
 * validator, the same messages. Answers code 400 with the first failing field's message.
 */
export function parseForm<N extends FormName>(name: N, body: unknown): FormData<N> {
  const data = normalize(name, body)
  const errors: FieldErrors = validateForm(name, PRECOMPILED[name], data)
  const message = firstError(name, errors)
  if (message) throw new BusinessError(CODE.badRequest, message)
  // Valid against the form's schema, which is what FormData<N> reads.
  return data as FormData<N>
}
