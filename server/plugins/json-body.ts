import type { FastifyInstance } from 'fastify'
import { RequestError } from './errors.ts'

/**
 * No request of this API nests deeper than a few levels; 32 leaves room for any future form. A deeper
 * body is refused before JSON.parse, because handlers that walk a value recursively (String() of an
 * array, a validator, a log serializer) overflow the stack on a 10,000-deep one.
 */
export const MAX_JSON_DEPTH = 32
export const TOO_DEEP_MSG = '请求内容层级过深'

/** How deep the brackets of a JSON text nest, ignoring those inside strings; stops past `limit`. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return false
}

/**
 * Fastify's own JSON parser (with its __proto__ / constructor poisoning checks) behind a depth check.
 * Registered on the root before the routes, so every route inherits it.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // parseAs 'string' hands over a string; the type says string | Buffer.
    const text = String(body)
    if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) return done(new RequestError(400, TOO_DEEP_MSG), undefined)
    return parse(request, text, done)
  })
}
