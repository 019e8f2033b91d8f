import { createHmac, timingSafeEqual } from 'node:crypto'
import { escapeHtml } from '../../lib/html.ts'
import type { PaymentNotice, PaymentOrder, PaymentProvider } from './provider.ts'

/** The fields of a cashier link and of a notify, in the order they are signed. */
const CASHIER_FIELDS = ['orderNumber', 'amountFen', 'subject', 'expiresAt', 'notifyUrl', 'returnUrl'] as const
const NOTICE_FIELDS = ['orderNumber', 'tradeNo', 'amountFen', 'outcome'] as const

/** Where the sandbox cashier lives: the same server, under /api so it needs no SPA route. */
export const SANDBOX_CASHIER_PATH = '/api/sandbox/cashier'

/**
 * A payment provider that works offline, for development, tests and demos. Its "cashier" is a page of
 * this server where a tester confirms or cancels; confirming calls our notify endpoint exactly as a
 * real provider would, with an HMAC-SHA256 signature under a key only the server knows. The cashier
 * knows nothing of our database: everything it shows comes from the signed link.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox'
  readonly ackBody = 'success'
  private readonly key: Buffer

  constructor(key: Buffer) {
    this.key = key
  }

  sign(fields: Record<string, string>, names: readonly string[]): string {
    const text = names.map((n) => `${n}=${fields[n] ?? ''}`).join('&')
    return createHmac('sha256', this.key).update(text).digest('hex')
  }

  private verify(fields: Record<string, string>, names: readonly string[], sign: unknown): boolean {
    if (typeof sign !== 'string' || !/^[0-9a-f]{64}$/.test(sign)) return false
    return timingSafeEqual(Buffer.from(this.sign(fields, names), 'hex'), Buffer.from(sign, 'hex'))
  }

  /** The cashier link for an order: its fields plus their signature, as query parameters. */
  cashierUrl(order: PaymentOrder, method: 'qr' | 'page'): string {
    const fields = cashierFields(order)
    const query = new URLSearchParams({ ...fields, method, sign: this.sign(fields, CASHIER_FIELDS) })
    // The sandbox runs in this server, which the notify URL names.
    return `${new URL(order.notifyUrl).origin}${SANDBOX_CASHIER_PATH}?${query}`
  }

  /** The order a cashier link or form names, when its signature holds. */
  readCashier(params: Record<string, unknown>): PaymentOrder | null {
    const fields: Record<string, string> = {}
    for (const name of CASHIER_FIELDS) {
      const value = params[name]
      if (typeof value !== 'string' || value.length > 512) return null
      fields[name] = value
    }
    if (!this.verify(fields, CASHIER_FIELDS, params.sign)) return null
    return {
      ...(fields as Record<(typeof CASHIER_FIELDS)[number], string>),
      amountFen: Number(fields.amountFen),
    }
  }

  /** The notify the cashier sends once the tester decides. */
  notice(order: PaymentOrder, outcome: PaymentNotice['outcome'], tradeNo: string): Record<string, string> {
    const fields = {
      orderNumber: order.orderNumber,
      tradeNo,
      amountFen: String(order.amountFen),
      outcome,
    }
    return { ...fields, sign: this.sign(fields, NOTICE_FIELDS) }
  }

  async qrCode(order: PaymentOrder) {
    return { codeUrl: this.cashierUrl(order, 'qr') }
  }

  async pageForm(order: PaymentOrder) {
    const url = new URL(this.cashierUrl(order, 'page'))
    const inputs = [...url.searchParams]
      .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
      .join('')
    // GET: the cashier is a page the browser navigates to, as with a real provider's gateway form.
    return {
      body: `<form name="punchout_form" method="get" action="${escapeHtml(url.origin + url.pathname)}">${inputs}</form>`,
    }
  }

  verifyNotice(body: unknown): PaymentNotice | null {
    if (!body || typeof body !== 'object') return null
    const input = body as Record<string, unknown>
    const fields = {} as Record<(typeof NOTICE_FIELDS)[number], string>
    for (const name of NOTICE_FIELDS) {
      const value = input[name]
      if (typeof value !== 'string' || value.length > 128) return null
      fields[name] = value
    }
    if (!this.verify(fields, NOTICE_FIELDS, input.sign)) return null
    if (!/^\d{1,12}$/.test(fields.amountFen) || (fields.outcome !== 'paid' && fields.outcome !== 'closed'))
      return null
    return {
      orderNumber: fields.orderNumber,
      tradeNo: fields.tradeNo,
      amountFen: Number(fields.amountFen),
      outcome: fields.outcome,
    }
  }
}

function cashierFields(order: PaymentOrder): Record<string, string> {
  return {
    orderNumber: order.orderNumber,
    amountFen: String(order.amountFen),
    subject: order.subject,
    expiresAt: order.expiresAt,
    notifyUrl: order.notifyUrl,
    returnUrl: order.returnUrl,
  }
}
