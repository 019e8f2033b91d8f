import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { sessionTokenSchema } from '../../schemas/api/account.ts'
import { FORMATS, MESSAGES } from '../../schemas/formats.ts'
import { ACCOUNT_MAX_LENGTH, canonicalAccount } from '../../schemas/forms/fields.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { hashPassword } from '../lib/passwords.ts'
import { formBody, handlerBody, query, replies } from '../lib/route-schema.ts'
import { startSession } from '../services/sign-in.ts'
import { accountExists, inviterId, signUp } from '../services/sign-up.ts'

const schemas = {
  sendCode: {
    tags: ['注册'],
    summary: '发送注册验证码到手机或邮箱（无论是否已注册，回答与限频都相同）',
    querystring: query({}),
    body: handlerBody({
      type: 'object',
      properties: {
        account: {
          type: 'string',
          title: '手机号码 / 邮箱',
          format: 'phone-or-email',
          maxLength: ACCOUNT_MAX_LENGTH,
        },
      },
      required: ['account'],
    }),
    response: replies(),
  },
  register: {
    tags: ['注册'],
    summary: '注册并登录：手机号或邮箱、验证码、密码（SPEC §5），须勾选协议',
    querystring: query({}),
    body: formBody('sign-up'),
    response: replies(sessionTokenSchema),
  },
} as const

/**
 * Sign-up (SPEC §2 login page, §5). Reveals no more than /forgetPwd: the code request answers and
 * limits the same for new and existing accounts; an existing account's owner gets a notice instead
 * of a code, so the sign-up itself then fails on the code like any wrong code.
 */
export async function registerRoutes(
  instance: FastifyInstance,
  opts: { sessionTtlMs: number },
): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  app.post('/register/sendCode', { schema: schemas.sendCode }, async (request) => {
    const account = canonicalAccount(String(request.body?.account ?? ''))
    if (account.length > ACCOUNT_MAX_LENGTH || !FORMATS['phone-or-email'].test(account))
      throw new BusinessError(CODE.badRequest, MESSAGES.phoneOrEmailInvalid)
    const exists = await accountExists(app.db, account)
    await app.verificationCodes.issue(account, 'register', request.ip, (code) =>
      exists
        ? {
            subject: '咖簿网账号提醒',
            body: '【咖簿网】您已使用该账号注册过咖簿网，请直接登录；如忘记密码，可在登录页找回。',
          }
        : {
            subject: '咖簿网注册验证码',
            body: `【咖簿网】您的注册验证码为${code}，5分钟内有效。如非本人操作，请忽略。`,
          },
    )
    return ok(undefined, '验证码已发送')
  })

  app.post('/register', { schema: schemas.register, config: { privateAnswer: true } }, async (request) => {
    const parsed = parseForm('sign-up', request.body)
    const form = { ...parsed, account: canonicalAccount(parsed.account) }
    const inviter = form.inviteCode ? await inviterId(app.db, form.inviteCode) : undefined
    if (form.inviteCode && inviter === undefined)
      throw new BusinessError(CODE.badRequest, '邀请码不存在，请核对或留空')
    const codeId = await app.verificationCodes.check(form.account, 'register', form.code)
    const passwordHash = await hashPassword(form.password)
    const userId = await signUp(app.db, { codeId, account: form.account, passwordHash, invitedBy: inviter })
    return ok({ token: await startSession(app.db, userId, opts.sessionTtlMs) }, '注册成功')
  })
}
