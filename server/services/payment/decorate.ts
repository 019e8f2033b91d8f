import type { FastifyInstance } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { CheckoutDeps } from './checkout.ts'
import { Payments } from './orders.ts'
import type { PaymentProvider } from './provider.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Orders, balances and what a paid order gives (services/payment/orders.ts). */
    payments: Payments
    /** The provider PAYMENT_PROVIDER names (the sandbox on this machine). */
    paymentProvider: PaymentProvider
  }
}

/** Gives the instance its orders and its payment provider (read by the payment and fee routes). */
export function decoratePayments(
  app: FastifyInstance,
  db: Kysely<Database>,
  provider: PaymentProvider,
): void {
  app.decorate('paymentProvider', provider)
  app.decorate('payments', new Payments(db))
}

/** What the one checkout needs of this instance: the order limit's counters, the orders, the provider. */
export const checkoutDeps = (app: FastifyInstance): CheckoutDeps => ({
  rateLimits: app.rateLimits,
  payments: app.payments,
  provider: app.paymentProvider,
})
