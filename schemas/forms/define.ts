/**
 * One field of a form, everything about it in one place: its schema, its messages and how it is drawn.
 * A form is an ordered list of these (the order of the object's keys is the order on screen and the
 * server's "first error" choice), and `defineForm` derives the rest.
 */
export interface FieldSpec {
  /**
   * The field's JSON Schema (its own messages in `errorMessage`). Absent for a field that only a
   * conditional branch of the form defines (realname's gender, shown for a passport).
   */
  schema?: object
  /** The message when it is missing: a field with one is required. */
  required?: string
  /** The message for a value its schema refuses as a whole (an agreement left unticked). */
  invalid?: string
  /** Its uiSchema: plain data, widgets and fields named by string (registered in src/forms/theme.ts). */
  ui?: object
}

type Fields = Record<string, FieldSpec>
type Named<F extends Fields, Has extends keyof FieldSpec> = {
  [K in keyof F]: F[K] extends Record<Has, unknown> ? K : never
}[keyof F] &
  string

/** The JSON Schema a form's fields make: properties and required in field order, messages through ajv-errors. */
type SchemaOf<N extends string, F extends Fields, X> = {
  $id: N
  type: 'object'
  properties: { [K in Named<F, 'schema'>]: F[K]['schema'] }
  required: readonly Named<F, 'required'>[]
  errorMessage?: {
    required?: { [K in Named<F, 'required'>]: F[K]['required'] }
    properties?: { [K in Named<F, 'invalid'>]: F[K]['invalid'] }
  }
} & X

/** What the registry knows of one form. */
export interface FormEntry {
  /** A short Chinese name, for staff (definition checks, the API docs) and lists. */
  label: string
  /** The JSON Schema: its `$id` is the form's name. Client and server validate with it. */
  schema: { $id: string; type: 'object'; properties: Record<string, unknown> }
  /** How RJSF draws it: `ui:order` and each field's ui. */
  uiSchema: Record<string, unknown>
  /** Field order on screen and in the server's "first error" choice. */
  order: readonly string[]
  /** What JSON Schema cannot say (cross-field rules, "not in the future"); run by form and server. */
  check: ((data: never, today: string) => Partial<Record<string, string>>) | undefined
  /** A landing page's `signup` section may use it (the server stores it as a sign-up, keyed by phone). */
  landingSignup?: boolean
}

/**
 * A form from one ordered field list: its schema (properties, required and the required/invalid
 * messages), uiSchema (`ui:order` and each field's ui) and order. `name` is the file's name and the
 * schema's `$id`; `schema` adds keywords the fields cannot carry (realname's if/then/else).
 */
export function defineForm<
  const N extends string,
  const F extends Fields,
  const X extends object = Record<never, never>,
  const L extends boolean = false,
>(form: {
  name: N
  label: string
  fields: F
  schema?: X
  check?: (data: never, today: string) => Partial<Record<string, string>>
  landingSignup?: L
}) {
  const properties: Record<string, unknown> = {}
  const required: string[] = []
  const requiredMessages: Record<string, string> = {}
  const invalidMessages: Record<string, string> = {}
  const ui: Record<string, unknown> = {}
  for (const [name, field] of Object.entries(form.fields)) {
    if (field.schema) properties[name] = field.schema
    if (field.required !== undefined) {
      required.push(name)
      requiredMessages[name] = field.required
    }
    if (field.invalid !== undefined) invalidMessages[name] = field.invalid
    if (field.ui) ui[name] = field.ui
  }
  const errorMessage = {
    ...(required.length ? { required: requiredMessages } : {}),
    ...(Object.keys(invalidMessages).length ? { properties: invalidMessages } : {}),
  }
  const order = Object.keys(form.fields) as Array<keyof F & string>
  return {
    label: form.label,
    schema: {
      $id: form.name,
      type: 'object',
      properties,
      ...(required.length ? { required } : {}),
      ...form.schema,
      ...(Object.keys(errorMessage).length ? { errorMessage } : {}),
    } as unknown as SchemaOf<N, F, X>,
    uiSchema: { 'ui:order': order, ...ui },
    order,
    check: form.check,
    ...(form.landingSignup ? { landingSignup: true as const } : {}),
  } as unknown as {
    label: string
    schema: SchemaOf<N, F, X>
    uiSchema: { 'ui:order': readonly string[] } & { [K in keyof F]: F[K]['ui'] }
    order: ReadonlyArray<keyof F & string>
    check: ((data: never, today: string) => Partial<Record<string, string>>) | undefined
  } & (L extends true ? { landingSignup: true } : { landingSignup?: undefined })
}

/**
 * The value a field's schema admits, read shallowly from its `enum` or `type` keyword. Shallow on
 * purpose: json-schema-to-ts's FromSchema over the forms' schemas (ajv-errors messages, formats,
 * if/then) exceeds TypeScript's instantiation depth, and a body the server has validated needs no more
 * than its fields' primitive types to be read without a cast.
 */
type ValueOf<S> = S extends { enum: readonly (infer E)[] }
  ? E
  : S extends { const: infer C }
    ? C
    : S extends { type: 'string' }
      ? string
      : S extends { type: 'integer' | 'number' }
        ? number
        : S extends { type: 'boolean' }
          ? boolean
          : S extends { type: 'array'; items: infer I }
            ? ValueOf<I>[]
            : S extends { type: 'array' }
              ? unknown[]
              : S extends { type: 'object'; properties: object }
                ? DataOf<S>
                : S extends { type: 'object' }
                  ? Record<string, unknown>
                  : unknown

/** What a form's schema admits: each property's value, required ones present, the others optional. */
export type DataOf<S> = S extends { properties: infer P; required: readonly (infer R)[] }
  ? { [K in keyof P & R]: ValueOf<P[K]> } & { [K in Exclude<keyof P, R>]?: ValueOf<P[K]> }
  : S extends { properties: infer P }
    ? { [K in keyof P]?: ValueOf<P[K]> }
    : Record<string, unknown>
