import type { FromSchema } from 'json-schema-to-ts'
import { anyText, boolean, integer, listOf, object, text } from './json.ts'

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
  certificate: { type: 'boolean', description: '结果已公布且已确认提交：可查看参赛证书' },
  receiptNumber: { type: ['string', 'null'], description: '参赛回执编号（确认提交后）' },
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
})
export type CompetitionCertificate = FromSchema<typeof competitionCertificateSchema>

/** A request to post a certificate (/logistics/competitionCertificate*): its address is a snapshot taken when asked. */
export const certificatePostSchema = object({
  competitionId: integer,
  competitionTitle: text(60),
  address: formDataSchema,
  postagePaid: boolean,
  createTime: text(32),
})
export type CertificatePost = FromSchema<typeof certificatePostSchema>

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
