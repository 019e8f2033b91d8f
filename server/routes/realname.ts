import type { FastifyInstance } from 'fastify'
import { type RealnameInfo, realnameInfoSchema } from '../../schemas/api/realname.ts'
import { IDENTITY_TYPES, MAINLAND_ID_CARD } from '../../schemas/forms/realname.ts'
import type { RealnameAuthTable } from '../db/schema.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { isUniqueViolation } from '../lib/faults.ts'
import { parseForm } from '../lib/form-body.ts'
import { formBody, query, replies, SIGNED_IN } from '../lib/route-schema.ts'
import { nowIso } from '../lib/time.ts'
import { requireUser } from '../plugins/auth.ts'
import { type IdentityVault, maskIdentity } from '../services/identity-vault.ts'

declare module 'fastify' {
  interface FastifyInstance {
    vault: IdentityVault
  }
}

export const REALNAME_MESSAGES = {
  alreadyVerified: '实名信息提交后不可修改',
  identityTaken: '该证件已被其他账号实名认证，一个身份只能认证一个账号',
  badRegion: '请选择有效的所在城市',
  badProfessional: '请选择有效的专业',
} as const

const schemas = {
  get: {
    tags: ['实名认证'],
    summary: '我的实名信息',
    security: SIGNED_IN,
    querystring: query({}),
    response: replies(realnameInfoSchema),
  },
  submit: {
    tags: ['实名认证'],
    summary: '提交实名认证（提交后不可修改；一个证件只能认证一个账号）',
    security: SIGNED_IN,
    querystring: query({}),
    body: formBody('realname'),
    response: replies(realnameInfoSchema),
  },
} as const

/** SPEC §2 "Realname dialog", §4, §7: one account, one identity; cannot be changed once submitted. */
export async function realnameRoutes(app: FastifyInstance): Promise<void> {
  const view = (row: RealnameAuthTable): RealnameInfo => ({
    verified: true,
    username: row.username,
    identityType: row.identity_type,
    identityTypeLabel: IDENTITY_TYPES.find((t) => t.code === row.identity_type)?.label ?? '',
    // Masked in every response: the full number never leaves the server. Masked afresh from the
    // sealed number, so rows stored under an older, looser rule are shown under today's.
    identity: maskIdentity(app.vault.open(row.identity_sealed)),
    gender: row.gender,
    birthday: row.birthday,
    cityId: row.city_id,
    cityNames: app.reference.regionPath(row.city_id).map((r) => r.name),
    professional: row.professional,
    professionalLabel: app.reference.dictLabel('sys_professional_type', row.professional) ?? '',
    professionalName: row.professional_name,
    rightsEligible: row.rights_eligible === 1,
    createTime: row.created_at,
  })

  /** Real names cannot change once submitted (SPEC §2): a second submission is refused. */
  const refuseIfVerified = async (userId: number) => {
    const row = await app.db.kysely
      .selectFrom('realname_auths')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst()
    if (row) throw new BusinessError(CODE.badRequest, REALNAME_MESSAGES.alreadyVerified)
  }

  app.get('/my/getRealNameBo', { preValidation: requireUser, schema: schemas.get }, async (request) => {
    const row = await app.db.kysely
      .selectFrom('realname_auths')
      .selectAll()
      .where('user_id', '=', request.userId)
      .executeTakeFirst()
    const data: RealnameInfo = row ? view(row) : { verified: false }
    return ok(data)
  })

  app.post('/my/realNameAuth', { preValidation: requireUser, schema: schemas.submit }, async (request) => {
    const form = parseForm('realname', request.body) as {
      username: string
      identityType: string
      identity: string
      gender?: string
      birthday?: string
      cityId: string
      professional: string
      professionalName: string
    }
    if (!app.reference.isSelectableRegion(form.cityId))
      throw new BusinessError(CODE.badRequest, REALNAME_MESSAGES.badRegion)
    if (!app.reference.dictLabel('sys_professional_type', form.professional)) {
      throw new BusinessError(CODE.badRequest, REALNAME_MESSAGES.badProfessional)
    }
    await refuseIfVerified(request.userId)

    const digest = app.vault.digest(form.identityType, form.identity)
    const taken = await app.db.kysely
      .selectFrom('realname_auths')
      .select('user_id')
      .where('identity_digest', '=', digest)
      .executeTakeFirst()
    if (taken) throw new BusinessError(CODE.badRequest, REALNAME_MESSAGES.identityTaken)

    const isIdCard = form.identityType === MAINLAND_ID_CARD
    const row: RealnameAuthTable = {
      user_id: request.userId,
      username: form.username,
      identity_type: form.identityType,
      identity_digest: digest,
      identity_sealed: app.vault.seal(form.identity),
      identity_masked: maskIdentity(form.identity),
      gender: isIdCard ? null : (form.gender ?? null),
      birthday: isIdCard ? null : (form.birthday ?? null),
      city_id: form.cityId,
      professional: form.professional,
      professional_name: form.professionalName,
      // Only mainland resident ID holders may use rights confirmation (SPEC §1).
      rights_eligible: isIdCard ? 1 : 0,
      created_at: nowIso(),
    }
    try {
      await app.db.kysely.transaction().execute(async (trx) => {
        await trx.insertInto('realname_auths').values(row).execute()
        // The account is named by its verified name from now on (certificates, works and the
        // directory name the same person); a nickname the owner set still shows where it did.
        await trx
          .updateTable('users')
          .set({ username: form.username })
          .where('id', '=', request.userId)
          .execute()
      })
    } catch (error) {
      // Two submissions racing: the unique keys decide, with the same messages as above — this
      // account verified meanwhile (its own key), or another account took the identity.
      await refuseIfVerified(request.userId)
      if (isUniqueViolation(error)) throw new BusinessError(CODE.badRequest, REALNAME_MESSAGES.identityTaken)
      throw error
    }
    return ok(view(row))
  })
}
