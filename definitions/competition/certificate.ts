import { didYouMean } from '../core/messages.ts'

/**
 * The `certificate` block of a competition definition (README "Competition certificates",
 * competitions/README.md “证书”): which built-in A4 layout, who issues it, the body text with merge
 * fields, and the postage of the paper copy. Kept apart from schema.ts and check.ts, which only hook
 * it in, so other blocks of the same files (judging, awards) change independently.
 */

/** The built-in A4 layouts (server/services/competition/certificate-pdf.ts draws them). */
export const CERTIFICATE_TEMPLATES = {
  classic: '经典：蓝色双线边框、居中排版',
  modern: '现代：左侧色带、左对齐排版',
} as const
export type CertificateTemplate = keyof typeof CERTIFICATE_TEMPLATES

/** The merge fields a body may use, and what each is filled with. */
export const MERGE_FIELDS = {
  entrant: '获证人：参赛者实名认证的姓名',
  coAuthors: '合作作者：作品设计信息中的团队成员，以“、”分隔',
  adviser: '指导老师：以“、”分隔',
  work: '作品名称（多件作品以“、”分隔）',
  award: '奖项名称；没有奖项时为“参赛”',
  competition: '赛事全称',
  date: '颁发日期（北京时间，如 2026年12月1日）',
  number: '证书编号',
} as const
export type MergeField = keyof typeof MERGE_FIELDS
export type MergeValues = Record<MergeField, string>

export interface CertificateSettings {
  template: CertificateTemplate
  /** The issuer line at the foot of the certificate. */
  issuer: string
  /** The body of an award certificate (获奖证书). */
  body: string
  /** The body of a participation certificate (参赛证书: no award). */
  participationBody: string
  /** Postage of the paper certificate, in fen. */
  postage: number
  /** true: the paper certificate is posted free (GET /logistics/competitionCertificateNoPay). */
  freePostage: boolean
}

export const DEFAULT_CERTIFICATE: Omit<CertificateSettings, 'issuer'> = {
  template: 'classic',
  body: '兹证明 {entrant} 的作品《{work}》在{competition}中荣获{award}。特发此证，以资鼓励。',
  participationBody: '兹证明 {entrant} 以作品《{work}》参加{competition}，特发此证。',
  postage: 1500,
  freePostage: false,
}
/** The issuer when the block names none and the definition has no host. */
export const DEFAULT_ISSUER = '咖簿网赛事组委会'

const BODY = {
  type: 'string',
  minLength: 4,
  maxLength: 200,
  description: `证书正文，可用的替换字段：${Object.entries(MERGE_FIELDS)
    .map(([k, v]) => `{${k}} ${v}`)
    .join('；')}`,
}

/** The block's JSON Schema (competitions/competition.schema.json, generated). */
export const certificateBlockSchema = () => ({
  type: 'object',
  description: '竞赛证书：版式、颁发单位、正文与纸质证书邮寄；不写则用默认证书',
  properties: {
    template: {
      enum: Object.keys(CERTIFICATE_TEMPLATES),
      description: `证书版式：${Object.entries(CERTIFICATE_TEMPLATES)
        .map(([k, v]) => `${k}（${v}）`)
        .join('；')}`,
    },
    issuer: { type: 'string', minLength: 2, maxLength: 40, description: '颁发单位，印在证书底部' },
    body: { ...BODY, description: `获奖证书的正文。${BODY.description}` },
    participationBody: { ...BODY, description: `参赛证书（没有奖项）的正文。${BODY.description}` },
    postage: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      description: '纸质证书邮寄费，单位“分”：15 元写 1500（freePostage 为 true 时不收）',
    },
    freePostage: { type: 'boolean', description: 'true：纸质证书免费邮寄；false（默认）：参赛者付邮费' },
  },
  additionalProperties: false,
})

const FIELD = /\{([^{}]*)\}/g

/**
 * What a schema cannot say about the block: each `{…}` in a body must be a known merge field, and
 * braces must pair. Answers [path, reason] pairs.
 */
export function checkCertificateBlock(block: unknown): Array<[string, string]> {
  if (!block || typeof block !== 'object') return []
  const out: Array<[string, string]> = []
  for (const key of ['body', 'participationBody'] as const) {
    const text = (block as Record<string, unknown>)[key]
    if (typeof text !== 'string') continue
    const at = `certificate.${key}`
    for (const [, name] of text.matchAll(FIELD)) {
      if (!Object.hasOwn(MERGE_FIELDS, name!))
        out.push([
          at,
          `不认识的替换字段“{${name}}”${didYouMean(name!, Object.keys(MERGE_FIELDS))}。可用：${Object.keys(
            MERGE_FIELDS,
          )
            .map((k) => `{${k}}`)
            .join('、')}`,
        ])
    }
    if (text.replace(FIELD, '').match(/[{}]/))
      out.push([at, '花括号没有配对：替换字段写成 {entrant} 这样，一对花括号中间是字段名'])
  }
  return out
}

/** The block as it applies: the definition's fields over the defaults; the issuer defaults to the host. */
export function certificateSettings(definition: {
  certificate?: Partial<CertificateSettings>
  organizers?: { host?: string[] }
}): CertificateSettings {
  const block = definition.certificate ?? {}
  return {
    ...DEFAULT_CERTIFICATE,
    issuer: definition.organizers?.host?.[0] ?? DEFAULT_ISSUER,
    ...block,
  }
}

/** A body with its merge fields filled (an unknown field — refused by the checker — is left as written). */
export const fillMergeFields = (body: string, values: MergeValues): string =>
  body.replace(FIELD, (whole, name: string) =>
    Object.hasOwn(values, name) ? values[name as MergeField] : whole,
  )
