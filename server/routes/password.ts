import { createHash, randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { FORMATS, MESSAGES } from '../../schemas/formats.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { hashPassword } from '../lib/passwords.ts'
import { isoIn, nowIso } from '../lib/time.ts'
import { SandboxSms } from '../services/sms.ts'

const CODE_TTL_MS = 5 * 60_000
const RESEND_AFTER_MS = 60_000
const MAX_ATTEMPTS = 5
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
export const WRONG_CODE = '验证码错误或已过期'

/** Password reset by SMS code (/forgetPwd). Never reveals whether a phone has an account. */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const sms = new SandboxSms(app.db.kysely)
  const k = app.db.kysely

  app.post<{ Body: { phone?: string } }>('/password/sendCode', async (request) => {
    const phone = String(request.body?.phone ?? '').trim()
    if (!FORMATS.phone.test(phone)) throw new BusinessError(CODE.badRequest, MESSAGES.phoneInvalid)
    const last = await k
      .selectFrom('verification_codes')
      .select('created_at')
      .where('phone', '=', phone)
      .where('purpose', '=', 'reset')
      .orderBy('id', 'desc')
      .executeTakeFirst()
    if (last && Date.parse(last.created_at) > Date.now() - RESEND_AFTER_MS) {
      throw new BusinessError(CODE.tooMany, '验证码发送过于频繁，请1分钟后再试')
    }
    const user = await k.selectFrom('users').select('id').where('account', '=', phone).executeTakeFirst()
    if (user) {
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
      await sms.send(phone, `【咖簿网】您的验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`)
    }
    return ok(undefined, '验证码已发送')
  })

  app.post('/password/reset', async (request) => {
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
    if (!row || row.attempts >= MAX_ATTEMPTS) throw new BusinessError(CODE.badRequest, WRONG_CODE)
    if (row.code_hash !== sha256(form.code)) {
      await k
        .updateTable('verification_codes')
        .set({ attempts: row.attempts + 1 })
        .where('id', '=', row.id)
        .execute()
      throw new BusinessError(CODE.badRequest, WRONG_CODE)
    }
    const user = await k.selectFrom('users').select('id').where('account', '=', form.phone).executeTakeFirst()
    if (!user) throw new BusinessError(CODE.badRequest, WRONG_CODE)
    const passwordHash = await hashPassword(form.password)
    await k.transaction().execute(async (trx) => {
      await trx
        .updateTable('verification_codes')
        .set({ used_at: nowIso() })
        .where('id', '=', row.id)
        .execute()
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute()
      // Every existing sign-in ends: whoever knew the old password is out.
      await trx
        .updateTable('sessions')
        .set({ revoked_at: nowIso() })
        .where('user_id', '=', user.id)
        .where('revoked_at', 'is', null)
        .execute()
    })
    return ok(undefined, '密码已重置，请使用新密码登录')
  })
}
