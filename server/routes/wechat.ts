import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { type WechatAuthorize, wechatAuthorizeSchema } from '../../schemas/api/account.ts'
import { ok } from '../lib/envelope.ts'
import { requestOrigin } from '../lib/origin.ts'
import { query, replies } from '../lib/route-schema.ts'
import { WECHAT_NONCE_COOKIE } from '../services/wechat/state.ts'

const schemas = {
  authorize: {
    tags: ['账号'],
    summary: '微信登录：授权页地址（二维码内容）与本次登录的 state',
    querystring: query({}),
    response: replies(wechatAuthorizeSchema),
  },
} as const

/** Starts a WeChat sign-in (SPEC §2 /wxlogin): the page shows `url` as a QR code and keeps `state`. */
export async function wechatRoutes(
  instance: FastifyInstance,
  opts: { siteOrigin?: string; basePath: string },
) {
  // The reply type comes from the route schema.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  // It sets the sign-in nonce cookie: another site must not replace a visitor's pending sign-in.
  app.get(
    '/wx/authorize',
    { schema: schemas.authorize, config: { changesState: true } },
    async (request, reply) => {
      const { state, nonce } = app.oauthStates.issue()
      // Only for /api (the sign-in call), never readable by scripts.
      const secure = request.protocol === 'https' ? '; Secure' : ''
      reply.header(
        'set-cookie',
        `${WECHAT_NONCE_COOKIE}=${nonce}; Path=/api; Max-Age=600; HttpOnly; SameSite=Lax${secure}`,
      )
      const redirectUri = `${requestOrigin(request, opts.siteOrigin)}${opts.basePath}authorizeWx`
      const data: WechatAuthorize = { url: app.wechat.authorizeUrl({ state, redirectUri }), state }
      return ok(data)
    },
  )
}
