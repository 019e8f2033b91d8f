import type { FromSchema } from 'json-schema-to-ts'
import { formDataSchema, moderationSchema } from './competition.ts'
import { anyText, boolean, integer, listOf, object, text } from './json.ts'
import { auditEntrySchema, STAFF_ROLES } from './staff.ts'

// The organisers' console (README "Organisers' console", issue 24 item 2): what /api/manage/… (beside
// staff roles and the audit trail, schemas/api/staff.ts) and /api/staff/me answer. How to add a type:
// schemas/api/json.ts.

export { MODERATION_LABELS, type Moderation, type ModerationState } from './competition.ts'

const nullableText = { type: ['string', 'null'] } as const
const nullableInteger = { type: ['integer', 'null'] } as const

/** GET /api/staff/me: the signed-in account's staff roles (an empty list for everyone else). */
export const staffMeSchema = object({
  admin: boolean,
  roles: listOf(
    object({
      role: { type: 'string', enum: STAFF_ROLES },
      competitionId: nullableInteger,
      roundId: nullableText,
    }),
  ),
})
export type StaffMe = FromSchema<typeof staffMeSchema>

/** A count by one of the definition's choices (entrant type or range), labelled from the definition. */
const breakdownSchema = object({
  value: text(64),
  label: text(64),
  registrations: integer,
  works: integer,
  paid: integer,
  submitted: integer,
})

/** GET /api/manage/competitions: each competition with its live counts. */
export const manageCompetitionSchema = object({
  competitionId: integer,
  slug: text(64),
  title: text(60),
  year: integer,
  stage: text(12),
  stageLabel: text(10),
  submissionDeadline: anyText,
  results: anyText,
  payRequired: { ...boolean, description: '须缴报名费才能确认提交' },
  judged: { ...boolean, description: '赛事定义中有评审安排（judging）' },
  registrations: integer,
  works: integer,
  paid: integer,
  submitted: integer,
  returned: integer,
  disqualified: integer,
  byEntrantType: listOf(breakdownSchema),
  byRange: listOf(breakdownSchema),
})
export type ManageCompetition = FromSchema<typeof manageCompetitionSchema>

/** One row of GET /api/manage/entries. */
export const manageEntryRowSchema = object({
  id: { ...integer, description: '报名编号（registration id）' },
  number: { ...nullableText, description: '参赛编号（确认提交后的回执编号）' },
  name: text(64),
  account: text(64),
  entrantType: text(64),
  entrantTypeLabel: text(64),
  works: listOf(object({ id: integer, title: text(60), range: text(64), rangeLabel: text(64) })),
  paid: boolean,
  submitted: boolean,
  moderation: moderationSchema,
  createdAt: anyText,
  updatedAt: anyText,
})
export type ManageEntryRow = FromSchema<typeof manageEntryRowSchema>

/** A stored upload of an entry: where staff open it, and how the page previews it. */
const entryFileSchema = object({
  label: text(120),
  name: text(200),
  url: anyText,
  kind: { type: 'string', enum: ['image', 'pdf', 'other'] },
})

/** One answer of a form, labelled from the forms registry: text, files, or rows of a repeated group. */
const answerSchema = object({
  key: text(64),
  label: text(64),
  text: anyText,
  files: listOf(entryFileSchema),
  rows: listOf(listOf(object({ label: text(64), text: anyText }))),
})

/** One form of an entry (a registration, or a work's step), every answer labelled. */
const sectionSchema = object({ key: text(20), label: text(40), answers: listOf(answerSchema) })

/** GET /api/manage/entry: an entry's page. */
export const manageEntrySchema = object({
  id: integer,
  competitionId: integer,
  competitionTitle: text(60),
  number: nullableText,
  entrant: object({ userId: integer, account: text(64), username: text(64) }),
  name: text(64),
  entrantTypeLabel: text(64),
  payRequired: boolean,
  paid: boolean,
  paidAt: nullableText,
  submitted: boolean,
  submittedAt: nullableText,
  moderation: moderationSchema,
  mayReturn: { ...boolean, description: '现在可以退回（已提交、未处理、作品提交截止前）' },
  mayDisqualify: { ...boolean, description: '现在可以取消资格（结果公布前、尚未取消）' },
  mayReinstate: { ...boolean, description: '现在可以恢复参赛资格（已取消资格、结果公布前）' },
  phaseNote: { ...anyText, description: '不能退回或取消资格时的原因' },
  registration: sectionSchema,
  works: listOf(object({ id: integer, title: text(60), sections: listOf(sectionSchema) })),
  files: listOf(entryFileSchema),
  coAuthors: listOf(object({ work: text(60), name: text(64), role: anyText })),
  advisers: listOf(object({ work: text(60), name: text(64), detail: anyText })),
  payment: {
    type: ['object', 'null'],
    properties: {
      orderNumber: text(64),
      amountFen: integer,
      method: text(20),
      paidAt: nullableText,
    },
    required: ['orderNumber', 'amountFen', 'method', 'paidAt'],
    additionalProperties: false,
  },
  receipt: {
    type: ['object', 'null'],
    properties: { number: text(20), createdAt: anyText, files: integer },
    required: ['number', 'createdAt', 'files'],
    additionalProperties: false,
  },
  history: listOf(auditEntrySchema),
})
export type ManageEntry = FromSchema<typeof manageEntrySchema>

/** POST /api/manage/entry/return and /disqualify body. */
export const moderationBody = {
  type: 'object',
  properties: {
    competitionId: { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '赛事编号' },
    entryId: { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '报名编号' },
    reason: {
      type: 'string',
      minLength: 2,
      maxLength: 200,
      description: '原因（2–200 字），参赛者在“我的赛事”中看到',
    },
  },
  required: ['competitionId', 'entryId', 'reason'],
  additionalProperties: false,
} as const

/** What a moderation answers: the entry's state and whether this request changed it. */
export const moderationResultSchema = object({
  changed: boolean,
  entryId: integer,
  moderation: moderationSchema,
})
export type ModerationResult = FromSchema<typeof moderationResultSchema>

/** GET /api/manage/landing-pages and /api/manage/events: each page with its counts. */
export const pageCountSchema = object({
  slug: text(64),
  title: text(120),
  signups: integer,
  checkIns: integer,
})
export type PageCount = FromSchema<typeof pageCountSchema>

/** A landing-page sign-up or an event entry: the form as the entrant sent it, labelled from the registry. */
export const signupRowSchema = object({
  id: integer,
  slug: text(64),
  form: text(40),
  phone: text(11),
  answers: listOf(object({ label: text(64), text: anyText })),
  data: formDataSchema,
  createdAt: anyText,
})
export type SignupRow = FromSchema<typeof signupRowSchema>

/** An on-site check-in of an event. */
export const checkInRowSchema = object({
  id: integer,
  slug: text(64),
  name: text(30),
  phone: text(11),
  createdAt: anyText,
})
export type CheckInRow = FromSchema<typeof checkInRowSchema>

/** A refund case (an entry fee paid twice), as staff list them. */
export const refundCaseRowSchema = object({
  id: integer,
  orderNumber: text(64),
  account: text(64),
  amountFen: integer,
  reason: text(40),
  reasonLabel: text(40),
  competitionId: nullableInteger,
  competitionTitle: nullableText,
  status: text(10),
  createdAt: anyText,
  resolvedAt: nullableText,
  resolutionNote: nullableText,
})
export type RefundCaseRow = FromSchema<typeof refundCaseRowSchema>

/** The kinds of export and the states of one (README "Exports"). */
export const EXPORT_KIND_VALUES = ['entries.xlsx', 'works.zip'] as const
export const EXPORT_STATUS_VALUES = ['queued', 'running', 'ready', 'failed', 'expired'] as const

/**
 * An organiser's export, made in the background: GET and POST /api/manage/competitions/:id/exports.
 * `progress`: rows written (workbook) or files packed (archive) so far, of `total` (null: not known
 * until the end). `size` in bytes once ready. Times are UTC ISO.
 */
export const exportFileSchema = object({
  id: integer,
  competitionId: integer,
  kind: { type: 'string', enum: EXPORT_KIND_VALUES },
  label: text(40),
  status: { type: 'string', enum: EXPORT_STATUS_VALUES },
  statusLabel: text(10),
  progress: integer,
  total: nullableInteger,
  size: nullableInteger,
  error: nullableText,
  requestedBy: text(64),
  createdAt: anyText,
  finishedAt: nullableText,
})
export type ExportFile = FromSchema<typeof exportFileSchema>
