import { describe, expect, it } from 'vitest'
import { PAY_METHOD } from '../../schemas/payment.ts'
import { certProduct, Payments } from '../../server/services/payment/orders.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

/**
 * An order number is the Beijing second and six random digits: orders made in the same second can
 * draw the same digits. The demo seed pays every demo entrant's fee at one instant, and a second
 * instance starting on a database whose competition had just finished drew a number already taken —
 * the start failed with "UNIQUE constraint failed: orders.order_number" (reference-cache.test.ts in a
 * whole-suite run). 4,000 orders in one second draw a clash with a chance of 1 − e^(−8) ≈ 99.97%.
 */
const t = useTestApp({ demoData: false })

describe('order numbers', () => {
  it('are unique for every order made in the same second: a number already taken is drawn again', async () => {
    const app = t.server.app
    await insertUser(app, '13900004001', 'Kabu2026!')
    const { id } = await app.db.kysely
      .selectFrom('users')
      .select('id')
      .where('account', '=', '13900004001')
      .executeTakeFirstOrThrow()
    const payments = new Payments(app.db.kysely)
    const when = new Date('2026-12-07T04:00:00Z')
    const numbers: string[] = []
    for (let i = 0; i < 4000; i++) {
      const order = await payments.createPending(id, certProduct(100), PAY_METHOD.online, 'sandbox', when)
      numbers.push(order.orderNumber)
    }
    expect(new Set(numbers).size).toBe(4000)
    for (const n of numbers) expect(n).toMatch(/^KB20261207120000\d{6}$/)
  }, 120_000)
})
