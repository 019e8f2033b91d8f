import type { ApproveResult } from '../../../schemas/api/payment.ts'
import { API_BASE } from '../../../schemas/contract.ts'
import { PAY_METHOD, PAY_MSG, PAY_STATUS, type PayMethod } from '../../../schemas/payment.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import type { RateLimits } from '../rate-limits.ts'
import type { Payments, Product } from './orders.ts'
import type { PaymentProvider } from './provider.ts'

/** Orders a user may open in an hour, whatever they pay for: plenty for retries, not a way to fill the orders table. */
export const ORDER_LIMIT = { windowMs: 3600_000, max: 60 } as const
/** Where the provider's server posts its signed notices (under the API prefix), one segment per provider. */
export const PAY_NOTIFY_PATH = '/pay/notify'

export interface CheckoutDeps {
  rateLimits: RateLimits
  payments: Payments
  provider: PaymentProvider
}

export interface CheckoutRequest {
  userId: number
  product: Product
  method: PayMethod
  /** The site's origin as the payer's browser reached it (for the notify and return addresses). */
  origin: string
  /** Where the online cashier sends the payer back: a site path with the base path already in it. */
  returnPath: string
}

/**
 * Pays for one product, the same way for every product (the certification fee, an entry fee): the
 * hourly order limit first, then the balance in one transaction, or a pending order that the QR code
 * (method 2) or the online cashier's form (method 3) collects. Answers the envelope's data and message.
 */
export async function checkout(
  deps: CheckoutDeps,
  { userId, product, method, origin, returnPath }: CheckoutRequest,
): Promise<{ data: ApproveResult; msg?: string }> {
  const claim = await deps.rateLimits.claim(`order:user:${userId}`, ORDER_LIMIT)
  if (!claim.allowed) throw new BusinessError(CODE.tooMany, '支付请求过于频繁，请稍后再试')
  if (method === PAY_METHOD.balance) {
    const orderNumber = await deps.payments.payByBalance(userId, product)
    return { data: { orderNumber, status: PAY_STATUS.success }, msg: PAY_MSG.succeeded }
  }
  const { provider } = deps
  const pending = await deps.payments.createPending(userId, product, method, provider.name)
  const order = {
    ...pending,
    amountFen: product.amountFen,
    subject: product.subject,
    notifyUrl: `${origin}${API_BASE}${PAY_NOTIFY_PATH}/${provider.name}`,
    returnUrl: `${origin}${returnPath}`,
  }
  const extra = method === PAY_METHOD.online ? await provider.pageForm(order) : await provider.qrCode(order)
  return { data: { orderNumber: order.orderNumber, status: PAY_STATUS.pending, ...extra } }
}
