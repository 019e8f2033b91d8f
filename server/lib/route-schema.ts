import { FORMS, type FormName } from '../../schemas/forms/index.ts'

/**
 * Building blocks for the `schema:` of every route (README "API docs and route schemas"). The request
 * part is validated before the handler runs; the response part is what fast-json-stringify writes —
 * a property a response schema leaves out never reaches the client — and both appear in /api/docs.
 */

type Schema = Record<string, unknown>

/** Marks a body that the handler validates itself (parseForm, multipart): see FORM_KEYWORD. */
export const HANDLER_VALIDATED = 'x-validated-by-handler'
/** The schemas/forms name whose precompiled validator checks this body, with the §5 messages. */
export const FORM_KEYWORD = 'x-form'

export const str = (maxLength: number, extra: Schema = {}) => ({ type: 'string', maxLength, ...extra })
export const int = { type: 'integer' } as const
export const bool = { type: 'boolean' } as const

/** An object whose listed properties are all always present. */
export function shape(properties: Record<string, unknown>, optional: string[] = []): Schema {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
  }
}

const ENVELOPE_FIELDS = {
  code: { type: 'integer', description: '200 成功；其他为错误码（业务结果一律 HTTP 200）' },
  msg: { type: 'string' },
} as const

/**
 * The §7 envelope: code and msg always; data on success when the route has any. Literal types kept,
 * so a route on the JSON-Schema type provider has its reply type read from this schema.
 */
function envelope(): { type: 'object'; properties: typeof ENVELOPE_FIELDS; required: ['code', 'msg'] }
function envelope<const D>(data: D): {
  type: 'object'
  properties: typeof ENVELOPE_FIELDS & { data: D }
  required: ['code', 'msg']
}
function envelope(data?: unknown) {
  const properties = data ? { ...ENVELOPE_FIELDS, data } : ENVELOPE_FIELDS
  return { type: 'object', properties, required: ['code', 'msg'] }
}

/** What an error answer with an HTTP error status looks like. */
const errorEnvelope = { ...envelope(), description: '请求无法处理（格式、大小、超时等）' }
const serverErrorEnvelope = { ...envelope(), description: '服务器内部错误（不含任何内部细节）' }

/** Responses of a JSON route: the envelope with `data` for HTTP 200, the bare envelope otherwise. */
export function replies(): {
  200: ReturnType<typeof envelope> & { description: string }
  '4xx': typeof errorEnvelope
  '5xx': typeof serverErrorEnvelope
}
export function replies<const D>(
  data: D,
  description?: string,
): {
  200: ReturnType<typeof envelope<D>> & { description: string }
  '4xx': typeof errorEnvelope
  '5xx': typeof serverErrorEnvelope
}
export function replies(data?: unknown, description = '操作结果') {
  return {
    200: { ...(data ? envelope(data) : envelope()), description },
    '4xx': errorEnvelope,
    '5xx': serverErrorEnvelope,
  }
}

/**
 * Responses of a route that answers a page or a provider's plain-text acknowledgement. No type for 200:
 * text goes out as it is, and a business error's envelope (also HTTP 200) as JSON.
 */
export function textReplies(description: string): Schema {
  return { 200: { description }, '4xx': errorEnvelope, '5xx': serverErrorEnvelope }
}

/** Responses of a table route (SPEC §7): rows and total beside code and msg. */
export function tableReplies(row: unknown): Schema {
  const table = {
    type: 'object',
    properties: {
      code: { type: 'integer' },
      msg: { type: 'string' },
      rows: { type: 'array', items: row },
      total: { type: 'integer' },
    },
    required: ['code', 'msg'],
    description: '分页结果',
  }
  return { 200: table, '4xx': errorEnvelope, '5xx': serverErrorEnvelope }
}

/** No parameters besides the token every route accepts (SPEC §6). */
export const TOKEN_QUERY = {
  type: 'object',
  properties: {
    token: { type: 'string', maxLength: 256, description: '登录令牌（优先于 Authorization 头）' },
  },
} as const

/** Query string of `properties` plus the token (literal types kept for the type provider). */
export function query<
  const P extends Record<string, unknown>,
  const R extends readonly (keyof P & string)[] = [],
>(properties: P, required: R = [] as unknown as R) {
  return {
    type: 'object' as const,
    properties: { ...TOKEN_QUERY.properties, ...properties },
    required,
  }
}

/** Paging of a table route (SPEC §7 rows and total): pageNum from 1, pageSize up to 50. */
export const PAGING = {
  pageNum: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
} as const

/** Path parameters, all required strings of bounded length. */
export function params<const N extends Record<string, number>>(names: N) {
  return shape(Object.fromEntries(Object.entries(names).map(([name, max]) => [name, str(max)]))) as {
    type: 'object'
    properties: { [K in keyof N]: { type: 'string'; maxLength: N[K] } }
    required: (keyof N & string)[]
  }
}

/** How a signed-in user is recognised: the route's docs show the three token carriers of SPEC §6. */
export const SIGNED_IN: Array<Record<string, string[]>> = [
  { bearer: [] },
  { tokenQuery: [] },
  { tokenCookie: [] },
]

/** Drops what only ajv-errors and ajv read ($id, errorMessage), keeping the schema the docs show. */
function forDocs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(forDocs)
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== '$id' && key !== 'errorMessage')
      .map(([key, v]) => [key, forDocs(v)]),
  )
}

/**
 * The body of a route that reads a form: the form's JSON Schema from schemas/forms, shown in the docs,
 * plus any `extra` fields the route reads beside the form. Fastify's ajv never sees the form part
 * (it would replace the §5 Chinese messages with its own): the route validator compiler
 * (server/plugins/api-docs.ts) checks only the extras, and the handler's parseForm checks the form
 * with the shared precompiled validator.
 */
export function formBody(name: FormName, extra: Record<string, unknown> = {}): Schema {
  const schema = forDocs(FORMS[name].schema) as Schema & { properties: Record<string, unknown> }
  return {
    ...schema,
    properties: { ...schema.properties, ...extra },
    [FORM_KEYWORD]: name,
    description: `表单 ${name}（schemas/forms），由表单校验器按 SPEC §5 返回中文提示`,
  }
}

/**
 * A body the handler reads and checks itself (a multipart upload, a lone phone number): documented in
 * full, but the route validator checks only the JSON types of its declared fields, so the handler's
 * own Chinese messages stay and no value of the wrong kind reaches it.
 */
export function handlerBody(schema: Schema): Schema {
  return { ...schema, [HANDLER_VALIDATED]: true }
}
