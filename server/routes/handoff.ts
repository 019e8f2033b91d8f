import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import {
  type HandoffInfo,
  type HandoffLink,
  handoffInfoSchema,
  handoffLinkSchema,
  type SessionToken,
  sessionTokenSchema,
} from '../../schemas/api/account.ts'
import { API_BASE, CODE } from '../../schemas/contract.ts'
import { actingPage, redirectTarget } from '../../schemas/redirect-target.ts'
import { BusinessError, ok } from '../lib/envelope.ts'
import { maskAccount, maskName } from '../lib/mask.ts'
import { requestOrigin } from '../lib/origin.ts'
import { query, replies, SIGNED_IN, str } from '../lib/route-schema.ts'
import { requestToken, requireUser } from '../plugins/auth.ts'
import { visitorNavigated } from '../plugins/cross-site.ts'
import { RequestError } from '../plugins/errors.ts'

/** What a target with a control character gets (HTTP 400): no Location can carry it. */
export const BAD_TARGET = '跳转地址无效'
/** A hand-off code that is forged, expired, spent, or whose session has ended. */
export const HANDOFF_INVALID = '登录链接无效或已过期，请在原设备上重新生成'
const MINT_LIMIT = { windowMs: 60_000, max: 10 } as const
const CODE_FIELD = str(128, { description: '一次性登录码（/redirect 链接的 token）' })

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
  info: {
    tags: ['账号'],
    summary: '一次性登录码将登录的账号（打码显示，供确认页使用；不消耗登录码）',
    querystring: { type: 'object', properties: { code: CODE_FIELD }, required: ['code'] },
    response: replies(handoffInfoSchema),
  },
  redeem: {
    tags: ['账号'],
    summary: '确认后用一次性登录码登录：返回新的登录令牌（登录码随之失效）',
    querystring: query({}),
    body: { type: 'object', properties: { code: CODE_FIELD }, required: ['code'] },
    response: replies(sessionTokenSchema),
  },
  redirect: {
    hide: true,
    querystring: { type: 'object', properties: { token: str(512), url: str(2048) } },
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
 * The address the server routes a request by (Fastify's rewriteUrl, server/app.ts): every spelling
 * under which the SPA's router opens the hand-off page — `/REDIRECT`, `/Redirect/`, `/%52edirect`,
 * `/TEST/redirect` (schemas/redirect-target.ts) — becomes `${basePath}redirect`, so the rule below
 * holds for each of them; otherwise another site's `/REDIRECT?token=` reaches the page that asks
 * 确认登录 (issue 33 item 1). Any other address is left as it came.
 */
export function handoffRouteUrl(url: string, basePath: string): string {
  const query = url.indexOf('?')
  const pathname = query < 0 ? url : url.slice(0, query)
  const route = `${basePath}redirect`
  // The router routes nothing outside its basename, which it matches without case.
  const underBase = pathname.toLowerCase().startsWith(basePath.toLowerCase())
  if (pathname === route || !underBase || actingPage(pathname, basePath) !== '/redirect') return url
  return query < 0 ? route : `${route}${url.slice(query)}`
}

/**
 * SPEC §2 `/redirect?token&url`: "stores the token and goes to url". The token is a one-time hand-off
 * code (services/handoff.ts) minted by `POST /api/my/handoff` for a signed-in user — never a session
 * token — and opening the link signs nobody in: when the visitor opened it themselves (typed, scanned,
 * followed on this site) the page asks them to confirm the account it names (src/features/account/
 * redirect-page.tsx), and only their click — `POST /api/handoff/redeem`, refused from other sites —
 * signs in. A link another site sends the browser to goes straight to its target. The target is judged
 * as the browser will read it (schemas/redirect-target.ts).
 */
export async function handoffRoutes(
  instance: FastifyInstance,
  opts: { basePath: string; sessionTtlMs: number; siteOrigin?: string },
): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  app.post(
    `${API_BASE}/my/handoff`,
    { preValidation: requireUser, schema: schemas.mint },
    async (request) => {
      const target = redirectTarget(request.body?.url ?? '/', opts.basePath)
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

  app.get(
    `${API_BASE}/handoff/info`,
    { schema: schemas.info, config: { privateAnswer: true } },
    async (request) => {
      const holder = await app.handoff.holder(request.query.code)
      if (!holder) throw new BusinessError(CODE.badRequest, HANDOFF_INVALID)
      const data: HandoffInfo = {
        username: maskName(holder.username),
        account: maskAccount(holder.account),
        expiresAt: holder.expiresAt,
      }
      return ok(data)
    },
  )

  app.post(
    `${API_BASE}/handoff/redeem`,
    { schema: schemas.redeem, config: { privateAnswer: true } },
    async (request) => {
      const session = await app.handoff.redeem(request.body.code, opts.sessionTtlMs)
      if (!session) throw new BusinessError(CODE.badRequest, HANDOFF_INVALID)
      const data: SessionToken = { token: session }
      return ok(data)
    },
  )

  app.get(`${opts.basePath}redirect`, { schema: schemas.redirect }, async (request, reply) => {
    const target = redirectTarget(request.query.url, opts.basePath)
    if (target.kind === 'invalid') throw new RequestError(400, BAD_TARGET)
    // The visitor's own link: the page that names the account and asks to confirm (the SPA's).
    if (request.query.token && visitorNavigated(request)) {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer')
      return reply.callNotFound()
    }
    // No code, or another site sent the browser here: to the target, nobody signed in or out.
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(addressOf(opts.basePath, target.kind === 'path' ? target.path : '/'), 302)
  })
}
