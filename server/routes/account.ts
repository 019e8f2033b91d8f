import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sessionTokenSchema, userInfoSchema } from '../../schemas/api/account.ts'
import { LOGIN_SOURCE } from '../../schemas/contract.ts'
import { canonicalAccount } from '../../schemas/forms/fields.ts'
import { readCookie } from '../lib/cookies.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { verifyPasswordOrDummy } from '../lib/passwords.ts'
import { formBody, query, replies, SIGNED_IN, str } from '../lib/route-schema.ts'
import { requestToken, requireUser } from '../plugins/auth.ts'
import { endSession, passwordAccount, startSession, userBase, wechatAccount } from '../services/sign-in.ts'
import { confirmationOf, WECHAT_CONFIRM_COOKIE, WECHAT_NONCE_COOKIE } from '../services/wechat/state.ts'

const WRONG_CREDENTIALS = '账号或密码错误'

const schemas = {
  login: {
    tags: ['账号'],
    summary:
      '登录：账号密码（logInSource 2，失败次数受限）或微信授权 code 与 state（logInSource 1，首次登录自动注册）',
    querystring: query({}),
    // The login form (schemas/forms/login.ts) plus what a WeChat sign-in would send (SPEC §6, §9).
    body: formBody('login', {
      logInSource: { type: 'integer', description: '1 微信（code 与 state），2 账号密码' },
      code: str(1024),
      state: str(128),
    }),
    response: replies(sessionTokenSchema),
  },
  userBase: {
    tags: ['账号'],
    summary: '当前用户（页头与用户状态读取）',
    security: SIGNED_IN,
    querystring: query({}),
    response: replies(userInfoSchema),
  },
  logout: {
    tags: ['账号'],
    summary: '退出登录（服务器端吊销令牌）',
    security: SIGNED_IN,
    querystring: query({}),
    response: replies(),
  },
} as const

const WECHAT_FAILED = '微信登录失败，请重新扫码'

/**
 * WeChat sign-in (SPEC §6 source 1): the state must be one this server handed out, the code is
 * exchanged with the provider, and the WeChat user's account is found by openid — or made on first
 * sign-in, named by the WeChat nickname.
 */
async function wechatSignIn(
  app: FastifyInstance,
  request: FastifyRequest,
  code?: string,
  state?: string,
): Promise<number> {
  // The browser that started the sign-in keeps this cookie; one that did not must not finish it —
  // unless the provider works across devices and this browser is the one that confirmed (the sandbox's
  // confirmation cookie), never one a confirmed code was sent to (login CSRF).
  const nonce = readCookie(request.headers.cookie, WECHAT_NONCE_COOKIE)
  const confirmation = readCookie(request.headers.cookie, WECHAT_CONFIRM_COOKIE)
  const confirmedHere =
    app.wechat.crossDevice && !!code && !!confirmation && confirmation === confirmationOf(code)
  if (!code || !state || !app.oauthStates.valid(state, nonce, confirmedHere))
    throw new BusinessError(CODE.badRequest, WECHAT_FAILED)
  const wechatUser = await app.wechat.exchange(code)
  if (!wechatUser) throw new BusinessError(CODE.badRequest, WECHAT_FAILED)
  const userId = await wechatAccount(app.db, wechatUser)
  if (userId === undefined) throw new BusinessError(CODE.badRequest, WECHAT_FAILED)
  return userId
}

export async function accountRoutes(
  instance: FastifyInstance,
  opts: { sessionTtlMs: number },
): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  app.post('/login', { schema: schemas.login, config: { privateAnswer: true } }, async (request) => {
    const body = request.body ?? {}
    if (body.logInSource === LOGIN_SOURCE.wechat) {
      const userId = await wechatSignIn(app, request, body.code, body.state)
      return ok({ token: await startSession(app.db, userId, opts.sessionTtlMs) })
    }
    // The login schema trims the account and checks it is a phone or an email (SPEC §4, §5).
    const form = parseForm('login', body)
    const { password } = form
    const account = canonicalAccount(form.account)

    const user = await passwordAccount(app.db, account)
    // The attempt is counted before the slow hash, so a burst cannot outrun the limit (README).
    const attempt = await app.loginThrottle.claim({ userId: user?.id, name: account }, request.ip)
    if (attempt.waitMinutes) {
      throw new BusinessError(CODE.tooMany, `登录失败次数过多，请${attempt.waitMinutes}分钟后再试`)
    }
    const valid = await verifyPasswordOrDummy(password, user?.password_hash)
    await attempt.settle(valid)
    if (!user || !valid) throw new BusinessError(CODE.badRequest, WRONG_CREDENTIALS)
    return ok({ token: await startSession(app.db, user.id, opts.sessionTtlMs) })
  })

  app.get('/my/getUserBase', { preValidation: requireUser, schema: schemas.userBase }, async (request) => {
    return ok(await userBase(app.db, request.userId, requestToken(request)))
  })

  app.post('/logout', { schema: schemas.logout }, async (request) => {
    const token = requestToken(request)
    if (token) await endSession(app.db, token)
    return ok()
  })
}
