/**
 * How the portal talks to a payment provider (README "Payments"). The portal keeps orders, balances
 * and certifications; a provider only takes the money and tells us so by a signed notify callback.
 * A real WeChat Pay or Alipay provider implements this interface and is named by PAYMENT_PROVIDER.
 */

/** What a provider needs to know about an order to collect it. */
export interface PaymentOrder {
  orderNumber: string
  amountFen: number
  /** What the payer sees at the cashier, e.g. 设计师认证费（1年）. */
  subject: string
  expiresAt: string
  /** Absolute URL of our notify endpoint for this provider. */
  notifyUrl: string
  /** Absolute URL the payer's browser returns to after the online cashier. */
  returnUrl: string
}

/** A notify callback the provider signed: who paid what, and whether it is paid or closed. */
export interface PaymentNotice {
  orderNumber: string
  tradeNo: string
  amountFen: number
  outcome: 'paid' | 'closed'
}

export interface PaymentProvider {
  readonly name: string
  /** Method 2: the URL that the QR code encodes; the payer scans it with a phone. */
  qrCode(order: PaymentOrder): Promise<{ codeUrl: string }>
  /** Method 3: an HTML form that posts to the provider's cashier; the browser inserts and submits it. */
  pageForm(order: PaymentOrder): Promise<{ body: string }>
  /** The notify body when its signature holds, else null (forged, altered or malformed). */
  verifyNotice(body: unknown): PaymentNotice | null
  /** What the provider expects as the answer to a notify it may stop retrying (e.g. "success"). */
  readonly ackBody: string
}
