import type { FastifyRequest } from 'fastify'

/** Query parameters that carry credentials: never written to a log (SPEC §6: `token` overrides). */
const SECRET_PARAMS = /([?&])(token|access_token|code)=[^&#]*/gi

export const redactUrl = (url: string) => url.replace(SECRET_PARAMS, '$1$2=[REDACTED]')

/**
 * Logger options for every instance: request lines carry the URL with credentials blanked, and the
 * headers that hold them are censored should anything log a request's headers.
 */
export function logOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }
      },
    },
  }
}
