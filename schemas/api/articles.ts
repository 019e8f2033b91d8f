import type { FromSchema } from 'json-schema-to-ts'
import { anyText, boolean, integer, listOf, object, text } from './json.ts'

// News, quotations, video history, documents and the miscellaneous pages (SPEC §2 "Home and
// directories", "Miscellaneous"; §3 "Quotation list"; §7 Content). How to add a type: schemas/api/json.ts.

const newsCardProperties = {
  id: integer,
  title: text(120),
  /** design_info_type code, and its label. */
  type: text(8),
  typeLabel: text(40),
  /** Site path of a JPEG cover under public/content/news/ (share cards take no SVG or WebP). */
  cover: text(300),
  summary: anyText,
  author: text(40),
  source: text(60),
  /** ISO instant. */
  publishedAt: text(32),
  views: integer,
  featured: boolean,
} as const

/** A row of GET /news/list. */
export const newsCardSchema = object(newsCardProperties)
export type NewsCard = FromSchema<typeof newsCardSchema>

/** The body of an article: headings and paragraphs as plain text, never HTML. */
export const newsBlockSchema = object({
  kind: { type: 'string', enum: ['heading', 'paragraph'] },
  text: anyText,
})
export type NewsBlock = FromSchema<typeof newsBlockSchema>

/** GET /news/getInfo: the article, its body, and the latest others of its type. */
export const newsDetailSchema = object({
  ...newsCardProperties,
  body: listOf(newsBlockSchema),
  related: listOf(object({ id: integer, title: text(120), publishedAt: text(32) })),
})
export type NewsDetail = FromSchema<typeof newsDetailSchema>

/** A design quotation (SPEC §7 GET /sysDesignQuotation rows and /sysDesignQuotation/getInfo data). */
export const quotationSchema = object({
  id: integer,
  title: text(120),
  /** sys_design_quotation_type code, and its label. */
  type: text(8),
  typeLabel: text(40),
  /** The price range in fen (money is integer fen everywhere). */
  priceMinFen: integer,
  priceMaxFen: integer,
  /** What a price is for: 款, 套, 页, 次… */
  unit: text(20),
  description: anyText,
  /** Deliverables. */
  scope: listOf(anyText),
  /** Typical lead time, e.g. 15–25 个工作日. */
  cycle: text(40),
  provider: text(60),
  updatedAt: text(32),
})
export type Quotation = FromSchema<typeof quotationSchema>

/** A film of the association's history (GET /historyVideo/list rows, /historyVideo/getInfo data). */
export const historyVideoSchema = object({
  id: integer,
  title: text(120),
  cover: text(300),
  /** Site path of an H.264 MP4 under public/content/videos/. */
  videoUrl: text(300),
  durationSeconds: integer,
  event: text(60),
  year: integer,
  description: anyText,
  publishedAt: text(32),
  showcase: boolean,
})
export type HistoryVideo = FromSchema<typeof historyVideoSchema>

/** A downloadable document (GET /others/document/{id}). */
export const documentInfoSchema = object({
  id: integer,
  title: text(120),
  /** The name the download is saved under. */
  fileName: text(160),
  /** pdf or docx. */
  extension: text(8),
  size: integer,
  description: anyText,
  /** Members download it when signed in; anyone else needs a signed link. */
  membersOnly: boolean,
  publishedAt: text(32),
})
export type DocumentInfo = FromSchema<typeof documentInfoSchema>

/** POST /others/downloadLink/{id}: a link anyone may open without signing in, until it expires. */
export const signedLinkSchema = object({
  /** Site path of the signed-download page, /others/download/{token}/{id}. */
  path: text(300),
  expiresAt: text(32),
})
export type SignedLink = FromSchema<typeof signedLinkSchema>

/** A questionnaire's answers added up (GET /questionnaire/summary, and the PDF of /questionnaire/export). */
export const questionnaireSummarySchema = object({
  title: text(60),
  description: anyText,
  respondents: integer,
  /** ISO instant of the latest answer counted. */
  updatedAt: text(32),
  questions: listOf(
    object({
      key: text(20),
      title: anyText,
      options: listOf(object({ label: anyText, count: integer, percent: integer })),
    }),
  ),
})
export type QuestionnaireSummary = FromSchema<typeof questionnaireSummarySchema>

/** GET /site/verify-bd: the Baidu site verification code configured (BAIDU_SITE_VERIFICATION), or ''. */
export const siteVerificationSchema = object({ configured: boolean, content: text(200) })
export type SiteVerification = FromSchema<typeof siteVerificationSchema>
