import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { realnameInfoSchema } from '../../schemas/api/realname.ts'
import { MAINLAND_ID_CARD, type RealnameForm } from '../../schemas/forms/realname.ts'
import type { RealnameAuthTable } from '../db/schema.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { formBody, query, replies, SIGNED_IN } from '../lib/route-schema.ts'
import { nowIso } from '../lib/time.ts'
import { requireUser } from '../plugins/auth.ts'
import { maskIdentity } from '../services/identity-vault.ts'
import {
  REALNAME_MESSAGES,
  realnameOf,
  realnameView,
  refuseIfIdentityTaken,
  refuseIfVerified,
  saveRealname,
} from '../services/realname.ts'

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
export async function realnameRoutes(instance: FastifyInstance): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  app.get('/my/getRealNameBo', { preValidation: requireUser, schema: schemas.get }, async (request) => {
    return ok(await realnameOf(app, request.userId))
  })

  app.post('/my/realNameAuth', { preValidation: requireUser, schema: schemas.submit }, async (request) => {
    // RealnameForm adds what the schema's if/then/else branches require and define (identity; gender
    // and birthday for a document other than the mainland ID card).
    const form = parseForm('realname', request.body) as RealnameForm
    if (!app.reference.isSelectableRegion(form.cityId))
      throw new BusinessError(CODE.badRequest, REALNAME_MESSAGES.badRegion)
    if (!app.reference.dictLabel('sys_professional_type', form.professional)) {
      throw new BusinessError(CODE.badRequest, REALNAME_MESSAGES.badProfessional)
    }
    await refuseIfVerified(app.db, request.userId)

    const digest = app.vault.digest(form.identityType, form.identity)
    await refuseIfIdentityTaken(app.db, digest)

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
    await saveRealname(app.db, row)
    // Competition certificates that waited for the verified name are issued now (issue 32 item 7).
    await app.certificates.entrantVerified(row.user_id)
    return ok(realnameView(app, row))
  })
}
