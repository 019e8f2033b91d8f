import os from 'node:os'
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify'
import type { LogFn, Logger } from 'pino'
import { TOKEN_COOKIE } from '../../schemas/contract.ts'
import { maskAccount } from './mask.ts'

/**
 * Where credentials show up in text: query parameters that carry them (SPEC §6 `token`, WeChat's
 * `code`, the sandbox cashier's `sign`, the signed OAuth `state`, an object store's signature), an
 * Authorization value, the session cookie. Whatever a line holds — a URL, an error message, a stack,
 * a field — goes through here before it is written.
 */
const SECRET_NAMES = new Set([
  'token',
  'access_token',
  'code',
  'password',
  'sign',
  'sig',
  'signature',
  'ticket',
])
/** Names that end like a credential's: refresh_token, client_secret, X-Amz-Signature, X-Amz-Credential… */
const SECRET_SUFFIX = /(?:token|secret|signature|password|credential)$/
/**
 * `state` is the signed WeChat state (`<body>.<signature>`) on the sign-in's addresses, but the
 * organisers' entries table also filters by `state=returned`: a plain word is a filter, kept.
 */
const FILTER_WORD = /^[a-z]{1,20}$/
/** A query parameter (its name may be percent-encoded: the server decodes names, so `%74oken` is `token`). */
const PARAMETER = /([?&;,\s"'(]|^)((?:%[0-9A-Fa-f]{2}|[\w.~-])+)=([^&#\s"';]*)/g
const SECRETS: Array<[RegExp, string]> = [
  [/\bBearer\s+[\w.~+/=-]+/gi, 'Bearer [REDACTED]'],
  [new RegExp(`\\b${TOKEN_COOKIE}=[^;\\s"']*`, 'g'), `${TOKEN_COOKIE}=[REDACTED]`],
  // Signed document links carry their credential in the path (/others/download/<token>/<id>).
  [/(\/(?:download|signedDocument)\/)[^/?#\s"']+/g, '$1[REDACTED]'],
]

/**
 * Where a run of digits starts and ends: not inside a longer word or number — but right after a
 * percent-escape (`%3D13800000001`, `%2B8613800000001`), whose hex digits are not part of it.
 */
const START = '(?:(?<![0-9A-Za-z])|(?<=%[0-9A-Fa-f]{2}))'
const END = '(?![0-9A-Za-z])'
/** The birthday's month and day inside an identity number, so a long number of another kind stays. */
const MONTH_DAY = '(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\\d|3[01])'
/**
 * Personal numbers a line may carry — staff search entrants by account, visitors look certificates up
 * by identity number — masked as the site shows them to others (server/lib/mask.ts): a mainland
 * mobile number (with or without +86, in any escape of the plus) keeps its first three and last four
 * digits, an identity number (18 characters, or the old 15 digits, with a birthday where it belongs)
 * its first three and last four, an e-mail address its first character and its domain.
 */
const PERSONAL: Array<[RegExp, (match: string, ...groups: string[]) => string]> = [
  [
    new RegExp(`${START}((?:\\+|%2B)?86)?(1[3-9]\\d{9})${END}`, 'gi'),
    (whole) => {
      const phone = whole.slice(-11)
      return `${whole.slice(0, -11)}${maskAccount(phone)}`
    },
  ],
  [
    new RegExp(
      `${START}(?:[1-9]\\d{5}(?:18|19|20)\\d{2}${MONTH_DAY}\\d{3}[\\dXx]|[1-9]\\d{7}${MONTH_DAY}\\d{3})${END}`,
      'g',
    ),
    (id) => `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`,
  ],
  [
    // An e-mail address (an account may be one), its @ possibly escaped: c***@example.com.
    /(?<![\w.%+-])((?:[\w.+-]|%[0-9A-Fa-f]{2})+)(@|%40)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})(?![\w-])/gi,
    (_whole, local: string, at: string, domain: string) => `${local.slice(0, 1)}***${at}${domain}`,
  ],
]

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name).toLowerCase()
  } catch {
    return name.toLowerCase()
  }
}

function secretParameter(name: string, value: string): boolean {
  const decoded = decodedName(name)
  if (decoded === 'state') return value !== '' && !FILTER_WORD.test(value)
  return SECRET_NAMES.has(decoded) || SECRET_SUFFIX.test(decoded)
}

export function redactText(text: string): string {
  let out = text.replace(PARAMETER, (whole, lead: string, name: string, value: string) =>
    secretParameter(name, value) ? `${lead}${name}=[REDACTED]` : whole,
  )
  for (const [pattern, replacement] of SECRETS) out = out.replace(pattern, replacement)
  for (const [pattern, mask] of PERSONAL) out = out.replace(pattern, mask)
  return out
}

/** Kept under its old name: request lines write the URL through it. */
export const redactUrl = redactText

/**
 * An error as a log line holds it: its kind, message, stack and codes — each redacted — and nothing
 * else. Not every enumerable property: an HTTP client's error carries the request it made, headers
 * and all.
 */
interface LoggedError {
  type: string
  message: string
  stack: string
  [key: string]: unknown
}
export function serializeError(error: unknown): LoggedError {
  // Some libraries report an error as a copy of its fields (pg-boss's workers: `{...error, message,
  // stack, queue}`): read as an error, not written as "[object Object]".
  const errorLike =
    error instanceof Error ||
    (typeof error === 'object' &&
      error !== null &&
      typeof (error as { message?: unknown }).message === 'string')
  if (!errorLike) return { type: typeof error, message: redactText(String(error)), stack: '' }
  const e = error as Error & { code?: unknown; statusCode?: unknown; cause?: unknown }
  return {
    type: typeof e.name === 'string' ? e.name : 'Error',
    message: redactText(e.message),
    stack: redactText(typeof e.stack === 'string' ? e.stack : ''),
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(typeof e.statusCode === 'number' ? { statusCode: e.statusCode } : {}),
    ...(e.cause !== undefined ? { cause: serializeError(e.cause) } : {}),
  }
}

/** Strings of a log call's fields, one level down, redacted (objects go through the serializers). */
function redactFields(value: unknown): unknown {
  if (typeof value === 'string') return redactText(value)
  if (!value || typeof value !== 'object' || Array.isArray(value) || value instanceof Error) return value
  const out: Record<string, unknown> = {}
  for (const [key, field] of Object.entries(value))
    out[key] = typeof field === 'string' ? redactText(field) : field
  return out
}

/**
 * ACCESS_LOG_SAMPLE: the share of successful requests (status below 400) written to the access log,
 * from 0 to 1 (default 1, every one). Refusals and errors are always written.
 */
export function parseAccessLogSample(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 1
  const value = Number(raw)
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new Error(
      `ACCESS_LOG_SAMPLE must be a number from 0 to 1 (0.1 = one request in ten), not ${JSON.stringify(raw)}`,
    )
  return value
}

/**
 * One line a request, written when it is answered: `{method, url, status, ms}` with the request id
 * and the client address — what an operator reads, about a third of Fastify's two lines (an
 * "incoming request" and a "request completed" with every header of the reply's serialiser).
 * Successful requests may be sampled (ACCESS_LOG_SAMPLE); the rest are always written.
 */
export class AccessLog extends LogController {
  private readonly sample: number

  constructor(sample = 1) {
    super()
    this.sample = sample
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const status = reply.statusCode
    if (!error && status < 400 && this.sample < 1 && Math.random() >= this.sample) return
    const line = {
      method: request.method,
      url: redactText(request.url),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    }
    if (error) reply.log.error({ ...line, err: error }, 'request errored')
    else reply.log.info(line, 'req')
  }
}

/**
 * Logger options for every instance: every line is redacted (serialisers for errors and requests, and
 * a hook over each call's message and fields), and the headers that hold credentials are censored
 * should anything log a request's headers. No pid: the hostname names the instance.
 */
export function logOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    base: { hostname: os.hostname() },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
      censor: '[REDACTED]',
    },
    hooks: {
      logMethod(this: Logger, args: Parameters<LogFn>, method: LogFn) {
        method.apply(this, args.map(redactFields) as Parameters<LogFn>)
      },
    },
    serializers: {
      err: serializeError,
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactText(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }
      },
    },
  }
}
