import http from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyError, FastifyHttpOptions, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { BusinessError, CODE, fail, MSG } from '../lib/envelope.ts'
import { faultOf } from '../lib/faults.ts'
import { securityHeaders } from './security.ts'

/** The Chinese message of each HTTP status the server answers with an envelope outside business outcomes. */
export const STATUS_MSG: Readonly<Record<number, string>> = {
  400: MSG.badRequest,
  403: '禁止访问',
  404: MSG.notFound,
  405: '请求方法不被允许',
  406: '不支持的请求格式',
  408: '请求超时，请稍后重试',
  413: MSG.tooLarge,
  414: '请求地址过长',
  415: '不支持的请求格式',
  431: '请求头过大',
  500: MSG.serverError,
  503: '服务暂时不可用，请稍后重试',
  507: '服务器存储空间已满，暂时无法保存，请稍后重试',
}

/** A unique key refused a row that no route decided about itself: HTTP 200 with this body code and message. */
export const DUPLICATE_MSG = '数据已存在，请勿重复提交'

/** A refusal of the request itself (not a business outcome): answered with its HTTP status and message. */
export class RequestError extends Error {
  readonly statusCode: number
  constructor(statusCode: number, message: string = STATUS_MSG[statusCode] ?? MSG.badRequest) {
    super(message)
    this.statusCode = statusCode
  }
}

/**
 * The server cannot take the request now but will soon (the database restarting, shutting down, a
 * full work queue): HTTP 503 with the envelope and Retry-After, so clients and load balancers retry.
 */
export class ServiceUnavailable extends RequestError {
  constructor(message: string = STATUS_MSG[503] ?? MSG.serverError) {
    super(503, message)
  }
}

/** Seconds a client should wait before retrying a 503. */
const RETRY_AFTER_SECONDS = '1'

/**
 * One place that turns every failure into the §7 envelope. Business errors and failed schema
 * validation answer HTTP 200 with a body code, as the existing backend does, so the SPA reads the body
 * code alone; a request the server cannot read (malformed JSON, wrong content type, too large) keeps
 * its 4xx status; 5xx internals are logged and never sent.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BusinessError) {
      return reply.status(200).send(fail(error.code, error.message))
    }
    if (error instanceof RequestError) {
      if (error.statusCode === 503) reply.header('retry-after', RETRY_AFTER_SECONDS)
      return reply.status(error.statusCode).send(fail(error.statusCode, error.message))
    }
    if (error.validation) {
      return reply.status(200).send(fail(CODE.badRequest, MSG.badRequest))
    }
    const fault = faultOf(error)
    if (fault?.kind === 'duplicate') {
      // A route that can race should decide in its own statement (ON CONFLICT) and answer as a
      // sequential duplicate does; reaching here means one did not. warn: the answer is sound, and the
      // constraint tells an operator which route to look at.
      request.log.warn({ constraint: fault.constraint }, 'unique constraint refused a row')
      return reply.status(200).send(fail(CODE.conflict, DUPLICATE_MSG))
    }
    if (fault?.kind === 'unavailable') {
      // Names the part that is down: `database unavailable` or `object store unavailable`.
      request.log.warn({ reason: fault.reason, err: error }, `${fault.part} unavailable`)
      reply.header('retry-after', RETRY_AFTER_SECONDS)
      return reply.status(503).send(fail(503, STATUS_MSG[503] ?? MSG.serverError))
    }
    if (fault?.kind === 'storageFull') {
      request.log.error({ reason: fault.reason, err: error }, 'storage full')
      return reply.status(507).send(fail(507, STATUS_MSG[507] ?? MSG.serverError))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.status(status).send(fail(status, STATUS_MSG[status] ?? MSG.badRequest))
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send(fail(CODE.serverError, MSG.serverError))
  })
}

/**
 * Errors Fastify raises before routing (FST_ERR_BAD_URL, FST_ERR_MAX_PARAM_LENGTH): no hook has run,
 * so helmet's headers are added here by hand.
 */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400
  for (const [name, value] of securityHeaders()) reply.header(name, value)
  reply.status(status).send(fail(status, STATUS_MSG[status] ?? MSG.badRequest))
}

/**
 * Errors of the HTTP connection itself (Node's 'clientError'): a request not received within
 * requestTimeout, oversized headers, broken framing. No request object exists, so the answer is
 * written to the socket — still the envelope with the security headers — and the connection closed.
 */
function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return
  const status =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400
  // Node's own handler checks the same: never write into a response that has already started.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(fail(status, STATUS_MSG[status] ?? MSG.badRequest))
    const headers = [
      ...securityHeaders(),
      ['content-type', 'application/json; charset=utf-8'],
      ['content-length', String(Buffer.byteLength(body))],
      ['connection', 'close'],
    ]
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${headers.map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`,
    )
  }
  socket.destroy(error)
}

/**
 * The default bound on receiving a whole request (headers and body): Node's own default, which
 * Fastify turns off. A 20 MB upload must arrive within it (about 0.55 Mbit/s). README "Environment
 * variables" documents REQUEST_TIMEOUT_MS.
 */
export const DEFAULT_REQUEST_TIMEOUT_MS = 300_000
/** Headers are small: a client that has not finished them in 30 s is stalling (slowloris). */
const HEADERS_TIMEOUT_MS = 30_000

/**
 * Fastify options that keep framework and connection errors in the envelope and bound how long a
 * request may take to arrive. Node checks pending requests every connectionsCheckingInterval (30 s by
 * default; here at most one second), so a half-sent request is answered 408 and closed within
 * requestTimeout (headers: within 30 s) plus at most one second.
 */
export function errorServerOptions(
  requestTimeoutMs: number = DEFAULT_REQUEST_TIMEOUT_MS,
): Pick<
  FastifyHttpOptions<http.Server>,
  'frameworkErrors' | 'clientErrorHandler' | 'requestTimeout' | 'http'
> {
  if (!Number.isInteger(requestTimeoutMs) || requestTimeoutMs <= 0) {
    throw new Error(
      `REQUEST_TIMEOUT_MS must be a whole number of milliseconds above 0, not ${requestTimeoutMs}`,
    )
  }
  return {
    frameworkErrors,
    clientErrorHandler,
    requestTimeout: requestTimeoutMs,
    http: {
      requestTimeout: requestTimeoutMs,
      headersTimeout: Math.min(requestTimeoutMs, HEADERS_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(1000, Math.max(50, Math.floor(requestTimeoutMs / 4))),
    },
  }
}
