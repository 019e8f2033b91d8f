import { getData, getTable } from './http.ts'

export interface Agreement {
  key: string
  title: string
  updatedAt: string
  effectiveAt: string
  intro: string
  sections: Array<{ heading: string; paragraphs: string[] }>
}

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
