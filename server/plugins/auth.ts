import type { FastifyInstance, FastifyRequest } from 'fastify'
import { TOKEN_COOKIE } from '../../schemas/contract.ts'
import { readCookie } from '../lib/cookies.ts'
import { BusinessError, CODE, MSG } from '../lib/envelope.ts'
import { resolveSession } from '../services/sessions.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user this request is answered for (requireUser, viewerId); 0 for a visitor. */
    userId: number
  }
  interface FastifyContextConfig {
    /**
     * A read the browser makes without the SPA — a download link, an <img> — so the session can only
     * come from the cookie. Only for GET routes that change nothing (tests/server/cross-site.test.ts).
     */
    sessionCookie?: boolean
    /** A GET that changes state (SPEC §7 keeps a few): refused from other sites like any POST. */
    changesState?: boolean
    /** Called by another server, never by a browser (a payment provider's notify). */
    serverToServer?: boolean
    /** Its answer is private though nobody is signed in yet (it hands out a session token): no-store. */
    privateAnswer?: boolean
  }
}

const isRead = (method: string) => method === 'GET' || method === 'HEAD'

/**
 * Where a request's token comes from, in order of precedence (SPEC §6): a `token` parameter overrides
 * the Authorization header the SPA sends. The cookie is what a browser attaches to every request to
 * this site — including one another site makes it send — so it counts only for the reads that declare
 * `sessionCookie` (a download link, an <img>): a cookie alone never authorises a change (README
 * "Requests from other sites").
 */
export function requestToken(request: FastifyRequest): string | undefined {
  const query = request.query as Record<string, unknown> | undefined
  if (typeof query?.token === 'string' && query.token) return query.token
  const header = request.headers.authorization
  if (header) return header.replace(/^Bearer\s+/i, '').trim() || undefined
  if (request.routeOptions.config?.sessionCookie && isRead(request.method))
    return readCookie(request.headers.cookie, TOKEN_COOKIE)
  return undefined
}

/**
 * The signed-in user's id, or undefined: for routes that answer visitors and users alike. Once a user
 * is found the answer is theirs, and no cache may keep it (registerAuth).
 */
export async function viewerId(app: FastifyInstance, request: FastifyRequest): Promise<number | undefined> {
  const token = requestToken(request)
  const userId = token ? await resolveSession(app.db.kysely, token) : undefined
  if (userId) request.userId = userId
  return userId
}

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('userId', 0)
  // What is answered for a signed-in user is theirs: no shared proxy, and no browser history on a
  // shared computer, may keep it.
  app.addHook('onSend', (request, reply, payload, done) => {
    const personal = request.userId || request.routeOptions.config?.privateAnswer
    if (personal && !/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? '')))
      reply.header('cache-control', 'no-store')
    done(null, payload)
  })
}

/**
 * preValidation of protected routes: answers code 403 with the §8 message when the token is not live,
 * before the request's body is judged (a signed-out visitor is told to sign in, not that a field is wrong).
 */
export async function requireUser(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  if (!(await viewerId(this, request))) throw new BusinessError(CODE.unauthorized, MSG.tokenInvalid)
}
