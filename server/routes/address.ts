import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { savedAddressSchema } from '../../schemas/api/address.ts'
import { createdIdSchema } from '../../schemas/api/common.ts'
import { listOf } from '../../schemas/api/json.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { formBody, params, query, replies, SIGNED_IN } from '../lib/route-schema.ts'
import { requireUser } from '../plugins/auth.ts'
import {
  ADDRESS_NOT_FOUND,
  type AddressForm,
  addAddress,
  deleteAddress,
  listAddresses,
  setDefaultAddress,
  updateAddress,
} from '../services/addresses.ts'

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

/** The id in the path as a row id; anything else names no address. */
const addressId = (raw: string): number => {
  if (!/^\d{1,9}$/.test(raw)) throw new BusinessError(CODE.notFound, ADDRESS_NOT_FOUND)
  return Number(raw)
}

/** Postal addresses for certificates sent by post (SPEC §7 Account); services/addresses.ts keeps them. */
export async function addressRoutes(instance: FastifyInstance): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const readAddress = (body: unknown): AddressForm => {
    const form = parseForm('address', body)
    if (!app.reference.isSelectableRegion(form.cityId))
      throw new BusinessError(CODE.badRequest, '请选择有效的所在地区')
    return form
  }

  app.get('/address/list', { preValidation: requireUser, schema: schemas.list }, async (request) => {
    return ok(await listAddresses(app.db, app.reference, request.userId))
  })

  app.post('/address/insert', { preValidation: requireUser, schema: schemas.insert }, async (request) => {
    const id = await addAddress(app.db, request.userId, readAddress(request.body))
    return ok({ id })
  })

  app.post('/address/update/:id', { preValidation: requireUser, schema: schemas.update }, async (request) => {
    const id = addressId(request.params.id)
    await updateAddress(app.db, request.userId, id, readAddress(request.body))
    return ok(undefined, '收货地址已保存')
  })

  app.post(
    '/address/default/:id',
    { preValidation: requireUser, schema: schemas.setDefault },
    async (request) => {
      await setDefaultAddress(app.db, request.userId, addressId(request.params.id))
      return ok(undefined, '已设为默认地址')
    },
  )

  app.post('/address/delete/:id', { preValidation: requireUser, schema: schemas.remove }, async (request) => {
    await deleteAddress(app.db, request.userId, addressId(request.params.id))
    return ok(undefined, '收货地址已删除')
  })
}
