import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { FORMATS, MESSAGES } from '../../schemas/formats.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { hashPassword } from '../lib/passwords.ts'
import { formBody, handlerBody, query, replies } from '../lib/route-schema.ts'
import { accountOfPhone, resetPassword } from '../services/password-reset.ts'
import { WRONG_CODE } from '../services/verification-codes.ts'

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
export async function passwordRoutes(instance: FastifyInstance): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  app.post('/password/sendCode', { schema: schemas.sendCode }, async (request) => {
    const phone = String(request.body?.phone ?? '').trim()
    if (!FORMATS.phone.test(phone)) throw new BusinessError(CODE.badRequest, MESSAGES.phoneInvalid)
    const user = await accountOfPhone(app.db, phone)
    // Only a registered phone gets the code: the answer, the limit and the stored code are the same.
    await app.verificationCodes.issue(phone, 'reset', request.ip, (code) =>
      user
        ? {
            subject: '重置密码验证码',
            body: `【咖簿网】您的验证码为${code}，5分钟内有效。如非本人操作，请忽略本短信。`,
          }
        : null,
    )
    return ok(undefined, '验证码已发送')
  })

  app.post('/password/reset', { schema: schemas.reset }, async (request) => {
    const form = parseForm('password-reset', request.body)
    const codeId = await app.verificationCodes.check(form.phone, 'reset', form.code)
    const userId = await accountOfPhone(app.db, form.phone)
    if (userId === undefined) throw new BusinessError(CODE.badRequest, WRONG_CODE)
    // Every existing sign-in ends: whoever knew the old password is out.
    await resetPassword(app.db, userId, codeId, await hashPassword(form.password))
    // The owner proved who they are: a lock that guessers put on the account is lifted.
    await app.loginThrottle.forgive(userId)
    return ok(undefined, '密码已重置，请使用新密码登录')
  })
}
