import { createHash, randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { FORMATS, MESSAGES } from '../../schemas/formats.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { hashPassword } from '../lib/passwords.ts'
import { formBody, handlerBody, query, replies } from '../lib/route-schema.ts'
import { isoIn, nowIso } from '../lib/time.ts'
import { SandboxSms } from '../services/sms.ts'

const CODE_TTL_MS = 5 * 60_000
const RESEND_AFTER_MS = 60_000
const MAX_ATTEMPTS = 5
/** One code a minute per phone; per address, enough for a family or an office, not for SMS bombing. */
const SEND_LIMITS = {
  perPhone: { windowMs: RESEND_AFTER_MS, max: 1 },
  perAddress: { windowMs: 3600_000, max: 20 },
} as const
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
export const WRONG_CODE = '验证码错误或已过期'

const schemas = {
  sendCode: {
    tags: ['找回密码'],
    summary: '发送重置密码验证码（无论手机号是否注册，回答与限频都相同）',
    querystring: query({}),
    // The handler checks the §5 phone format, so a bad phone gets its Chinese message; the validator
    // only makes sure phone is text (String() of some objects throws).
    body: handlerBody({
      type: 'object',
      properties: { phone: { type: 'string', title: '手机号码', format: 'phone' } },
      required: ['phone'],
    }),
    response: replies(),
  },
  reset: {
    tags: ['找回密码'],
    summary: '用短信验证码重置密码（成功后所有登录失效）',
    querystring: query({}),
    body: formBody('password-reset'),
    response: replies(),
  },
} as const

/** Password reset by SMS code (/forgetPwd). Never reveals whether a phone has an account. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const sms = new SandboxSms(app.db.kysely)
  const k = app.db.kysely

  app.post<{ Body: { phone?: string } }>(
    '/password/sendCode',
    { schema: schemas.sendCode },
    async (request) => {
      const phone = String(request.body?.phone ?? '').trim()
      if (!FORMATS.phone.test(phone)) throw new BusinessError(CODE.badRequest, MESSAGES.phoneInvalid)
      // Claimed before anything else, for registered and unknown phones alike: the answer, the limit
      // and the work done must not tell whether a phone has an account.
      const claim = await app.rateLimits.claimAll([
        [`sms:phone:${phone}`, SEND_LIMITS.perPhone],
        [`sms:address:${request.ip}`, SEND_LIMITS.perAddress],
      ])
      if (!claim.allowed) {
        throw new BusinessError(
          CODE.tooMany,
          claim.refused === 0 ? '验证码发送过于频繁，请1分钟后再试' : '验证码发送过于频繁，请稍后再试',
        )
      }
      const user = await k.selectFrom('users').select('id').where('account', '=', phone).executeTakeFirst()
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
      await k
        .insertInto('verification_codes')
        .values({
          phone,
          purpose: 'reset',
          code_hash: sha256(code),
          attempts: 0,
          created_at: nowIso(),
          expires_at: isoIn(CODE_TTL_MS),
          used_at: null,
        })
        .execute()
      // Only the message itself depends on the account; the sandbox queues it in sms_outbox, and a real
      // gateway must deliver from that queue too, so the request never waits on the provider.
      if (user)
        await sms.send(phone, `【咖簿网】您的验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`)
      return ok(undefined, '验证码已发送')
    },
  )

  app.post('/password/reset', { schema: schemas.reset }, async (request) => {
    const form = parseForm('password-reset', request.body) as {
      phone: string
      code: string
      password: string
    }
    const row = await k
      .selectFrom('verification_codes')
      .selectAll()
      .where('phone', '=', form.phone)
      .where('purpose', '=', 'reset')
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .orderBy('id', 'desc')
      .executeTakeFirst()
    if (!row) throw new BusinessError(CODE.badRequest, WRONG_CODE)
    // One guess is claimed before comparing (an atomic increment guarded by the limit), so a burst of
    // guesses gets at most MAX_ATTEMPTS compared.
    const claimed = await k
      .updateTable('verification_codes')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', row.id)
      .where('attempts', '<', MAX_ATTEMPTS)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) === 0 || row.code_hash !== sha256(form.code)) {
      throw new BusinessError(CODE.badRequest, WRONG_CODE)
    }
    const user = await k
      .selectFrom('users')
      .select(['id', 'account', 'email'])
      .where('account', '=', form.phone)
      .executeTakeFirst()
    if (!user) throw new BusinessError(CODE.badRequest, WRONG_CODE)
    const passwordHash = await hashPassword(form.password)
    await k.transaction().execute(async (trx) => {
      // Single use even when two requests with the right code race: only one marks it used.
      const used = await trx
        .updateTable('verification_codes')
        .set({ used_at: nowIso() })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .executeTakeFirst()
      if (Number(used.numUpdatedRows) === 0) throw new BusinessError(CODE.badRequest, WRONG_CODE)
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute()
      // Every existing sign-in ends: whoever knew the old password is out.
      await trx
        .updateTable('sessions')
        .set({ revoked_at: nowIso() })
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .execute()
    })
    // The owner proved who they are: a lock that guessers put on the account is lifted.
    await app.loginThrottle.forgive(user.account, user.email)
    return ok(undefined, '密码已重置，请使用新密码登录')
  })
}
