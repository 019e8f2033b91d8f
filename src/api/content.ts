import type { Agreement, SearchHit } from '../../schemas/api/content.ts'
import { getData, getTable } from './http.ts'

export type { Agreement, SearchHit }

export const getAgreement = (key: string) =>
  getData<Agreement>(`/common/agreement/${encodeURIComponent(key)}`)

export const search = (keyword: string, pageNum = 1, pageSize = 10) =>
  getTable<SearchHit>('/search', { params: { keyword, pageNum, pageSize } })
