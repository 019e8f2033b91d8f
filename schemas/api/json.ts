/**
 * The data the API sends, each shape written once (SPEC §3, §7). A module in schemas/api/ holds one
 * backend area's JSON Schemas as `const` objects; the server puts each one in its route's response
 * schema (serialisation and /api/docs) and both sides take the TypeScript type from the same object
 * with `FromSchema`, so the server's answer and the SPA's type cannot drift apart.
 *
 * Adding a type (a new route, a new competition family…):
 *   1. In schemas/api/<area>.ts, `export const thingSchema = object({ … })` built with the helpers
 *      below (they keep literal types, so FromSchema can read them), and
 *      `export type Thing = FromSchema<typeof thingSchema>`.
 *   2. The route's schema uses it as is: `response: replies(thingSchema)`, `replies(listOf(thingSchema))`
 *      or `tableReplies(thingSchema)` — never a copy or a spread of it.
 *   3. The SPA's client module (src/api/<area>.ts) reads `getData<Thing>(…)` and re-exports the type
 *      if screens need it; it declares no shapes of its own.
 * tests/server/api-types.test.ts fails when a route's data schema is not one exported from here, and
 * tests/unit/api-types.test.ts when a client module declares a data type of its own.
 * A type FromSchema cannot express (a recursive tree) is written beside its schema, and the unit test
 * checks the schema's type against it.
 *
 * React-free and Fastify-free: the SPA, the server, scripts and tests all import this folder.
 */

/** Text of at most `maxLength` characters. */
export const text = <const N extends number>(maxLength: N) => ({ type: 'string', maxLength }) as const

/** Text without a length bound (HTML forms, URLs the server builds, descriptions). */
export const anyText = { type: 'string' } as const
export const integer = { type: 'integer' } as const
export const boolean = { type: 'boolean' } as const

/** A list whose items are `items`. */
export const listOf = <const T extends object>(items: T) => ({ type: 'array', items }) as const

/**
 * An object whose properties are all present except those named in `optional`, and nothing else:
 * `additionalProperties: false` tells the docs (and FromSchema) that the server sends no more than
 * this — fast-json-stringify writes only the listed properties either way.
 */
export function object<const P extends Record<string, object>, const O extends keyof P & string = never>(
  properties: P,
  optional: readonly O[] = [],
) {
  const required = Object.keys(properties).filter((key) => !(optional as readonly string[]).includes(key))
  return {
    type: 'object',
    properties,
    required: required as Exclude<keyof P & string, O>[],
    additionalProperties: false,
  } as const
}
