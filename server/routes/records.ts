import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { billRowSchema, orderRowSchema } from '../../schemas/api/payment.ts'
import { table } from '../lib/envelope.ts'
import { PAGING, query, SIGNED_IN, tableReplies } from '../lib/route-schema.ts'
import { requireUser } from '../plugins/auth.ts'
import { listBills, listOrders } from '../services/payment/records.ts'

const schemas = {
  orders: {
    tags: ['账户记录'],
    summary: '我的订单（最新在前）',
    security: SIGNED_IN,
    querystring: query({ ...PAGING }),
    response: tableReplies(orderRowSchema),
  },
  bills: {
    tags: ['账户记录'],
    summary: '我的账单：money 余额与支付流水（分），integral 积分流水',
    security: SIGNED_IN,
    querystring: query({
      ...PAGING,
      kind: { type: 'string', enum: ['money', 'integral'], default: 'money' },
    }),
    response: tableReplies(billRowSchema),
  },
} as const

/** The personal area's Order and Bill tabs: each user reads only their own rows. */
export async function recordRoutes(instance: FastifyInstance): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  app.get('/my/orders', { preValidation: requireUser, schema: schemas.orders }, async (request) => {
    const [list, total] = await listOrders(app.db, request.userId, request.query)
    return table(list, total)
  })

  app.get('/my/bills', { preValidation: requireUser, schema: schemas.bills }, async (request) => {
    const [list, total] = await listBills(app.db, request.userId, request.query.kind, request.query)
    return table(list, total)
  })
}
