import type { Agreement } from '../../schemas/content.ts'
import { getData, getTable } from './http.ts'

export type { Agreement }

export interface SearchHit {
  kind: string
  title: string
  url: string
  snippet: string
}

export const getAgreement = (key: string) =>
  getData<Agreement>(`/common/agreement/${encodeURIComponent(key)}`)

export const search = (keyword: string, pageNum = 1, pageSize = 10) =>
  getTable<SearchHit>('/search', { params: { keyword, pageNum, pageSize } })
