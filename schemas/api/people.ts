import type { FromSchema } from 'json-schema-to-ts'
import { anyText, integer, listOf, object, text } from './json.ts'

// The designer and talent directories (SPEC §2 "Cards", §3 "Designer", "Prize list"). How to add a
// type: schemas/api/json.ts. Codes stay codes (evaluateStandard, professional, prizeGrade, patentType,
// projectType, schoolRecord): the SPA turns them into labels with the dictionaries, as SPEC §4 says.

/** 0 or 1, as the existing backend sends its flags. */
const flag = { type: 'integer', enum: [0, 1] } as const

const designerFields = {
  id: integer,
  username: text(64),
  /** A site path under public/ or an /api/files URL; absent when the designer has no photo (the card shows the initial). */
  profilePhoto: text(512),
  /** sys_evaluate_standard code. */
  evaluateStandard: text(10),
  /** 人才大使 */
  isAmbassador: flag,
  /** 优秀设计师 */
  excellentStatus: flag,
  /** 特邀设计师 */
  isInvite: flag,
  /** Province and city (SPEC §3 Creator: a list of two). */
  cityNames: listOf(text(50)),
  /** When the designer was first certified (ISO time). */
  approveDate: text(32),
  /** sys_professional_type code. */
  professional: text(10),
  /** Rights-confirmed works. */
  worksNumber: integer,
  /** prizeId is a prizeValue of GET /common/listPrize; prizeGrade a sys_prize_grade code. */
  prizes: listOf(object({ prizeId: text(20), prizeGrade: text(10) })),
  /** How many patents of each sys_patent_type. */
  patents: listOf(object({ num: integer, patentType: text(10) })),
  /** How many projects of each sys_project_type. */
  projects: listOf(object({ num: integer, projectType: text(10) })),
  /** The certificate's image (GET /certificate/{number}/image); absent without a certificate. */
  userCertificate: object({ certificateUrl: text(200) }),
} as const

/** One row of GET /designer/list: SPEC §3 "Designer". */
export const designerSchema = object(designerFields, ['profilePhoto', 'userCertificate'])
export type Designer = FromSchema<typeof designerSchema>

/** GET /designer/detail data: the card's fields and what the profile page adds. */
export const designerDetailSchema = object(
  {
    ...designerFields,
    /** The studio or company the designer works at. */
    studio: text(100),
    intro: anyText,
    /** The region code (a district, or a city without districts). */
    cityId: text(12),
    /** The certificate's number, shown under its image. */
    certificateNumber: text(32),
  },
  ['profilePhoto', 'userCertificate', 'certificateNumber'],
)
export type DesignerDetail = FromSchema<typeof designerDetailSchema>

/** SPEC §3 "Prize list": the groups of GET /common/listPrize, each with its prize items. */
export const prizeGroupSchema = object({
  groupValue: text(20),
  groupLabel: text(100),
  prizeList: listOf(object({ prizeValue: text(20), prizeLabel: text(100) })),
})
export type PrizeGroup = FromSchema<typeof prizeGroupSchema>

const talentFields = {
  id: integer,
  name: text(64),
  /** A site path under public/; absent when the talent has none (the card shows the initial). */
  avatar: text(512),
  /** sys_school_record code. */
  schoolRecord: text(10),
  /** The school, or the company of a talent already working. */
  school: text(100),
  major: text(60),
  skills: listOf(text(40)),
  /** Province and city. */
  cityNames: listOf(text(50)),
} as const

/** One row of GET /talent/list. */
export const talentSchema = object(talentFields, ['avatar'])
export type Talent = FromSchema<typeof talentSchema>

/** GET /talent/detail data: the row plus the introduction and the portfolio images. */
export const talentDetailSchema = object({ ...talentFields, intro: anyText, images: listOf(text(512)) }, [
  'avatar',
])
export type TalentDetail = FromSchema<typeof talentDetailSchema>

// ---- The filters of the two lists: the route's query schema and the SPA's parameters, written once ----

/** A dictionary code (digits; empty is no filter, an unknown code matches nothing). */
const dictCode = (description: string) => ({ type: 'string', pattern: '^(\\d{1,3})?$', description }) as const
/** A region of the tree: a province or a city covers everything under it. */
const regionCode = {
  type: 'string',
  pattern: '^(\\d{6})?$',
  description: '地区编码：省、市或区县（省市含其下级）',
} as const
const keyword = { type: 'string', maxLength: 40, description: '关键词（经站内搜索索引匹配）' } as const

/** GET /designer/list filters (beside pageNum and pageSize). */
export const designerFilterSchema = object(
  {
    evaluateStandard: dictCode('评价标准 sys_evaluate_standard'),
    professional: dictCode('专业 sys_professional_type'),
    cityId: regionCode,
    keyword,
  },
  ['evaluateStandard', 'professional', 'cityId', 'keyword'],
)
export type DesignerFilter = FromSchema<typeof designerFilterSchema>

/** GET /talent/list filters (beside pageNum and pageSize). */
export const talentFilterSchema = object(
  { schoolRecord: dictCode('学历 sys_school_record'), cityId: regionCode, keyword },
  ['schoolRecord', 'cityId', 'keyword'],
)
export type TalentFilter = FromSchema<typeof talentFilterSchema>
