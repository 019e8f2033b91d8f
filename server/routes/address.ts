import type { FastifyInstance } from 'fastify'
import type { Transaction } from 'kysely'
import { type Address, savedAddressSchema } from '../../schemas/api/address.ts'
import { createdIdSchema } from '../../schemas/api/common.ts'
import { listOf } from '../../schemas/api/json.ts'
import type { Database } from '../db/schema.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { formBody, params, query, replies, SIGNED_IN } from '../lib/route-schema.ts'
import { nowIso } from '../lib/time.ts'
import { requireUser } from '../plugins/auth.ts'
import { lockUser } from '../services/accounts.ts'

const MAX_ADDRESSES = 20

const schemas = {
  list: {
    tags: ['收货地址'],
    summary: '我的收货地址（默认地址在前）',
    security: SIGNED_IN,
    querystring: query({}),
    response: replies(listOf(savedAddressSchema)),
  },
  insert: {
    tags: ['收货地址'],
    summary: '新增收货地址（最多 20 个）',
    security: SIGNED_IN,
    querystring: query({}),
    body: formBody('address'),
    response: replies(createdIdSchema),
  },
  update: {
    tags: ['收货地址'],
    summary: '修改我的一个收货地址',
    security: SIGNED_IN,
    params: params({ id: 12 }),
    querystring: query({}),
    body: formBody('address'),
    response: replies(),
  },
  remove: {
    tags: ['收货地址'],
    summary: '删除我的一个收货地址（删除默认地址时，最新的另一个成为默认）',
    security: SIGNED_IN,
    params: params({ id: 12 }),
    querystring: query({}),
    response: replies(),
  },
  setDefault: {
    tags: ['收货地址'],
    summary: '把我的一个收货地址设为默认',
    security: SIGNED_IN,
    params: params({ id: 12 }),
    querystring: query({}),
    response: replies(),
  },
} as const

const NOT_FOUND = '收货地址不存在'

interface AddressBody {
  userName: string
  phone: string
  cityId: string
  address: string
  isDefault?: boolean
}

/** The id in the path as a row id; anything else names no address. */
const addressId = (raw: string): number => {
  if (!/^\d{1,9}$/.test(raw)) throw new BusinessError(CODE.notFound, NOT_FOUND)
  return Number(raw)
}

/**
 * Postal addresses for certificates sent by post (SPEC §7 Account). Each user sees and changes only
 * their own: every statement names the owner, so someone else's id reads as one that does not exist.
 */
export async function addressRoutes(app: FastifyInstance): Promise<void> {
  const readAddress = (body: unknown): AddressBody => {
    const form = parseForm('address', body) as unknown as AddressBody
    if (!app.reference.isSelectableRegion(form.cityId))
      throw new BusinessError(CODE.badRequest, '请选择有效的所在地区')
    return form
  }

  app.get('/address/list', { preValidation: requireUser, schema: schemas.list }, async (request) => {
    const rows = await app.db.kysely
      .selectFrom('addresses')
      .selectAll()
      .where('user_id', '=', request.userId)
      .orderBy('is_default', 'desc')
      .orderBy('id', 'desc')
      .execute()
    const list: Address[] = rows.map((r) => ({
      id: r.id,
      userName: r.user_name,
      phone: r.phone,
      cityId: r.city_id,
      cityNames: app.reference.regionPath(r.city_id).map((p) => p.name),
      address: r.address,
      isDefault: r.is_default === 1,
    }))
    return ok(list)
  })

  app.post('/address/insert', { preValidation: requireUser, schema: schemas.insert }, async (request) => {
    const form = readAddress(request.body)
    const id = await app.db.kysely.transaction().execute(async (trx) => {
      // Counted under the user's lock, so a burst of inserts cannot pass the limit together.
      await lockUser(trx, request.userId)
      const count = Number(
        (
          await trx
            .selectFrom('addresses')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', request.userId)
            .executeTakeFirstOrThrow()
        ).n,
      )
      if (count >= MAX_ADDRESSES)
        throw new BusinessError(CODE.badRequest, `最多保存${MAX_ADDRESSES}个收货地址`)
      const isDefault = form.isDefault === true || count === 0
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

  app.post<{ Params: { id: string } }>(
    '/address/update/:id',
    { preValidation: requireUser, schema: schemas.update },
    async (request) => {
      const id = addressId(request.params.id)
      const form = readAddress(request.body)
      await app.db.kysely.transaction().execute(async (trx) => {
        const changed = await trx
          .updateTable('addresses')
          .set({ user_name: form.userName, phone: form.phone, city_id: form.cityId, address: form.address })
          .where('id', '=', id)
          .where('user_id', '=', request.userId)
          .executeTakeFirst()
        if (Number(changed.numUpdatedRows) !== 1) throw new BusinessError(CODE.notFound, NOT_FOUND)
        if (form.isDefault === true) await makeDefault(trx, request.userId, id)
      })
      return ok(undefined, '收货地址已保存')
    },
  )

  app.post<{ Params: { id: string } }>(
    '/address/default/:id',
    { preValidation: requireUser, schema: schemas.setDefault },
    async (request) => {
      const id = addressId(request.params.id)
      await app.db.kysely.transaction().execute(async (trx) => {
        const mine = await trx
          .selectFrom('addresses')
          .select('id')
          .where('id', '=', id)
          .where('user_id', '=', request.userId)
          .executeTakeFirst()
        if (!mine) throw new BusinessError(CODE.notFound, NOT_FOUND)
        await makeDefault(trx, request.userId, id)
      })
      return ok(undefined, '已设为默认地址')
    },
  )

  app.post<{ Params: { id: string } }>(
    '/address/delete/:id',
    { preValidation: requireUser, schema: schemas.remove },
    async (request) => {
      const id = addressId(request.params.id)
      await app.db.kysely.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('addresses')
          .where('id', '=', id)
          .where('user_id', '=', request.userId)
          .returning('is_default')
          .executeTakeFirst()
        if (!removed) throw new BusinessError(CODE.notFound, NOT_FOUND)
        if (removed.is_default !== 1) return
        // Whoever has addresses always has a default one: the newest left takes over.
        const next = await trx
          .selectFrom('addresses')
          .select('id')
          .where('user_id', '=', request.userId)
          .orderBy('id', 'desc')
          .executeTakeFirst()
        if (next) await makeDefault(trx, request.userId, next.id)
      })
      return ok(undefined, '收货地址已删除')
    },
  )
}

/**
 * Exactly one default per user: all off, then the chosen one on, in the caller's transaction, under
 * the user's lock so that two concurrent choices cannot both stay on.
 */
async function makeDefault(trx: Transaction<Database>, userId: number, id: number): Promise<void> {
  await lockUser(trx, userId)
  await trx.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).execute()
  await trx
    .updateTable('addresses')
    .set({ is_default: 1 })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .execute()
}
