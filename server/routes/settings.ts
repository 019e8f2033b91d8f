import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { type InviteInfo, inviteInfoSchema } from '../../schemas/api/account.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { maskName } from '../lib/mask.ts'
import { requestOrigin } from '../lib/origin.ts'
import { hashPassword, verifyPasswordOrDummy } from '../lib/passwords.ts'
import { formBody, query, replies, SIGNED_IN } from '../lib/route-schema.ts'
import { requestToken, requireUser } from '../plugins/auth.ts'
import {
  inviteCode,
  invitedUsers,
  passwordOwner,
  replacePassword,
  setNickname,
} from '../services/settings.ts'

const INVITE_LIST = 20

const schemas = {
  profile: {
    tags: ['个人设置'],
    summary: '修改昵称',
    security: SIGNED_IN,
    querystring: query({}),
    body: formBody('profile'),
    response: replies(),
  },
  password: {
    tags: ['个人设置'],
    summary: '修改密码（需当前密码；其他设备上的登录随之失效）',
    security: SIGNED_IN,
    querystring: query({}),
    body: formBody('password-change'),
    response: replies(),
  },
  invite: {
    tags: ['个人设置'],
    summary: '我的邀请码、邀请链接与已邀请的用户',
    security: SIGNED_IN,
    querystring: query({}),
    response: replies(inviteInfoSchema),
  },
} as const

/** The personal area's settings and invitations (SPEC §2 /mine Setting and Info). */
export async function settingsRoutes(
  instance: FastifyInstance,
  opts: { siteOrigin?: string; basePath: string },
): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  app.post('/my/updateProfile', { preValidation: requireUser, schema: schemas.profile }, async (request) => {
    const form = parseForm('profile', request.body)
    await setNickname(app.db, request.userId, form.nickname)
    return ok(undefined, '个人资料已保存')
  })

  app.post(
    '/my/changePassword',
    { preValidation: requireUser, schema: schemas.password },
    async (request) => {
      const form = parseForm('password-change', request.body)
      const user = await passwordOwner(app.db, request.userId)
      // Counted like a sign-in: a stolen session cannot guess the password at leisure.
      const attempt = await app.loginThrottle.claim(
        { userId: request.userId, name: user.account },
        request.ip,
      )
      if (attempt.waitMinutes) {
        throw new BusinessError(CODE.tooMany, `尝试次数过多，请${attempt.waitMinutes}分钟后再试`)
      }
      const valid = await verifyPasswordOrDummy(form.oldPassword, user.password_hash)
      await attempt.settle(valid)
      if (!valid) throw new BusinessError(CODE.badRequest, '当前密码错误')
      const passwordHash = await hashPassword(form.password)
      // Other devices sign in again; this one stays signed in.
      const changed = await replacePassword(app.db, request.userId, {
        checkedHash: user.password_hash,
        newHash: passwordHash,
        keepToken: requestToken(request) ?? '',
      })
      if (!changed) throw new BusinessError(CODE.badRequest, '当前密码错误')
      return ok(undefined, '密码已修改')
    },
  )

  app.get('/my/getInviteInfo', { preValidation: requireUser, schema: schemas.invite }, async (request) => {
    const code = await inviteCode(app.db, request.userId)
    const invited = await invitedUsers(app.db, request.userId)
    const origin = requestOrigin(request, opts.siteOrigin)
    const data: InviteInfo = {
      inviteCode: code,
      inviteUrl: `${origin}${opts.basePath}login?tab=register&invite=${code}`,
      invitedCount: invited.length,
      invited: invited
        .slice(0, INVITE_LIST)
        .map((u) => ({ username: maskName(u.username), createTime: u.created_at })),
    }
    return ok(data)
  })
}
