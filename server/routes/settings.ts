import { randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { type InviteInfo, inviteInfoSchema } from '../../schemas/api/account.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { maskName } from '../lib/mask.ts'
import { requestOrigin } from '../lib/origin.ts'
import { hashPassword, verifyPasswordOrDummy } from '../lib/passwords.ts'
import { formBody, query, replies, SIGNED_IN } from '../lib/route-schema.ts'
import { requestToken, requireUser } from '../plugins/auth.ts'
import { revokeOtherSessions } from '../services/sessions.ts'

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
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
  app: FastifyInstance,
  opts: { siteOrigin?: string; basePath: string },
): Promise<void> {
  const k = app.db.kysely

  app.post('/my/updateProfile', { preValidation: requireUser, schema: schemas.profile }, async (request) => {
    const form = parseForm('profile', request.body) as { nickname: string }
    await k.updateTable('users').set({ nickname: form.nickname }).where('id', '=', request.userId).execute()
    return ok(undefined, '个人资料已保存')
  })

  app.post(
    '/my/changePassword',
    { preValidation: requireUser, schema: schemas.password },
    async (request) => {
      const form = parseForm('password-change', request.body) as { oldPassword: string; password: string }
      const user = await k
        .selectFrom('users')
        .select(['password_hash', 'account'])
        .where('id', '=', request.userId)
        .executeTakeFirstOrThrow()
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
      // Only over the hash the old password was checked against: of identical changes racing, one
      // changes it and the others find the old password wrong, as a second change one after another does.
      const changed = await k
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', request.userId)
        .where('password_hash', '=', user.password_hash)
        .executeTakeFirst()
      if (Number(changed.numUpdatedRows) !== 1) throw new BusinessError(CODE.badRequest, '当前密码错误')
      // Other devices sign in again; this one stays signed in.
      await revokeOtherSessions(k, request.userId, requestToken(request) ?? '')
      return ok(undefined, '密码已修改')
    },
  )

  app.get('/my/getInviteInfo', { preValidation: requireUser, schema: schemas.invite }, async (request) => {
    const currentCode = async () =>
      (
        await k
          .selectFrom('users')
          .select('invite_code')
          .where('id', '=', request.userId)
          .executeTakeFirstOrThrow()
      ).invite_code
    let code = await currentCode()
    // Given on first use. Written only while still empty, then read back: of two first requests racing,
    // both answer the code that was stored; a clash with another user's code (1 in 10^12) tries again.
    for (let attempt = 0; !code && attempt < 5; attempt++) {
      const fresh = Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join(
        '',
      )
      const taken = await k
        .selectFrom('users')
        .select('id')
        .where('invite_code', '=', fresh)
        .executeTakeFirst()
      if (taken) continue
      await k
        .updateTable('users')
        .set({ invite_code: fresh })
        .where('id', '=', request.userId)
        .where('invite_code', 'is', null)
        .execute()
      code = await currentCode()
    }
    if (!code) throw new BusinessError(CODE.serverError, '邀请码生成失败，请稍后再试')
    const invited = await k
      .selectFrom('users')
      .select(['username', 'created_at'])
      .where('invited_by', '=', request.userId)
      .orderBy('id', 'desc')
      .execute()
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
