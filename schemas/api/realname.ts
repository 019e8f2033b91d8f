import type { FromSchema } from 'json-schema-to-ts'
import { boolean, listOf, object, text } from './json.ts'

// Real-name verification (SPEC §2 "Realname dialog", §7). The form one sends is
// schemas/forms/realname.ts; this is what the server answers. How to add a type: schemas/api/json.ts.

const nullableText = <const N extends number>(maxLength: N) =>
  ({ type: ['string', 'null'], maxLength }) as const

/**
 * GET /my/getRealNameBo and POST /my/realNameAuth data: the verified identity with the document number
 * masked, or only `{ verified: false }` when there is none.
 */
export const realnameInfoSchema = object(
  {
    verified: boolean,
    username: text(30),
    identityType: text(2),
    identityTypeLabel: text(30),
    identity: { type: 'string', description: '打码后的证件号码，完整号码从不离开服务器' },
    gender: nullableText(2),
    birthday: nullableText(10),
    cityId: text(12),
    cityNames: listOf(text(50)),
    professional: text(20),
    professionalLabel: text(50),
    professionalName: text(30),
    rightsEligible: boolean,
    createTime: text(40),
  },
  [
    'username',
    'identityType',
    'identityTypeLabel',
    'identity',
    'gender',
    'birthday',
    'cityId',
    'cityNames',
    'professional',
    'professionalLabel',
    'professionalName',
    'rightsEligible',
    'createTime',
  ],
)
export type RealnameInfo = FromSchema<typeof realnameInfoSchema>
