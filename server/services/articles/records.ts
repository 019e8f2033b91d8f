import type { Selectable } from 'kysely'
import type {
  DocumentInfo,
  HistoryVideo,
  NewsBlock,
  NewsCard,
  Quotation,
} from '../../../schemas/api/articles.ts'
import type {
  DesignQuotationTable,
  DocumentTable,
  HistoryVideoTable,
  NewsArticleTable,
} from '../../db/schema.ts'
import type { SearchDoc } from '../search-index.ts'

/** Looks up a dictionary label (design_info_type, sys_design_quotation_type); the code itself when unknown. */
export type LabelOf = (dictionary: string, code: string) => string | undefined

/** Site paths of the pages these records are shown on (kept in step with src/lib/paths.ts by the e2e). */
export const newsPath = (id: number) => `/news/detail?id=${id}`
export const quotationPath = (id: number) => `/quotation/detail/${id}`
export const videoPath = (id: number) => `/historyVideo/detail?id=${id}`

/** Body text stored as JSON blocks; a malformed value reads as no body rather than failing the page. */
export function parseBody(json: string): NewsBlock[] {
  try {
    const value = JSON.parse(json) as unknown
    if (!Array.isArray(value)) return []
    return value.filter(
      (b): b is NewsBlock =>
        typeof b === 'object' &&
        b !== null &&
        (b.kind === 'heading' || b.kind === 'paragraph') &&
        typeof b.text === 'string',
    )
  } catch {
    return []
  }
}

/** Seed paragraphs to blocks: a line starting with '## ' is a heading. */
export const toBlocks = (lines: readonly string[]): NewsBlock[] =>
  lines.map((line) =>
    line.startsWith('## ') ? { kind: 'heading', text: line.slice(3) } : { kind: 'paragraph', text: line },
  )

export function newsCard(row: Selectable<NewsArticleTable>, label: LabelOf): NewsCard {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    typeLabel: label('design_info_type', row.type) ?? row.type,
    cover: row.cover,
    summary: row.summary,
    author: row.author,
    source: row.source,
    publishedAt: row.published_at,
    views: row.views,
    featured: row.featured === 1,
  }
}

function parseList(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
  } catch {
    return []
  }
}

export function quotation(row: Selectable<DesignQuotationTable>, label: LabelOf): Quotation {
  return {
    id: row.id,
    title: row.title,
    type: row.type,
    typeLabel: label('sys_design_quotation_type', row.type) ?? row.type,
    priceMinFen: row.price_min_fen,
    priceMaxFen: row.price_max_fen,
    unit: row.unit,
    description: row.description,
    scope: parseList(row.scope),
    cycle: row.cycle,
    provider: row.provider,
    updatedAt: row.updated_at,
  }
}

export function historyVideo(row: Selectable<HistoryVideoTable>): HistoryVideo {
  return {
    id: row.id,
    title: row.title,
    cover: row.cover,
    videoUrl: row.video_url,
    durationSeconds: row.duration_seconds,
    event: row.event,
    year: row.year,
    description: row.description,
    publishedAt: row.published_at,
    showcase: row.showcase === 1,
  }
}

export function documentInfo(row: Selectable<DocumentTable>): DocumentInfo {
  return {
    id: row.id,
    title: row.title,
    fileName: row.file_name,
    extension: row.file.split('.').pop() ?? '',
    size: row.size,
    description: row.description,
    membersOnly: row.members_only === 1,
    publishedAt: row.published_at,
  }
}

const yuan = (fen: number) => (fen / 100).toLocaleString('zh-CN', { maximumFractionDigits: 0 })

/** The price range as the pages print it: ¥18,000 – ¥45,000 / 款. */
export const priceText = (q: Pick<Quotation, 'priceMinFen' | 'priceMaxFen' | 'unit'>) =>
  `¥${yuan(q.priceMinFen)} – ¥${yuan(q.priceMaxFen)} / ${q.unit}`

/** Search index entries: news and quotations under their kinds, videos under 资讯 (refId video-N). */
export const newsSearchDoc = (n: NewsCard, body: NewsBlock[]): SearchDoc => ({
  kind: '资讯',
  refId: n.id,
  title: n.title,
  snippet: n.summary.slice(0, 80),
  url: newsPath(n.id),
  body: [n.typeLabel, n.author, n.summary, ...body.map((b) => b.text)].join(' '),
  rank: n.featured ? 1 : 0,
})

export const quotationSearchDoc = (q: Quotation): SearchDoc => ({
  kind: '报价',
  refId: q.id,
  title: q.title,
  snippet: `${q.typeLabel} · ${priceText(q)} · ${q.provider}`,
  url: quotationPath(q.id),
  body: [q.typeLabel, q.provider, q.description, ...q.scope].join(' '),
})

export const videoSearchDoc = (v: HistoryVideo): SearchDoc => ({
  kind: '资讯',
  refId: `video-${v.id}`,
  title: `视频：${v.title}`,
  snippet: `${v.event} · ${v.year} 年 · ${v.description.slice(0, 60)}`,
  url: videoPath(v.id),
  body: [v.event, v.description].join(' '),
})
