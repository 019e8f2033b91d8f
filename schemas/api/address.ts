import type { FromSchema } from 'json-schema-to-ts'
import { boolean, integer, listOf, object, text } from './json.ts'

// Postal addresses (SPEC §7 Account). The form one sends is schemas/forms/address.ts; this is what
// the server answers. How to add a type: schemas/api/json.ts.

/** One of the signed-in user's addresses: the items of GET /address/list, the default first. */
export const savedAddressSchema = object({
  id: integer,
  userName: text(30),
  phone: text(11),
  cityId: text(12),
  cityNames: listOf(text(50)),
  address: text(100),
  isDefault: boolean,
})
export type Address = FromSchema<typeof savedAddressSchema>
