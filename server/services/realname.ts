import type { RealnameInfo } from '../../schemas/api/realname.ts'
import { IDENTITY_TYPES } from '../../schemas/forms/realname.ts'
import type { Db } from '../db/connect.ts'
import type { RealnameAuthTable } from '../db/schema.ts'
import { BusinessError, CODE } from '../lib/envelope.ts'
import { isUniqueViolation } from '../lib/faults.ts'
import { type IdentityVault, maskIdentity } from './identity-vault.ts'
import type { ReferenceData } from './reference-data.ts'

/** SPEC §2 "Realname dialog", §4, §7: one account, one identity; cannot be changed once submitted. */

export interface RealnameDeps {
  db: Db
  vault: IdentityVault
  reference: ReferenceData
}

/** A verification as the API shows it. */
export function realnameView(
  { vault, reference }: Omit<RealnameDeps, 'db'>,
  row: RealnameAuthTable,
): RealnameInfo {
  return {
    verified: true,
    username: row.username,
    identityType: row.identity_type,
    identityTypeLabel: IDENTITY_TYPES.find((t) => t.code === row.identity_type)?.label ?? '',
    // Masked in every response: the full number never leaves the server. Masked afresh from the
    // sealed number, so rows stored under an older, looser rule are shown under today's.
    identity: maskIdentity(vault.open(row.identity_sealed)),
    gender: row.gender,
    birthday: row.birthday,
    cityId: row.city_id,
    cityNames: reference.regionPath(row.city_id).map((r) => r.name),
    professional: row.professional,
    professionalLabel: reference.dictLabel('sys_professional_type', row.professional) ?? '',
    professionalName: row.professional_name,
    rightsEligible: row.rights_eligible === 1,
    createTime: row.created_at,
  }
}

/** The user's verification, or `{ verified: false }`. */
export async function realnameOf(deps: RealnameDeps, userId: number): Promise<RealnameInfo> {
  const row = await deps.db.kysely
    .selectFrom('realname_auths')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ? realnameView(deps, row) : { verified: false }
}

export const REALNAME_MESSAGES = {
  alreadyVerified: '实名信息提交后不可修改',
  identityTaken: '该证件已被其他账号实名认证，一个身份只能认证一个账号',
  badRegion: '请选择有效的所在城市',
  badProfessional: '请选择有效的专业',
} as const

/** Real names cannot change once submitted (SPEC §2): a second submission is refused. */
export async function refuseIfVerified(db: Db, userId: number): Promise<void> {
  const row = await db.kysely
    .selectFrom('realname_auths')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (row) throw new BusinessError(CODE.badRequest, REALNAME_MESSAGES.alreadyVerified)
}

/** One identity, one account: an identity another account verified with is refused. */
export async function refuseIfIdentityTaken(db: Db, digest: string): Promise<void> {
  const taken = await db.kysely
    .selectFrom('realname_auths')
    .select('user_id')
    .where('identity_digest', '=', digest)
    .executeTakeFirst()
  if (taken) throw new BusinessError(CODE.badRequest, REALNAME_MESSAGES.identityTaken)
}

/**
 * Stores a verification. The account is named by its verified name from now on (certificates, works
 * and the directory name the same person); a nickname the owner set still shows where it did.
 */
export async function saveRealname(db: Db, row: RealnameAuthTable): Promise<void> {
  try {
    await db.kysely.transaction().execute(async (trx) => {
      await trx.insertInto('realname_auths').values(row).execute()
      await trx.updateTable('users').set({ username: row.username }).where('id', '=', row.user_id).execute()
    })
  } catch (error) {
    // Two submissions racing: the unique keys decide, with the same messages as the checks before —
    // this account verified meanwhile (its own key), or another account took the identity.
    await refuseIfVerified(db, row.user_id)
    if (isUniqueViolation(error)) throw new BusinessError(CODE.badRequest, REALNAME_MESSAGES.identityTaken)
    throw error
  }
}
