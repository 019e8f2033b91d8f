import type { FromSchema } from 'json-schema-to-ts'
import { myMessageSchema } from './entrant-messages.ts'
import { anyText, boolean, integer, listOf, object, text } from './json.ts'
import { myResultsSchema } from './results.ts'

// What the competition routes answer (SPEC §7 "Competition" and the competition rows of "Dictionaries
// and configuration"). How to add a type: schemas/api/json.ts.

/** Where a competition stands (definitions/competition/phases.ts decides which, from its phases). */
export const STAGES = ['upcoming', 'registering', 'submitting', 'judging', 'finished'] as const

/**
 * What GET /api/competition/definition/{slug} answers: the definition the competition engine renders
 * (its pages with includes already expanded), with where it stands now and its steps and routes.
 * The server builds it from the definitions core; the SPA renders every competition page from it,
 * so a new file in competitions/ needs only a restart. A free-form object to the serialiser; its type
 * is CompetitionView (definitions/competition/view.ts), which extends the definitions' own types.
 */
export const competitionViewSchema = { type: 'object', additionalProperties: true } as const

export const competitionDefinitionPath = (slug: string) =>
  `/competition/definition/${encodeURIComponent(slug)}`

/** A form's fields as the entrant saved them (the definition's forms decide which): sent as they are. */
export const formDataSchema = { type: 'object', additionalProperties: true } as const
export type CompetitionFormData = FromSchema<typeof formDataSchema>
/** A form not saved yet is null: GET /tbCompetitionInfo/works/getAdviser data, and the entry's forms. */
export const nullableFormDataSchema = { type: ['object', 'null'], additionalProperties: true } as const

const nullableText = { type: ['string', 'null'] } as const

/** A file an entrant uploaded, as forms keep it. */
export const entryFileSchema = object({ fileUrl: text(300), fileOgName: text(255) })
export type EntryFile = FromSchema<typeof entryFileSchema>
const nullableFiles = { type: ['array', 'null'], items: entryFileSchema } as const

/** Where an entry stands with the organisers: null (nothing), returned to its entrant, or disqualified. */
export const MODERATION_STATES = ['returned', 'disqualified'] as const
export type ModerationState = (typeof MODERATION_STATES)[number]
export const MODERATION_LABELS: Record<ModerationState, string> = {
  returned: '已退回修改',
  disqualified: '已取消资格',
}

/** A moderation as the entrant and the staff read it; null when the entry has none. */
export const moderationSchema = {
  type: ['object', 'null'],
  properties: {
    state: { type: 'string', enum: MODERATION_STATES },
    reason: { type: 'string', maxLength: 200 },
    at: { ...anyText, description: 'ISO 时间（UTC）' },
  },
  required: ['state', 'reason', 'at'],
  additionalProperties: false,
} as const
export type Moderation = FromSchema<typeof moderationSchema>

/** The signed-in entrant's registration in one competition (the family's registration GET/save, auth). */
export const competitionEntrySchema = object(
  {
    competitionId: integer,
    registered: boolean,
    info: { ...nullableFormDataSchema, description: '报名表内容（表单由赛事定义 forms.registration 决定）' },
    prefill: {
      ...nullableFormDataSchema,
      description:
        '尚未报名时报名表的预填：实名认证的姓名（name）、账号手机号（phone）与邮箱（email）；已报名时为 null',
    },
    workStep: {
      type: 'integer',
      description: 'stepsOf(定义) 中第一个未完成步骤的序号；全部完成时等于步骤数',
    },
    worksCount: integer,
    completeWorks: integer,
    worksMax: integer,
    payRequired: boolean,
    paid: boolean,
    paidAt: nullableText,
    finalised: boolean,
    finalisedAt: nullableText,
    moderation: moderationSchema,
  },
  ['prefill'],
)
export type CompetitionEntry = FromSchema<typeof competitionEntrySchema>

/** One of the entrant's works: the family's work list rows and every work write's data. */
export const competitionWorkSchema = object({
  id: integer,
  competitionId: integer,
  worksName: text(60),
  base: { ...formDataSchema, description: '作品基本信息（forms.workBase）' },
  info: { ...nullableFormDataSchema, description: '设计说明与团队（forms.workInfo）' },
  adviser: { ...nullableFormDataSchema, description: '指导老师（forms.adviser）' },
  propertyRight: nullableFiles,
  displayBoard: nullableFiles,
  complete: { type: 'boolean', description: '定义要求的作品步骤是否都已保存' },
  createTime: text(32),
  updateTime: text(32),
})
export type CompetitionWork = FromSchema<typeof competitionWorkSchema>

const choiceSchema = object({ value: text(32), label: text(30) })
const stepSchema = object({ key: text(20), label: text(20), path: text(40) })

/** GET /tbCompetitionInfo/getInfo data: the competition, its phases and stage, fee, limits and steps. */
export const competitionInfoSchema = object(
  {
    id: integer,
    slug: text(64),
    title: text(60),
    shortTitle: text(20),
    year: integer,
    description: text(200),
    cover: formDataSchema,
    phases: object({
      registrationOpens: text(32),
      registrationCloses: text(32),
      submissionDeadline: text(32),
      results: text(32),
    }),
    stage: { type: 'string', enum: STAGES },
    stageLabel: text(10),
    api: text(20),
    apiPaths: { ...formDataSchema, description: '本赛事接口族的路径（报名、作品、确认提交）' },
    fee: {
      type: ['object', 'null'],
      properties: { fen: integer, yuan: text(20), source: text(10), required: boolean },
      description: '报名费；免费赛事为 null',
    },
    payRequired: boolean,
    worksMax: integer,
    worksAdd: boolean,
    worksManage: boolean,
    entrantTypes: listOf(choiceSchema),
    companyTypes: listOf(choiceSchema),
    ranges: formDataSchema,
    steps: listOf(stepSchema),
    organizers: formDataSchema,
  },
  ['shortTitle'],
)
export type CompetitionInfo = FromSchema<typeof competitionInfoSchema>

/**
 * A competition's dictionary item: the items of GET /common/type/sys_competition_range and
 * /common/type/competition_company_type; a range says which group it is in (listClass) and a
 * proposition its brief (remark).
 */
export const rangeItemSchema = object(
  {
    dictCode: text(32),
    dictLabel: text(30),
    dictSort: integer,
    listClass: { type: 'string', enum: ['default', 'Propositional'] },
    remark: text(200),
  },
  ['listClass', 'remark'],
)
export type RangeItem = FromSchema<typeof rangeItemSchema>

/** GET /tbCompetitionInfo/type/sys_competition_range/{id} data: the ranges in their two groups. */
export const competitionRangesSchema = object({
  default: listOf(rangeItemSchema),
  Propositional: listOf(rangeItemSchema),
})
export type CompetitionRanges = FromSchema<typeof competitionRangesSchema>

/** GET /tbCompetitionInfo/getAuthPrice data: the fee in yuan (text) and fen, and whether it is due. */
export const competitionPriceSchema = object({
  price: text(20),
  priceFen: integer,
  required: boolean,
  source: nullableText,
})
export type CompetitionPrice = FromSchema<typeof competitionPriceSchema>

/** GET /common/getConfig/competition.apply.money data: the fee shared by competitions whose pay.source is config. */
export const applyMoneySchema = object({ configKey: text(40), configValue: text(20), fen: integer })
export type ApplyMoney = FromSchema<typeof applyMoneySchema>

/** An unfinished form: GET and POST /tbCompetitionInfo/draft data (GET: nullableDraftSchema, null when none). */
export const competitionDraftSchema = object({
  formKey: text(20),
  workId: integer,
  data: formDataSchema,
  updateTime: text(32),
})
export type CompetitionDraft = FromSchema<typeof competitionDraftSchema>
export const nullableDraftSchema = { ...competitionDraftSchema, type: ['object', 'null'] } as const

/** An organising unit: the items of the support units, and the children of an organiser group. */
export const organizerUnitSchema = object({ id: text(40), name: text(100) })
export type OrganizerUnit = FromSchema<typeof organizerUnitSchema>

/** One group of the host and co-organiser tree (主办单位, 协办单位) with its units. */
export const organizerGroupSchema = object({
  id: text(40),
  name: text(20),
  children: listOf(organizerUnitSchema),
})
export type OrganizerGroup = FromSchema<typeof organizerGroupSchema>

/** GET /tbCompetitionInfo/list rows: a competition's card, live ones first. */
export const competitionCardSchema = object(
  {
    id: integer,
    slug: text(64),
    title: text(60),
    year: integer,
    description: text(200),
    cover: object({ src: anyText, alt: anyText, width: integer, height: integer }),
    stage: text(12),
    stageLabel: text(10),
    registrationOpens: text(32),
    registrationCloses: text(32),
    /** The entry fee in yuan, absent for a free competition. */
    feeYuan: text(20),
  },
  ['feeYuan'],
)
export type CompetitionCard = FromSchema<typeof competitionCardSchema>

/** One of the signed-in user's competitions (GET /user/getCompetition items), latest registration first. */
export const myCompetitionSchema = object({
  competitionId: integer,
  slug: text(64),
  title: text(60),
  year: integer,
  cover: nullableFormDataSchema,
  active: boolean,
  stage: text(12),
  stageLabel: text(10),
  workStep: integer,
  worksCount: integer,
  paid: boolean,
  payRequired: boolean,
  finalised: boolean,
  registeredAt: text(32),
  certificate: { type: 'boolean', description: '结果已公布、已确认提交且已实名认证：可查看参赛证书' },
  /** Beyond SPEC §7 (issue 32 item 7): why the certificate waits, when the entrant can do something about it. */
  certificatePending: {
    type: ['string', 'null'],
    maxLength: 200,
    description: '证书暂缓颁发的原因（尚未实名认证）；null 为没有',
  },
  receiptNumber: { type: ['string', 'null'], description: '参赛回执编号（确认提交后）' },
  moderation: moderationSchema,
  /** Beyond SPEC §7 (issue 24 item 7): the entry's published results; null before publication. */
  results: myResultsSchema,
  /** Beyond SPEC §7 (issue 32 item 6): the organisers' messages about this entry, newest first. */
  messages: listOf(myMessageSchema),
})
export type MyCompetition = FromSchema<typeof myCompetitionSchema>

/** GET /tbCompetitionInfo/getUserCertificate data: the certificate of a finalised entry, once results are out. */
export const competitionCertificateSchema = object({
  number: text(32),
  name: text(64),
  competitionId: integer,
  competitionTitle: text(60),
  year: integer,
  works: listOf(text(60)),
  issuedAt: text(32),
  /** Beyond SPEC §7 (README "Competition certificates"): what the PDF and the public check show. */
  award: { type: ['string', 'null'], maxLength: 40, description: '奖项；null 为参赛证书' },
  coAuthors: listOf(text(30)),
  advisers: listOf(text(30)),
  /** The public verification page the certificate's QR code opens. */
  verifyUrl: text(600),
  /** The paper copy's postage in fen, and whether the competition posts it free (certificate.freePostage). */
  postageFen: integer,
  freePostage: boolean,
})
export type CompetitionCertificate = FromSchema<typeof competitionCertificateSchema>

/** Where a paper certificate is: asked for, postage paid (or free), posted with carrier and tracking number. */
export const POST_STATUS = ['requested', 'paid', 'shipped'] as const
export type PostStatus = (typeof POST_STATUS)[number]
export const POST_STATUS_LABEL: Record<PostStatus, string> = {
  requested: '已申请，待付邮费',
  paid: '待寄出',
  shipped: '已寄出',
}

/** A request to post a certificate (/logistics/competitionCertificate*): its address is a snapshot taken when asked. */
export const certificatePostSchema = object({
  competitionId: integer,
  competitionTitle: text(60),
  address: formDataSchema,
  postagePaid: boolean,
  createTime: text(32),
  status: {
    enum: POST_STATUS,
    description: 'requested 待付邮费 · paid 待寄出（已付或免邮费） · shipped 已寄出',
  },
  postage: { type: 'string', maxLength: 12, description: '邮费（元）；免邮费为 "0.00"' },
  orderNumber: { type: ['string', 'null'], maxLength: 32 },
  carrier: { type: ['string', 'null'], maxLength: 40 },
  trackingNumber: { type: ['string', 'null'], maxLength: 40 },
  shippedAt: { type: ['string', 'null'], maxLength: 32 },
})
export type CertificatePost = FromSchema<typeof certificatePostSchema>

/**
 * POST /logistics/competitionCertificate data: the request, and — when postage is due — the payment
 * as the one checkout answers it (the certification fee's shape: orderNumber, status, QR or form).
 */
export const certificatePostPaymentSchema = object(
  { post: certificatePostSchema, payment: { type: 'object', additionalProperties: true } },
  ['payment'],
)
export type CertificatePostPayment = FromSchema<typeof certificatePostPaymentSchema>

/**
 * GET /tbCompetitionInfo/certificate/verify data (public): whether a competition certificate number is
 * genuine and what it certifies. Names as printed on the certificate, nothing else about the entrant.
 */
export const certificateVerificationSchema = object({
  number: text(32),
  entrant: text(64),
  coAuthors: listOf(text(30)),
  advisers: listOf(text(30)),
  competitionTitle: text(60),
  year: integer,
  works: listOf(text(60)),
  award: { type: ['string', 'null'], maxLength: 40, description: '奖项；null 为参赛证书' },
  issuedAt: text(32),
  /** When superseded: when, and the number that replaced it. */
  supersededAt: { type: ['string', 'null'], maxLength: 32 },
  currentNumber: { type: ['string', 'null'], maxLength: 32 },
})
export type CertificateVerification = FromSchema<typeof certificateVerificationSchema>

/** A posting request as organisers list it (/manage/certificates/posts). */
export const staffCertificatePostSchema = object({
  id: integer,
  account: text(32),
  entrant: text(64),
  certificateNumber: { type: ['string', 'null'], maxLength: 32 },
  post: certificatePostSchema,
})
export type StaffCertificatePost = FromSchema<typeof staffCertificatePostSchema>

/** A re-issue's answer: the new number and the one it replaced. */
export const certificateReissueSchema = object({ number: text(32), previous: text(32) })
export type CertificateReissue = FromSchema<typeof certificateReissueSchema>

/** A file an entry receipt covers: its SHA-256 and the RFC 3161 timestamp over it. */
export const receiptFileSchema = object({
  label: text(80),
  name: text(200),
  sha256: text(64),
  timestampSerial: text(64),
  stampedAt: text(32),
})

/** GET /tbCompetitionInfo/receipt data (the entrant's own): the receipt of a finalised entry. */
export const competitionReceiptSchema = object({
  number: text(20),
  competitionId: integer,
  competitionTitle: text(60),
  year: integer,
  works: listOf(text(60)),
  files: listOf(receiptFileSchema),
  finalisedAt: text(32),
  tsaName: text(60),
  verifyUrl: text(600),
})
export type CompetitionReceipt = FromSchema<typeof competitionReceiptSchema>

/**
 * GET /tbCompetitionInfo/receipt/verify data (public): what a receipt number proves — the competition,
 * the works' titles, the files' hashes and timestamps. No entrant name or file name: entries may be
 * judged anonymously, and a number printed on paper is no secret.
 */
export const receiptVerificationSchema = object({
  number: text(20),
  competitionTitle: text(60),
  year: integer,
  works: listOf(text(60)),
  files: listOf(
    object({ label: text(80), sha256: text(64), timestampSerial: text(64), stampedAt: text(32) }),
  ),
  finalisedAt: text(32),
  tokensValid: { type: 'boolean', description: '每个时间戳令牌都签在所列哈希上且签名有效' },
})
export type ReceiptVerification = FromSchema<typeof receiptVerificationSchema>

/** An issued competition certificate as organisers list it (/manage/certificates), newest first. */
export const staffCertificateSchema = object({
  number: text(32),
  account: text(32),
  entrant: text(64),
  award: { type: ['string', 'null'], maxLength: 40, description: '奖项；null 为参赛证书' },
  issuedAt: text(32),
  current: { ...boolean, description: '现行编号（未被重新颁发取代）' },
  supersededAt: { type: ['string', 'null'], maxLength: 32 },
  supersededBy: { type: ['string', 'null'], maxLength: 32, description: '取代它的编号' },
  reason: { type: ['string', 'null'], maxLength: 200, description: '重新颁发的原因' },
})
export type StaffCertificate = FromSchema<typeof staffCertificateSchema>

/** How organisers read a posting request's status: a to-do list (the entrant reads POST_STATUS_LABEL). */
export const POST_STATUS_STAFF_LABEL: Record<PostStatus, string> = {
  requested: '待付款',
  paid: '待寄送',
  shipped: '已寄出',
}

/**
 * What marking a certificate shipped accepts (POST /manage/certificates/ship): the route's body schema
 * and the console's form both read these, so the form refuses exactly what the server would.
 */
export const SHIPPING_RULES = {
  carrierMax: 40,
  /** 6–40 letters, digits or -. */
  trackingPattern: '^[A-Za-z0-9-]{6,40}$',
} as const

/** The reason of a certificate re-issue: some text, at most 200 characters (the route's `line(200)`). */
export const REISSUE_REASON_MAX = 200

/** The form's messages for a shipping entry, in field order; empty when the server would accept it. */
export function shippingErrors(input: { carrier: string; trackingNumber: string }): {
  carrier?: string
  trackingNumber?: string
} {
  const carrier = input.carrier.trim()
  const out: { carrier?: string; trackingNumber?: string } = {}
  if (!carrier) out.carrier = '请填写承运商'
  else if (carrier.length > SHIPPING_RULES.carrierMax)
    out.carrier = `承运商不超过 ${SHIPPING_RULES.carrierMax} 个字`
  if (!new RegExp(SHIPPING_RULES.trackingPattern).test(input.trackingNumber))
    out.trackingNumber = '运单号须为 6–40 位字母、数字或 -'
  return out
}
