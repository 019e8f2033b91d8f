import { listQuotations, type Quotation } from '../../api/articles.ts'
import { type DictItem, getDict } from '../../api/common.ts'
import { QUOTATION_PAGE } from '../../lib/constants.ts'
import { paths } from '../../lib/paths.ts'

/**
 * The quotation list's state, exactly SPEC §3 "Quotation list": the rows shown, the chosen type ('' =
 * all), the categories (sys_design_quotation_type), the total, the page size (10) and the page (from 1).
 */
export interface QuotationListState {
  list: Quotation[]
  type: string
  categories: DictItem[]
  listCount: number
  pageSize: number
  page: number
}

/** Loads one page: GET /sysDesignQuotation with pageSize, pageNum and type, read as rows and total (§7). */
export async function loadQuotationList(type: string, page: number): Promise<QuotationListState> {
  const pageSize = QUOTATION_PAGE.size
  const [categories, { rows, total }] = await Promise.all([
    getDict('sys_design_quotation_type'),
    listQuotations({ pageSize, pageNum: page, type }),
  ])
  return { list: rows, type, categories, listCount: total, pageSize, page }
}

/**
 * The address of a state. Choosing a type leaves the page out, so it resets to the first page and the
 * route's loader reloads (SPEC §4 "choosing a type resets to page 1 and reloads").
 */
export function quotationListPath(type: string, page: number = QUOTATION_PAGE.first): string {
  const q = new URLSearchParams()
  if (type) q.set('type', type)
  if (page !== QUOTATION_PAGE.first) q.set('page', String(page))
  const s = q.toString()
  return s ? `${paths.quotation.path}?${s}` : paths.quotation.path
}

/** Reads the state's type and page from the address, bounded. */
export function readQuotationQuery(search: URLSearchParams): { type: string; page: number } {
  const rawType = search.get('type') ?? ''
  const page = Math.floor(Number(search.get('page')))
  return {
    type: /^[0-9]{1,8}$/.test(rawType) ? rawType : '',
    page: page >= QUOTATION_PAGE.first && page <= 100_000 ? page : QUOTATION_PAGE.first,
  }
}

const yuan = (fen: number) => Math.round(fen / 100).toLocaleString('en-US')

/** ¥18,000 – ¥45,000 / 款 */
export const priceRange = (q: Pick<Quotation, 'priceMinFen' | 'priceMaxFen' | 'unit'>) =>
  `¥${yuan(q.priceMinFen)} – ¥${yuan(q.priceMaxFen)} / ${q.unit}`
