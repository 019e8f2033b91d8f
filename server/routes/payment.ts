import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  type ApproveResult,
  approveResultSchema,
  type CertificateInfo,
  certificateInfoSchema,
  payStatusSchema,
  type UserMoney,
  userMoneySchema,
} from '../../schemas/api/payment.ts'
import {
  CERT_VALID_YEARS,
  formatYuan,
  PAY_METHOD,
  PAY_MSG,
  PAY_STATUS,
  type PayMethod,
  type PayStatus,
} from '../../schemas/payment.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { requestOrigin } from '../lib/origin.ts'
import { handlerBody, params, query, replies, SIGNED_IN, str, textReplies } from '../lib/route-schema.ts'
import { requireUser } from '../plugins/auth.ts'
import { certificationInfo, certificationsWithNames } from '../services/certification.ts'
import { certProduct, type Payments } from '../services/payment/orders.ts'
import type { PaymentOrder, PaymentProvider } from '../services/payment/provider.ts'

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments
    paymentProvider: PaymentProvider
  }
}

/** Orders a user may open in an hour: plenty for retries, not a way to fill the orders table. */
const ORDER_LIMIT = { windowMs: 3600_000, max: 60 } as const

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
    params: {
      type: 'object',
      properties: { method: { type: 'string', enum: ['2', '3', '4'] } },
      required: ['method'],
    },
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
    response: textReplies('处理成功时为服务商约定的应答文本（沙箱为 success）；验签失败等为 JSON 错误'),
  },
} as const

/** Certification payment (SPEC §2 "Payment page", §4 Payment, §7 Payment). */
export async function paymentRoutes(
  app: FastifyInstance,
  opts: { certFeeFen: number; siteOrigin?: string; basePath: string },
): Promise<void> {
  const k = app.db.kysely
  const product = certProduct(opts.certFeeFen)

  app.get(
    '/my/getCertificate',
    { preValidation: requireUser, schema: schemas.certificate },
    async (request) => {
      const row = await certificationsWithNames(k)
        .where('certifications.user_id', '=', request.userId)
        .executeTakeFirst()
      const data: CertificateInfo = {
        approveMoney: formatYuan(product.amountFen),
        approveMoneyFen: product.amountFen,
        validYears: CERT_VALID_YEARS,
        certification: row ? certificationInfo(row, new Date()) : null,
      }
      return ok(data)
    },
  )

  app.get('/my/getUserMoney', { preValidation: requireUser, schema: schemas.money }, async (request) => {
    const user = await k
      .selectFrom('users')
      .select(['money_fen', 'integral'])
      .where('id', '=', request.userId)
      .executeTakeFirstOrThrow()
    const data: UserMoney = {
      money: formatYuan(user.money_fen),
      moneyFen: user.money_fen,
      integral: user.integral,
    }
    return ok(data)
  })

  const orderFor = (
    request: FastifyRequest,
    order: { orderNumber: string; expiresAt: string },
  ): PaymentOrder => {
    const origin = requestOrigin(request, opts.siteOrigin)
    return {
      ...order,
      amountFen: product.amountFen,
      subject: product.subject,
      notifyUrl: `${origin}/api/pay/notify/${app.paymentProvider.name}`,
      returnUrl: `${origin}${opts.basePath}mine?change=Info`,
    }
  }

  app.post<{ Params: { method: string } }>(
    '/my/approve/:method',
    { preValidation: requireUser, schema: schemas.approve },
    async (request) => {
      const method = Number(request.params.method) as PayMethod
      const verified = await k
        .selectFrom('realname_auths')
        .select('user_id')
        .where('user_id', '=', request.userId)
        .executeTakeFirst()
      if (!verified) throw new BusinessError(CODE.badRequest, PAY_MSG.realnameFirst)
      const claim = await app.rateLimits.claim(`order:user:${request.userId}`, ORDER_LIMIT)
      if (!claim.allowed) throw new BusinessError(CODE.tooMany, '支付请求过于频繁，请稍后再试')

      if (method === PAY_METHOD.balance) {
        const orderNumber = await app.payments.payByBalance(request.userId, product)
        const data: ApproveResult = { orderNumber, status: PAY_STATUS.success }
        return ok(data, PAY_MSG.succeeded)
      }
      const provider = app.paymentProvider
      const order = orderFor(
        request,
        await app.payments.createPending(request.userId, product, method, provider.name),
      )
      const data: ApproveResult =
        method === PAY_METHOD.online
          ? {
              orderNumber: order.orderNumber,
              status: PAY_STATUS.pending,
              ...(await provider.pageForm(order)),
            }
          : { orderNumber: order.orderNumber, status: PAY_STATUS.pending, ...(await provider.qrCode(order)) }
      return ok(data)
    },
  )

  app.get<{ Querystring: { orderNumber: string } }>(
    '/my/getPayStatus',
    { preValidation: requireUser, schema: schemas.payStatus },
    async (request) => {
      const status = await app.payments.status(request.userId, request.query.orderNumber)
      // Someone else's order reads exactly like a number that does not exist.
      if (status === undefined) throw new BusinessError(CODE.notFound, PAY_MSG.orderNotFound)
      const data: PayStatus = status
      return ok(data)
    },
  )

  app.post<{ Params: { provider: string } }>(
    '/pay/notify/:provider',
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
