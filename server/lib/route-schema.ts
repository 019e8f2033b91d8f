import type { FastifyTypeProvider } from 'fastify'
import type { FromSchema, JSONSchema } from 'json-schema-to-ts'
import { FORMS, type FormName } from '../../schemas/forms/index.ts'
import { PAY_METHOD } from '../../schemas/payment.ts'

/**
 * Building blocks for the `schema:` of every route (README "API docs and route schemas"). The request
 * part is validated before the handler runs; the response part is what fast-json-stringify writes —
 * a property a response schema leaves out never reaches the client — and both appear in /api/docs.
 */

type Schema = Record<string, unknown>

/**
 * The type provider of a route that writes its own bytes (an answer prepared once, a file, an image):
 * request types come from the schemas as under JsonSchemaToTsProvider, while the reply is unchecked,
 * since what it sends is a Buffer or a stream rather than the object its 200 schema documents.
 */
export interface BytesReplyProvider extends FastifyTypeProvider {
  validator: this['schema'] extends JSONSchema ? FromSchema<this['schema']> : unknown
  serializer: unknown
}
/** One flat object type, so json-schema-to-ts (FromSchema) reads merged properties as one object. */
type Merge<A, B> = { [K in keyof A | keyof B]: K extends keyof B ? B[K] : K extends keyof A ? A[K] : never }

/** Marks a body that the handler validates itself (parseForm, multipart): see FORM_KEYWORD. */
export const HANDLER_VALIDATED = 'x-validated-by-handler'
/** The schemas/forms name whose precompiled validator checks this body, with the §5 messages. */
export const FORM_KEYWORD = 'x-form'

export const str = <const E extends Schema = Record<never, never>>(maxLength: number, extra?: E) =>
  ({ type: 'string', maxLength, ...extra }) as Merge<{ type: 'string'; maxLength: number }, E>
export const int = { type: 'integer' } as const

/** An object whose listed properties are all always present. */
export function shape<const P extends Schema, const O extends keyof P & string = never>(
  properties: P,
  optional: readonly O[] = [],
) {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter(
      (key) => !(optional as readonly string[]).includes(key),
    ) as Exclude<keyof P & string, O>[],
  } as const
}

const CODE_AND_MSG = {
  code: { type: 'integer', description: '200 成功；其他为错误码（业务结果一律 HTTP 200）' },
  msg: { type: 'string' },
} as const

/**
 * The §7 envelope: code and msg always; data on success when the route has any. Its type says
 * `additionalProperties: false`, which the object leaves out (the docs stay as they were): it is true
 * all the same, since fast-json-stringify writes only the listed properties, and it keeps an index
 * signature out of the reply type a route answers under the type provider.
 */
type Envelope<D = never> = {
  type: 'object'
  properties: [D] extends [never] ? typeof CODE_AND_MSG : Merge<typeof CODE_AND_MSG, { data: D }>
  required: ['code', 'msg']
  additionalProperties: false
  description: string
}

function envelope(data: unknown, description: string) {
  const properties: Record<string, unknown> = { ...CODE_AND_MSG }
  if (data) properties.data = data
  return { type: 'object', properties, required: ['code', 'msg'], description }
}

/** What an error answer with an HTTP error status looks like. */
const errorEnvelope = envelope(undefined, '请求无法处理（格式、大小、超时等）') as Envelope
const serverErrorEnvelope = envelope(undefined, '服务器内部错误（不含任何内部细节）') as Envelope
/** A business error answered in place of a file (HTTP 200, SPEC §8). */
const envelope200 = envelope(undefined, '业务错误（如未登录、无权访问、文件不存在）')

/**
 * Responses of a JSON route: the envelope with `data` for HTTP 200, the bare envelope otherwise. Typed
 * to the letter, so a route under the json-schema-to-ts type provider answers the FromSchema type.
 */
export function replies<const D = never>(data?: D, description = '操作结果') {
  return {
    200: envelope(data, description) as Envelope<D>,
    '4xx': errorEnvelope,
    '5xx': serverErrorEnvelope,
  }
}

/** The content types of what routes answer besides JSON, each named once. */
export const MEDIA = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  zip: 'application/zip',
  svg: 'image/svg+xml',
  html: 'text/html',
  text: 'text/plain',
  /** A stored upload, answered with its own type (an image, a PDF, a video…). */
  anyFile: 'application/octet-stream',
} as const
type Media = (typeof MEDIA)[keyof typeof MEDIA]

/** Media whose bytes are text: documented as a string, the rest as binary. */
const TEXT_MEDIA: ReadonlySet<string> = new Set([MEDIA.svg, MEDIA.html, MEDIA.text])

/**
 * Responses of a route that answers a file, a page or a provider's plain-text acknowledgement: HTTP
 * 200 is one of `media` — documented under its own content type in /api/docs, not as JSON — or, unless
 * `envelope` is false (a sandbox page that never does), the JSON envelope of a business error, which
 * also travels as HTTP 200 (SPEC §8). No type for 200: bytes and text go out as they are.
 */
export function fileReplies(
  description: string,
  media: readonly Media[],
  { envelope = true }: { envelope?: boolean } = {},
): Schema {
  const content: Record<string, { schema: Schema }> = {}
  for (const type of media)
    content[type] = {
      schema: TEXT_MEDIA.has(type) ? { type: 'string' } : { type: 'string', format: 'binary' },
    }
  if (envelope) content['application/json'] = { schema: envelope200 }
  return { 200: { description, content }, '4xx': errorEnvelope, '5xx': serverErrorEnvelope }
}

/** Responses of a table route (SPEC §7): rows and total beside code and msg. */
export function tableReplies<const R>(row: R) {
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
  } as const
  // Typed without extra properties, as the envelope (above).
  return {
    200: table as typeof table & { additionalProperties: false },
    '4xx': errorEnvelope,
    '5xx': serverErrorEnvelope,
  }
}

/**
 * The path parameter of a checkout: 2 WeChat QR, 3 online cashier, 4 balance (SPEC §7 Payment). The
 * validator turns the path's text into the number (Fastify coerces parameters), so a handler reads a
 * PayMethod.
 */
export const PAY_METHOD_PARAMS = {
  type: 'object',
  properties: {
    method: { type: 'integer', enum: [PAY_METHOD.wechatQr, PAY_METHOD.online, PAY_METHOD.balance] },
  },
  required: ['method'],
} as const

export const TOKEN_QUERY = {
  type: 'object',
  properties: {
    token: { type: 'string', maxLength: 256, description: '登录令牌（优先于 Authorization 头）' },
  },
} as const

/** Query string of `properties` plus the token. */
export function query<const P extends Schema, const R extends keyof P & string = never>(
  properties: P,
  required: readonly R[] = [],
) {
  return {
    type: 'object',
    properties: { ...TOKEN_QUERY.properties, ...properties } as Merge<typeof TOKEN_QUERY.properties, P>,
    required,
  } as const
}

/** Paging of a table route (SPEC §7 rows and total): pageNum from 1, pageSize up to 50. */
export const PAGING = {
  pageNum: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
  pageSize: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
} as const

/** Path parameters, all required strings of bounded length. */
export function params<const N extends Record<string, number>>(names: N) {
  return shape(
    Object.fromEntries(Object.entries(names).map(([name, max]) => [name, str(max)])) as {
      [K in keyof N]: { type: 'string'; maxLength: number }
    },
  )
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
export function formBody<N extends FormName, const E extends Schema = Record<never, never>>(
  name: N,
  extra?: E,
) {
  const schema = forDocs(FORMS[name].schema) as Schema & { properties: Record<string, unknown> }
  return {
    ...schema,
    properties: { ...schema.properties, ...extra },
    [FORM_KEYWORD]: name,
    description: `表单 ${name}（schemas/forms），由表单校验器按 SPEC §5 返回中文提示`,
  } as unknown as FormBody<N, E>
}

/**
 * The type a form body reads as under the type provider: the extras as declared (ajv checks them) and
 * every form field optional and unknown, since nothing has checked them before the handler's parseForm.
 */
type FormBody<N extends FormName, E> = {
  type: 'object'
  properties: Merge<{ [K in keyof (typeof FORMS)[N]['schema']['properties']]: Record<never, never> }, E>
}

/**
 * A body the handler reads and checks itself (a multipart upload, a lone phone number): documented in
 * full, but the route validator checks only the JSON types of its declared fields, so the handler's
 * own Chinese messages stay and no value of the wrong kind reaches it.
 */
export function handlerBody<const S extends Schema>(schema: S) {
  // Typed without `required`: only the kinds of the fields present are checked, so each may be missing.
  return { ...schema, [HANDLER_VALIDATED]: true } as unknown as Merge<
    Omit<S, 'required'>,
    { [HANDLER_VALIDATED]: true }
  >
}
