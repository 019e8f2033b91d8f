import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type HandoffLink, handoffLinkSchema } from '../../schemas/api/account.ts'
import { API_BASE, CODE, TOKEN_COOKIE } from '../../schemas/contract.ts'
import { redirectTarget } from '../../schemas/redirect-target.ts'
import { BusinessError, ok } from '../lib/envelope.ts'
import { requestOrigin } from '../lib/origin.ts'
import { query, replies, SIGNED_IN, str } from '../lib/route-schema.ts'
import { requestToken, requireUser } from '../plugins/auth.ts'
import { visitorNavigated } from '../plugins/cross-site.ts'
import { RequestError } from '../plugins/errors.ts'

/** What a target with a control character gets (HTTP 400): no Location can carry it. */
export const BAD_TARGET = '跳转地址无效'
const MINT_LIMIT = { windowMs: 60_000, max: 10 } as const

const schemas = {
  mint: {
    tags: ['账号'],
    summary: '生成在其他设备登录的一次性链接（2 分钟内有效，仅可使用一次）',
    security: SIGNED_IN,
    querystring: query({}),
    body: {
      type: 'object',
      properties: { url: str(2048, { description: '打开后前往的本站路径，默认首页' }) },
    },
    response: replies(handoffLinkSchema),
  },
  redirect: {
    hide: true,
    querystring: {
      type: 'object',
      properties: { token: str(512), url: str(2048) },
    },
  },
} as const

/**
 * The site path as the browser's address under the base path: `/mine` → `/test/mine`; a path that
 * already carries the prefix keeps it.
 */
function addressOf(basePath: string, path: string): string {
  const root = basePath.replace(/\/$/, '')
  if (!root || path === root || path.startsWith(`${root}/`) || path.startsWith(`${root}?`)) return path
  return `${root}${path}`
}

/**
 * SPEC §2 `/redirect?token&url`: "stores the token and goes to url". The token is a one-time hand-off
 * code (services/handoff.ts) minted by `POST /api/my/handoff` for a signed-in user — never a session
 * token — and it signs this browser in only when the visitor opened the link themselves (typed, scanned,
 * followed from this site): another site's link or script can never change who is signed in here. The
 * target is judged as the browser will read it (schemas/redirect-target.ts).
 */
export async function handoffRoutes(
  app: FastifyInstance,
  opts: { basePath: string; sessionTtlMs: number; siteOrigin?: string },
): Promise<void> {
  app.post<{ Body: { url?: string } }>(
    `${API_BASE}/my/handoff`,
    { preValidation: requireUser, schema: schemas.mint },
    async (request) => {
      const target = redirectTarget(request.body?.url ?? '/')
      if (target.kind !== 'path') throw new BusinessError(CODE.badRequest, BAD_TARGET)
      const claim = await app.rateLimits.claim(`handoff:mint:user:${request.userId}`, MINT_LIMIT)
      if (!claim.allowed) throw new BusinessError(CODE.tooMany, '操作过于频繁，请稍后再试')
      const minted = await app.handoff.mint(requestToken(request) ?? '')
      if (!minted) throw new BusinessError(CODE.unauthorized, '令牌无效或已过期，请重新登录')
      const query = new URLSearchParams({ token: minted.code, url: target.path })
      const data: HandoffLink = {
        link: `${requestOrigin(request, opts.siteOrigin)}${opts.basePath}redirect?${query}`,
        expiresAt: minted.expiresAt,
      }
      return ok(data)
    },
  )

  app.get<{ Querystring: { token?: string; url?: string } }>(
    `${opts.basePath}redirect`,
    { schema: schemas.redirect },
    async (request, reply) => {
      const target = redirectTarget(request.query.url)
      if (target.kind === 'invalid') throw new RequestError(400, BAD_TARGET)
      const { token } = request.query
      if (token && visitorNavigated(request)) {
        const session = await app.handoff.redeem(token, opts.sessionTtlMs)
        if (session) setSessionCookie(request, reply, session, opts)
      }
      // The code is spent either way; the next page need not see it in a Referer.
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(addressOf(opts.basePath, target.kind === 'path' ? target.path : '/'), 302)
    },
  )
}

/** The cookie the SPA itself keeps the session in (src/lib/token.ts): same name, path and SameSite. */
function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  opts: { sessionTtlMs: number; siteOrigin?: string },
): void {
  const secure = request.protocol === 'https' || opts.siteOrigin?.startsWith('https:') ? '; Secure' : ''
  const maxAge = Math.floor(opts.sessionTtlMs / 1000)
  reply.header(
    'set-cookie',
    `${TOKEN_COOKIE}=${encodeURIComponent(token)}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`,
  )
}
