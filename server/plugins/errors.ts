import type { FastifyError, FastifyInstance } from 'fastify'
import { BusinessError, CODE, fail, MSG } from '../lib/envelope.ts'

/**
 * One place that turns every failure into the §7 envelope. Business errors and bad input answer
 * HTTP 200 with a body code, as the existing backend does, so the SPA reads the body code alone;
 * 5xx internals are logged and never sent.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof BusinessError) {
      return reply.status(200).send(fail(error.code, error.message))
    }
    if (error.validation) {
      return reply.status(200).send(fail(CODE.badRequest, MSG.badRequest))
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.status(413).send(fail(CODE.tooLarge, MSG.tooLarge))
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      return reply.status(status).send(fail(status, status === 415 ? '不支持的请求格式' : MSG.badRequest))
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send(fail(CODE.serverError, MSG.serverError))
  })
}
