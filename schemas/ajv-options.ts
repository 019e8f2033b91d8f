import ajvErrors from 'ajv-errors'
import { FORMATS } from './formats.ts'

/**
 * One set of options for every ajv instance, precompiled or not, so a message never depends on
 * which side validated: RJSF's defaults (allErrors, verbose), our RegExp formats, and ajv-errors for
 * the Chinese messages. The ajv-formats set is left out: the forms use only our own formats.
 */
export const VALIDATOR_OPTIONS = {
  customFormats: FORMATS,
  ajvFormatOptions: false as const,
  // biome-ignore lint/suspicious/noExplicitAny: ajv-errors types its argument as its own Ajv copy.
  extenderFn: (ajv: any) => ajvErrors(ajv),
}
