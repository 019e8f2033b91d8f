import type { Kysely } from 'kysely'

/**
 * The job that closes expired orders (services/payment/order-expiry.ts, README "Background work") asks
 * every minute for pending orders past their expiry: this index answers from the few pending rows
 * instead of reading every order ever paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('orders_status_expiry').on('orders').columns(['status', 'expires_at']).execute()
}
