import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sessionTokenSchema, type UserInfo, userInfoSchema } from '../../schemas/api/account.ts'
import { LOGIN_SOURCE } from '../../schemas/contract.ts'
import { canonicalAccount } from '../../schemas/forms/fields.ts'
import type { UserTable } from '../db/schema.ts'
import { readCookie } from '../lib/cookies.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { isPasswordHash, verifyPasswordOrDummy } from '../lib/passwords.ts'
import { formBody, query, replies, SIGNED_IN, str } from '../lib/route-schema.ts'
import { requestToken, requireUser } from '../plugins/auth.ts'
import { createAccount } from '../services/accounts.ts'
import { createSession, isFirstSession, revokeSession } from '../services/sessions.ts'
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

interface LoginBody {
  account?: string
  password?: string
  logInSource?: number
  code?: string
  state?: string
}

const WECHAT_FAILED = '微信登录失败，请重新扫码'

/** The user object of SPEC §3 "User info": what the header and stores read. */
export function userInfo(
  user: Pick<UserTable, 'username' | 'nickname' | 'profile_photo' | 'password_hash'> & { id: number },
  firstSignIn: boolean,
): UserInfo {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname ?? user.username,
    profilePhoto: user.profile_photo ?? '',
    // False for an account made by WeChat sign-in until it sets one (settings).
    hasPassword: isPasswordHash(user.password_hash),
    firstSignIn,
  }
}

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
  const k = app.db.kysely
  const known = await k
    .selectFrom('users')
    .select('id')
    .where('wechat_openid', '=', wechatUser.openid)
    .executeTakeFirst()
  if (known) return known.id
  const created = await createAccount(k, {
    account: `wx_${wechatUser.openid}`.slice(0, 64),
    username: wechatUser.nickname,
    wechatOpenid: wechatUser.openid,
  })
  if (created !== undefined) return created
  // A second tab's sign-in made it a moment ago.
  const made = await k
    .selectFrom('users')
    .select('id')
    .where('wechat_openid', '=', wechatUser.openid)
    .executeTakeFirst()
  if (!made) throw new BusinessError(CODE.badRequest, WECHAT_FAILED)
  return made.id
}

export async function accountRoutes(app: FastifyInstance, opts: { sessionTtlMs: number }): Promise<void> {
  app.post<{ Body: LoginBody }>(
    '/login',
    { schema: schemas.login, config: { privateAnswer: true } },
    async (request) => {
      const body = request.body ?? {}
      if (body.logInSource === LOGIN_SOURCE.wechat) {
        const userId = await wechatSignIn(app, request, body.code, body.state)
        return ok({ token: await createSession(app.db.kysely, userId, opts.sessionTtlMs) })
      }
      // The login schema trims the account and checks it is a phone or an email (SPEC §4, §5).
      const form = parseForm('login', body) as { account: string; password: string }
      const { password } = form
      const account = canonicalAccount(form.account)

      // The same indexed lookup whether or not the name finds an account: the phone and the e-mail
      // address of one account then count against one limit, and an unknown name against its own.
      const user = await app.db.kysely
        .selectFrom('users')
        .select(['id', 'password_hash'])
        .where((eb) => eb.or([eb('account', '=', account), eb('email', '=', account)]))
        .executeTakeFirst()
      // The attempt is counted before the slow hash, so a burst cannot outrun the limit (README).
      const attempt = await app.loginThrottle.claim({ userId: user?.id, name: account }, request.ip)
      if (attempt.waitMinutes) {
        throw new BusinessError(CODE.tooMany, `登录失败次数过多，请${attempt.waitMinutes}分钟后再试`)
      }
      const valid = await verifyPasswordOrDummy(password, user?.password_hash)
      await attempt.settle(valid)
      if (!user || !valid) throw new BusinessError(CODE.badRequest, WRONG_CREDENTIALS)
      return ok({ token: await createSession(app.db.kysely, user.id, opts.sessionTtlMs) })
    },
  )

  app.get('/my/getUserBase', { preValidation: requireUser, schema: schemas.userBase }, async (request) => {
    const user = await app.db.kysely
      .selectFrom('users')
      .select(['id', 'username', 'nickname', 'profile_photo', 'password_hash'])
      .where('id', '=', request.userId)
      .executeTakeFirstOrThrow()
    const token = requestToken(request)
    return ok(userInfo(user, !!token && (await isFirstSession(app.db.kysely, token))))
  })

  app.post('/logout', { schema: schemas.logout }, async (request) => {
    const token = requestToken(request)
    if (token) await revokeSession(app.db.kysely, token)
    return ok()
  })
}
