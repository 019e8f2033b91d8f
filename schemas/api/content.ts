import type { FromSchema } from 'json-schema-to-ts'
import { anyText, integer, listOf, object, text } from './json.ts'

// Agreements and site search. How to add a type: schemas/api/json.ts.

/**
 * An agreement document as stored in content/agreements/*.json and served by GET
 * /common/agreement/{key}. The loader insists on key, title and sections only, so the dates and the
 * intro are optional here: a file without them is still served, and the page copes.
 */
export const agreementSchema = object(
  {
    key: text(20),
    title: text(100),
    updatedAt: text(20),
    effectiveAt: text(20),
    intro: anyText,
    sections: listOf(object({ heading: anyText, paragraphs: listOf(anyText) })),
  },
  ['updatedAt', 'effectiveAt', 'intro'],
)
export type Agreement = FromSchema<typeof agreementSchema>

/**
 * The kinds of record the site search finds, in the order the result page groups them. Each kind's
 * records are written to the index by the service that owns them (server/services/search-index.ts).
 */
export const SEARCH_KINDS = [
  '设计师',
  '作品',
  '资讯',
  '报价',
  '人才',
  '竞赛',
  '专题',
  '栏目',
  '协议',
] as const
export type SearchKind = (typeof SEARCH_KINDS)[number]

/** One row of GET /search: a column, a campaign page or an agreement that matched. */
export const searchHitSchema = object({ kind: text(20), title: anyText, url: text(300), snippet: anyText })
export type SearchHit = FromSchema<typeof searchHitSchema>

/** GET /search/groups: one kind's first matches and how many there are, for the grouped result page. */
export const searchGroupSchema = object({ kind: text(20), total: integer, rows: listOf(searchHitSchema) })
export type SearchGroup = FromSchema<typeof searchGroupSchema>
