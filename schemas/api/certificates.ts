import type { FromSchema } from 'json-schema-to-ts'
import { integer, listOf, object, text } from './json.ts'

// Certificates and the directory of certified designers (SPEC §2 Certification). How to add a type:
// schemas/api/json.ts.

/** A designer's certification, as the certificate shows it; `status` is computed when read. */
export const certificationInfoSchema = object({
  number: text(32),
  level: text(30),
  username: text(64),
  validFrom: text(32),
  validUntil: text(32),
  status: { type: 'string', enum: ['valid', 'expired'] },
})
export type CertificationInfo = FromSchema<typeof certificationInfoSchema>

/** GET /certificate/info data: the yearly fee and how many designers hold a valid certification. */
export const certificationOverviewSchema = object({
  approveMoney: text(20),
  approveMoneyFen: integer,
  validYears: integer,
  certifiedCount: integer,
})
export type CertificationOverview = FromSchema<typeof certificationOverviewSchema>

/** One row of GET /certification/list, the directory of certified designers. */
export const certifiedDesignerSchema = object({
  number: text(32),
  username: text(64),
  level: text(30),
  validUntil: text(32),
  cityNames: listOf(text(50)),
  professional: text(50),
})
export type CertifiedDesigner = FromSchema<typeof certifiedDesignerSchema>
