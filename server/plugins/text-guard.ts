import type { FastifyInstance } from 'fastify'
import { BusinessError, CODE } from '../lib/envelope.ts'

export const NUL_MSG = '请求内容包含无效字符'

/** True when a string anywhere in `value` holds U+0000; JSON bodies are at most 32 levels deep. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000')
  if (Array.isArray(value)) return value.some(holdsNul)
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, v]) => key.includes('\u0000') || holdsNul(v))
  }
  return false
}

/**
 * PostgreSQL cannot store U+0000 in text and fails the whole query, so a NUL byte in a query
 * parameter, path parameter or JSON field (`%00`, `\u0000`) would be a 500 there. No form or
 * parameter of this API needs one: it is refused before validation, on every route.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      throw new BusinessError(CODE.badRequest, NUL_MSG)
    }
  })
}
