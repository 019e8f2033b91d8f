import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import {
  approveResultSchema,
  certificateInfoSchema,
  payStatusSchema,
  userMoneySchema,
} from '../../schemas/api/payment.ts'
import { PAY_MSG, type PayStatus } from '../../schemas/payment.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { requestOrigin } from '../lib/origin.ts'
import {
  fileReplies,
  handlerBody,
  MEDIA,
  PAY_METHOD_PARAMS,
  params,
  query,
  replies,
  SIGNED_IN,
  str,
} from '../lib/route-schema.ts'
import { requireUser } from '../plugins/auth.ts'
import { certificateInfoOf, payCertification, userMoneyOf } from '../services/payment/certification-fee.ts'
import { PAY_NOTIFY_PATH } from '../services/payment/checkout.ts'
import { checkoutDeps } from '../services/payment/decorate.ts'

const schemas = {
  certificate: {
    tags: ['认证支付'],
    summary: '认证费（每年）与我的认证状态',
    security: SIGNED_IN,
    querystring: query({}),
    response: replies(certificateInfoSchema),
  },
  money: {
    tags: ['认证支付'],
    summary: '账户余额与积分',
    security: SIGNED_IN,
    querystring: query({}),
    response: replies(userMoneySchema),
  },
  approve: {
    tags: ['认证支付'],
    summary: '支付认证费：2 微信扫码（返回 codeUrl），3 在线支付（返回表单 body），4 余额支付',
    security: SIGNED_IN,
    params: PAY_METHOD_PARAMS,
    querystring: query({}),
    body: handlerBody({
      type: 'object',
      properties: {
        source: { type: 'string', maxLength: 20, description: '来源页（cert 支付后回到我的信息）' },
      },
    }),
    response: replies(approveResultSchema),
  },
  payStatus: {
    tags: ['认证支付'],
    summary: '订单支付状态：1 待支付，3 已支付，5 已关闭（取消或过期）',
    security: SIGNED_IN,
    querystring: query({ orderNumber: str(32) }, ['orderNumber']),
    response: replies(payStatusSchema),
  },
  notify: {
    tags: ['认证支付'],
    summary: '支付服务商的异步通知（验签；重复通知不改变任何数据）',
    params: params({ provider: 20 }),
    querystring: query({}),
    body: handlerBody({ type: 'object', description: '服务商签名的通知内容' }),
    response: fileReplies('处理成功时为服务商约定的应答文本（沙箱为 success）；验签失败等为 JSON 错误', [
      MEDIA.text,
    ]),
  },
} as const

/** Certification payment (SPEC §2 "Payment page", §4 Payment, §7 Payment). */
export async function paymentRoutes(
  instance: FastifyInstance,
  opts: { certFeeFen: number; siteOrigin?: string; basePath: string },
): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const k = app.db.kysely

  app.get(
    '/my/getCertificate',
    { preValidation: requireUser, schema: schemas.certificate },
    async (request) => ok(await certificateInfoOf(k, request.userId, opts.certFeeFen)),
  )

  app.get('/my/getUserMoney', { preValidation: requireUser, schema: schemas.money }, async (request) =>
    ok(await userMoneyOf(k, request.userId)),
  )

  app.post(
    '/my/approve/:method',
    { preValidation: requireUser, schema: schemas.approve },
    async (request) => {
      const { data, msg } = await payCertification(k, checkoutDeps(app), {
        userId: request.userId,
        feeFen: opts.certFeeFen,
        method: request.params.method,
        origin: requestOrigin(request, opts.siteOrigin),
        basePath: opts.basePath,
      })
      return ok(data, msg)
    },
  )

  app.get('/my/getPayStatus', { preValidation: requireUser, schema: schemas.payStatus }, async (request) => {
    const status = await app.payments.status(request.userId, request.query.orderNumber)
    // Someone else's order reads exactly like a number that does not exist.
    if (status === undefined) throw new BusinessError(CODE.notFound, PAY_MSG.orderNotFound)
    const data: PayStatus = status
    return ok(data)
  })

  app.post(
    `${PAY_NOTIFY_PATH}/:provider`,
    // The provider's server calls it, no browser: its signature is what is checked.
    { schema: schemas.notify, config: { serverToServer: true } },
    async (request, reply) => {
      const provider = app.paymentProvider
      if (request.params.provider !== provider.name)
        throw new BusinessError(CODE.notFound, '未知的支付服务商')
      const notice = provider.verifyNotice(request.body)
      if (!notice) {
        request.log.warn({ provider: provider.name }, 'payment notify refused: bad signature')
        throw new BusinessError(CODE.badRequest, '通知签名无效')
      }
      const outcome = await app.payments.applyNotice(notice, provider.name)
      if (outcome === 'unknown' || outcome === 'mismatch') {
        request.log.error({ outcome, orderNumber: notice.orderNumber }, 'payment notify refused')
        throw new BusinessError(
          CODE.badRequest,
          outcome === 'unknown' ? PAY_MSG.orderNotFound : '通知金额与订单不符',
        )
      }
      if (outcome === 'settled-again')
        request.log.warn(
          { orderNumber: notice.orderNumber },
          'payment for an entry fee already paid: refund case opened (npm run refund-cases)',
        )
      else request.log.info({ outcome, orderNumber: notice.orderNumber }, 'payment notify applied')
      return reply.type('text/plain; charset=utf-8').send(provider.ackBody)
    },
  )
}
