import { randomBytes } from 'node:crypto'
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { formatYuan } from '../../schemas/payment.ts'
import { acceptHtmlForms, escapeHtml, sandboxPage as page } from '../lib/html.ts'
import { fileReplies, handlerBody, MEDIA, query } from '../lib/route-schema.ts'
import type { PaymentOrder } from '../services/payment/provider.ts'
import type { SandboxPaymentProvider } from '../services/payment/sandbox.ts'

const CASHIER_FIELDS = [
  'orderNumber',
  'amountFen',
  'subject',
  'expiresAt',
  'notifyUrl',
  'returnUrl',
  'method',
  'sign',
] as const

/** Each named field as bounded text: the cashier passes them on, and the signature checks them. */
const textFields = <const K extends string>(names: readonly K[]) =>
  Object.fromEntries(names.map((name) => [name, { type: 'string', maxLength: 512 }])) as {
    [N in K]: { type: 'string'; maxLength: 512 }
  }

const schemas = {
  page: {
    tags: ['支付沙箱'],
    summary: '沙箱收银台（扫码或在线支付打开）：测试人员确认或取消支付',
    querystring: query(textFields(CASHIER_FIELDS)),
    response: fileReplies('收银台页面（HTML）', [MEDIA.html], { envelope: false }),
  },
  decide: {
    tags: ['支付沙箱'],
    summary: '沙箱收银台的确认或取消：以签名通知回调支付通知接口',
    querystring: query({}),
    body: handlerBody({
      type: 'object',
      properties: textFields([...CASHIER_FIELDS, 'decision']),
    }),
    response: fileReplies('支付结果页面（HTML）', [MEDIA.html], { envelope: false }),
  },
} as const

/**
 * The sandbox provider's cashier (server/services/payment/sandbox.ts): what a phone opens from the QR
 * code, and where the online form lands. Confirming sends the signed notify to our notify endpoint the
 * way a real provider's server would; it is registered only while PAYMENT_PROVIDER is sandbox.
 */
export async function sandboxCashierRoutes(
  instance: FastifyInstance,
  opts: { provider: SandboxPaymentProvider },
): Promise<void> {
  // Request types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const { provider } = opts
  acceptHtmlForms(app)

  const hidden = (params: Record<string, unknown>) =>
    CASHIER_FIELDS.map(
      (f) => `<input type="hidden" name="${f}" value="${escapeHtml(String(params[f] ?? ''))}">`,
    ).join('')

  const refused = (reply: FastifyReply) =>
    page(reply, '链接无效', '<h1>链接无效</h1><p>支付链接已被修改或不完整，请回到网站重新发起支付。</p>')

  app.get('/sandbox/cashier', { schema: schemas.page }, async (request, reply) => {
    const order = provider.readCashier(request.query)
    if (!order) return refused(reply)
    const expired = new Date(order.expiresAt) <= new Date()
    const details = `<h1>咖簿网收银台 <span class="tag">沙箱 · 不会真实扣款</span></h1>
<dl><dt>商品</dt><dd>${escapeHtml(order.subject)}</dd><dt>订单号</dt><dd>${escapeHtml(order.orderNumber)}</dd>
<dt>金额</dt><dd class="amount">¥${formatYuan(order.amountFen)}</dd></dl>`
    if (expired) return page(reply, '订单已过期', `${details}<p>订单已过期，请回到网站重新发起支付。</p>`)
    const form = (decision: string, label: string, cls: string) =>
      `<form method="post">${hidden(request.query)}<input type="hidden" name="decision" value="${decision}"><button class="${cls}" type="submit">${label}</button></form>`
    return page(
      reply,
      '确认支付',
      `${details}<p>这是测试用的支付沙箱：确认后，网站会像收到真实支付通知一样处理这笔订单。</p>
${form('pay', '确认支付', 'pay')}${form('cancel', '取消支付', '')}`,
    )
  })

  app.post('/sandbox/cashier', { schema: schemas.decide }, async (request, reply) => {
    const body = request.body ?? {}
    const order: PaymentOrder | null = provider.readCashier(body)
    if (!order) return refused(reply)
    const paid = body.decision === 'pay'
    if (paid && new Date(order.expiresAt) <= new Date())
      return page(reply, '订单已过期', '<h1>订单已过期</h1><p>请回到网站重新发起支付。</p>')
    const notice = provider.notice(order, paid ? 'paid' : 'closed', `SBX${randomBytes(8).toString('hex')}`)
    // The provider's server calling ours: the same endpoint, signature and checks a real one goes through.
    const answer = await app.inject({
      method: 'POST',
      url: new URL(order.notifyUrl).pathname,
      payload: notice,
    })
    if (answer.body !== provider.ackBody) {
      request.log.error(
        { status: answer.statusCode, body: answer.body.slice(0, 200) },
        'sandbox notify refused',
      )
      return page(reply, '通知失败', '<h1>通知失败</h1><p>网站未接受支付通知，请稍后再试。</p>')
    }
    const back =
      body.method === 'page'
        ? `<p><a href="${escapeHtml(order.returnUrl)}">返回咖簿网</a></p>`
        : '<p>请回到电脑上的支付页面查看结果。</p>'
    return paid
      ? page(reply, '支付成功', `<h1>支付成功</h1><p>¥${formatYuan(order.amountFen)} 已支付。</p>${back}`)
      : page(reply, '已取消支付', `<h1>已取消支付</h1><p>订单已关闭。</p>${back}`)
  })
}
