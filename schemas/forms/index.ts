import type { DataOf, FormEntry } from './define.ts'
import { FORMS_BY_NAME } from './registry.ts'

export type { FormEntry } from './define.ts'

/**
 * Every form of the portal. Adding a form is one file: schemas/forms/<name>.ts exporting
 * `const <camelName> = defineForm({ name: '<name>', label, fields, … })`, one entry per field (schema,
 * required message, uiSchema) in screen order; then `npm run generate` lists it in registry.ts and
 * `npm run compile:validators` precompiles it into schemas/generated/<name>.validator.js and adds it
 * to the server's map (schemas/generated/index.ts) and the browser's lazy loaders
 * (src/forms/generated-loaders.ts); `<SchemaForm name="<name>" …/>` then draws it anywhere.
 */
export const FORMS = FORMS_BY_NAME satisfies Record<string, FormEntry>

export type FormName = keyof typeof FORMS

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never

/**
 * A form's data once validated against its schema (field by field; see DataOf). A name known only as
 * one of several (a competition's step form) gives plain records: its fields depend on the definition.
 */
export type FormData<N extends FormName> =
  true extends IsUnion<N> ? Record<string, unknown> : DataOf<(typeof FORMS)[N]['schema']>

/** Every form name, in registry order. */
export const FORM_NAMES = Object.keys(FORMS) as FormName[]

/** The forms a landing page's `signup` section may name. */
export type LandingSignupForm = {
  [N in FormName]: (typeof FORMS)[N] extends { landingSignup: true } ? N : never
}[FormName]

/** The forms a landing page's `signup` section may name, for enums in definition schemas. */
export const LANDING_SIGNUP_FORMS = FORM_NAMES.filter(
  (name): name is LandingSignupForm => (FORMS[name] as FormEntry).landingSignup === true,
)

export const isFormName = (name: string): name is FormName => Object.hasOwn(FORMS, name)
export const isLandingSignupForm = (name: string): name is LandingSignupForm =>
  (LANDING_SIGNUP_FORMS as string[]).includes(name)
