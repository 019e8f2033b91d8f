import type { Agreement, SearchGroup, SearchHit } from '../../schemas/api/content.ts'
import { getData, getTable } from './http.ts'

export type { Agreement, SearchGroup, SearchHit }

export const getAgreement = (key: string) =>
  getData<Agreement>(`/common/agreement/${encodeURIComponent(key)}`)

/** One kind's matches, paged (`kind` from the groups' answer). */
export const search = (keyword: string, kind: string | undefined, pageNum = 1, pageSize = 10) =>
  getTable<SearchHit>('/search', { params: { keyword, kind, pageNum, pageSize } })

/** Every kind's total and first matches, in the order the result page shows them. */
export const searchGroups = (keyword: string) =>
  getData<SearchGroup[]>('/search/groups', { params: { keyword } })
