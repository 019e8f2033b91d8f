import type { FastifyInstance, FastifyRequest } from 'fastify'
import { TOKEN_COOKIE } from '../../schemas/contract.ts'
import { readCookie } from '../lib/cookies.ts'
import { BusinessError, CODE, MSG } from '../lib/envelope.ts'
import { resolveSession } from '../services/sessions.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser for protected routes. */
    userId: number
  }
}

/**
 * Where a request's token comes from, in order of precedence (SPEC §6): a `token` parameter
 * overrides the Authorization header, which overrides the cookie.
 */
export function requestToken(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined
  if (typeof query?.token === 'string' && query.token) return query.token
  const header = request.headers.authorization
  if (header) return header.replace(/^Bearer\s+/i, '').trim() || undefined
  return readCookie(request.headers.cookie, TOKEN_COOKIE)
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('userId', 0)
}

/** preHandler for protected routes: answers code 403 with the §8 message when the token is not live. */
export async function requireUser(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  const token = requestToken(request)
  const userId = token ? await resolveSession(this.db.kysely, token) : undefined
  if (!userId) throw new BusinessError(CODE.unauthorized, MSG.tokenInvalid)
  request.userId = userId
}
