import type { Transaction } from 'kysely'
import type { Address } from '../../schemas/api/address.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { BusinessError, CODE } from '../lib/envelope.ts'
import { nowIso } from '../lib/time.ts'
import { lockUser } from './accounts.ts'
import type { ReferenceData } from './reference-data.ts'

/**
 * Postal addresses for certificates sent by post (SPEC §7 Account). Each user sees and changes only
 * their own: every statement names the owner, so someone else's id reads as one that does not exist.
 */

const MAX_ADDRESSES = 20
export const ADDRESS_NOT_FOUND = '收货地址不存在'

/** An address as the form sends it, checked by the address schema. */
export interface AddressForm {
  userName: string
  phone: string
  cityId: string
  address: string
  isDefault?: boolean
}

/** The user's addresses, the default first, then the newest. */
export async function listAddresses(db: Db, reference: ReferenceData, userId: number): Promise<Address[]> {
  const rows = await db.kysely
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id', 'desc')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    userName: r.user_name,
    phone: r.phone,
    cityId: r.city_id,
    cityNames: reference.regionPath(r.city_id).map((p) => p.name),
    address: r.address,
    isDefault: r.is_default === 1,
  }))
}

/** Saves a new address (at most 20); the first one, or one marked so, becomes the default. Answers its id. */
export function addAddress(db: Db, userId: number, form: AddressForm): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    // Counted under the user's lock, so a burst of inserts cannot pass the limit together.
    await lockUser(trx, userId)
    const count = Number(
      (
        await trx
          .selectFrom('addresses')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
      ).n,
    )
    if (count >= MAX_ADDRESSES) throw new BusinessError(CODE.badRequest, `最多保存${MAX_ADDRESSES}个收货地址`)
    const isDefault = form.isDefault === true || count === 0
    if (isDefault)
      await trx.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).execute()
    const inserted = await trx
      .insertInto('addresses')
      .values({
        user_id: userId,
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
}

/** Changes one of the user's addresses, and makes it the default when the form says so. */
export function updateAddress(db: Db, userId: number, id: number, form: AddressForm): Promise<void> {
  return db.kysely.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('addresses')
      .set({ user_name: form.userName, phone: form.phone, city_id: form.cityId, address: form.address })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (Number(changed.numUpdatedRows) !== 1) throw new BusinessError(CODE.notFound, ADDRESS_NOT_FOUND)
    if (form.isDefault === true) await makeDefault(trx, userId, id)
  })
}

/** Makes one of the user's addresses the default. */
export function setDefaultAddress(db: Db, userId: number, id: number): Promise<void> {
  return db.kysely.transaction().execute(async (trx) => {
    const mine = await trx
      .selectFrom('addresses')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (!mine) throw new BusinessError(CODE.notFound, ADDRESS_NOT_FOUND)
    await makeDefault(trx, userId, id)
  })
}

/** Deletes one of the user's addresses; when it was the default, the newest left takes over. */
export function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  return db.kysely.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('addresses')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('is_default')
      .executeTakeFirst()
    if (!removed) throw new BusinessError(CODE.notFound, ADDRESS_NOT_FOUND)
    if (removed.is_default !== 1) return
    // Whoever has addresses always has a default one: the newest left takes over.
    const next = await trx
      .selectFrom('addresses')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirst()
    if (next) await makeDefault(trx, userId, next.id)
  })
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
