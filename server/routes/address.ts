import type { FastifyInstance } from 'fastify'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { bool, formBody, int, query, replies, SIGNED_IN, shape, str } from '../lib/route-schema.ts'
import { nowIso } from '../lib/time.ts'
import { requireUser } from '../plugins/auth.ts'

const MAX_ADDRESSES = 20

const schemas = {
  list: {
    tags: ['收货地址'],
    summary: '我的收货地址（默认地址在前）',
    security: SIGNED_IN,
    querystring: query({}),
    response: replies({
      type: 'array',
      items: shape({
        id: int,
        userName: str(30),
        phone: str(11),
        cityId: str(12),
        cityNames: { type: 'array', items: str(50) },
        address: str(100),
        isDefault: bool,
      }),
    }),
  },
  insert: {
    tags: ['收货地址'],
    summary: '新增收货地址（最多 20 个）',
    security: SIGNED_IN,
    querystring: query({}),
    body: formBody('address'),
    response: replies(shape({ id: int })),
  },
} as const

/** Postal addresses for certificates sent by post (SPEC §7 Account). Each user sees only their own. */
export async function addressRoutes(app: FastifyInstance): Promise<void> {
  app.get('/address/list', { preHandler: requireUser, schema: schemas.list }, async (request) => {
    const rows = await app.db.kysely
      .selectFrom('addresses')
      .selectAll()
      .where('user_id', '=', request.userId)
      .orderBy('is_default', 'desc')
      .orderBy('id', 'desc')
      .execute()
    return ok(
      rows.map((r) => ({
        id: r.id,
        userName: r.user_name,
        phone: r.phone,
        cityId: r.city_id,
        cityNames: app.reference.regionPath(r.city_id).map((p) => p.name),
        address: r.address,
        isDefault: r.is_default === 1,
      })),
    )
  })

  app.post('/address/insert', { preHandler: requireUser, schema: schemas.insert }, async (request) => {
    const form = parseForm('address', request.body) as {
      userName: string
      phone: string
      cityId: string
      address: string
      isDefault?: boolean
    }
    if (!app.reference.isSelectableRegion(form.cityId))
      throw new BusinessError(CODE.badRequest, '请选择有效的所在地区')
    const k = app.db.kysely
    const count = Number(
      (
        await k
          .selectFrom('addresses')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', request.userId)
          .executeTakeFirstOrThrow()
      ).n,
    )
    if (count >= MAX_ADDRESSES) throw new BusinessError(CODE.badRequest, `最多保存${MAX_ADDRESSES}个收货地址`)
    const isDefault = form.isDefault === true || count === 0
    const id = await k.transaction().execute(async (trx) => {
      if (isDefault)
        await trx
          .updateTable('addresses')
          .set({ is_default: 0 })
          .where('user_id', '=', request.userId)
          .execute()
      const inserted = await trx
        .insertInto('addresses')
        .values({
          user_id: request.userId,
          user_name: form.userName,
          phone: form.phone,
          city_id: form.cityId,
          address: form.address,
          is_default: isDefault ? 1 : 0,
          created_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return inserted.id
    })
    return ok({ id })
  })
}
