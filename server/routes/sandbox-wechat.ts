import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { acceptHtmlForms, escapeHtml, sandboxPage } from '../lib/html.ts'
import { requestOrigin } from '../lib/origin.ts'
import { fileReplies, handlerBody, MEDIA, query } from '../lib/route-schema.ts'
import type { SandboxWechat } from '../services/wechat/sandbox.ts'
import { confirmationOf, WECHAT_CONFIRM_COOKIE } from '../services/wechat/state.ts'

const FIELDS = {
  state: { type: 'string', maxLength: 128 },
  redirect_uri: { type: 'string', maxLength: 512 },
} as const

const schemas = {
  page: {
    tags: ['微信登录沙箱'],
    summary: '沙箱微信授权页（扫码打开）：测试人员填写微信昵称并确认登录',
    querystring: query(FIELDS),
    response: fileReplies('授权页面（HTML）', [MEDIA.html], { envelope: false }),
  },
  confirm: {
    tags: ['微信登录沙箱'],
    summary: '确认授权：带一次性 code 与 state 跳回 /authorizeWx',
    querystring: query({}),
    body: handlerBody({
      type: 'object',
      properties: {
        ...FIELDS,
        nickname: { type: 'string', maxLength: 40 },
        decision: { type: 'string', maxLength: 10 },
      },
    }),
    response: fileReplies('跳转（302）或说明页面（HTML）', [MEDIA.html], { envelope: false }),
  },
} as const

/**
 * The sandbox WeChat's authorisation page (server/services/wechat/sandbox.ts). It only ever sends the
 * browser back to this site's own /authorizeWx, so it cannot be used to redirect anywhere else.
 */
export async function sandboxWechatRoutes(
  instance: FastifyInstance,
  opts: { provider: SandboxWechat; siteOrigin?: string },
) {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const { provider } = opts
  acceptHtmlForms(app)

  /** The redirect URI when it is this site's /authorizeWx, else undefined. */
  const ownCallback = (request: FastifyRequest, raw: unknown): URL | undefined => {
    if (typeof raw !== 'string') return undefined
    try {
      const url = new URL(raw)
      const ours =
        url.origin === new URL(requestOrigin(request, opts.siteOrigin)).origin &&
        url.pathname.endsWith('/authorizeWx')
      return ours && !url.search && !url.hash ? url : undefined
    } catch {
      return undefined
    }
  }
  const refused = (reply: FastifyReply) =>
    sandboxPage(reply, '链接无效', '<h1>链接无效</h1><p>请回到网站的微信登录页重新扫码。</p>')

  app.get('/sandbox/wechat/authorize', { schema: schemas.page }, async (request, reply) => {
    const { state } = request.query
    const callback = ownCallback(request, request.query.redirect_uri)
    if (!state || !callback) return refused(reply)
    const hidden = `<input type="hidden" name="state" value="${escapeHtml(state)}"><input type="hidden" name="redirect_uri" value="${escapeHtml(callback.href)}">`
    return sandboxPage(
      reply,
      '微信授权登录',
      `<h1>微信授权登录 <span class="tag">沙箱 · 模拟扫码</span></h1>
<p>咖簿网申请使用你的微信昵称登录。填写一个测试用的微信昵称：同一昵称就是同一个微信用户，首次登录会自动创建账号。</p>
<form method="post"><label for="nickname">微信昵称</label>
<input type="text" id="nickname" name="nickname" maxlength="20" required value="微信用户">${hidden}
<button class="pay" type="submit" name="decision" value="allow">确认登录</button>
<button type="submit" name="decision" value="deny">拒绝</button></form>`,
    )
  })

  app.post('/sandbox/wechat/authorize', { schema: schemas.confirm }, async (request, reply) => {
    const body = request.body ?? {}
    const callback = ownCallback(request, body.redirect_uri)
    if (!body.state || !callback) return refused(reply)
    callback.searchParams.set('state', body.state)
    const nickname = String(body.nickname ?? '')
      .trim()
      .slice(0, 20)
    if (body.decision === 'allow' && nickname) {
      const code = provider.issueCode(provider.userFor(nickname))
      callback.searchParams.set('code', code)
      // This device confirmed: the sign-in may finish here, and only here (server/routes/account.ts).
      const secure = request.protocol === 'https' ? '; Secure' : ''
      reply.header(
        'set-cookie',
        `${WECHAT_CONFIRM_COOKIE}=${confirmationOf(code)}; Path=/api; Max-Age=300; HttpOnly; SameSite=Lax${secure}`,
      )
    }
    // Denied: back without a code, which /authorizeWx reads as a failed sign-in.
    return reply.redirect(callback.href, 302)
  })
}
