import type {
  DocumentInfo,
  HistoryVideo,
  NewsBlock,
  NewsCard,
  NewsDetail,
  QuestionnaireSummary,
  Quotation,
  SignedLink,
  SiteVerification,
} from '../../schemas/api/articles.ts'
import { getData, getTable, postData } from './http.ts'

export type {
  DocumentInfo,
  HistoryVideo,
  NewsBlock,
  NewsCard,
  NewsDetail,
  QuestionnaireSummary,
  Quotation,
  SignedLink,
  SiteVerification,
}

// News, quotations (SPEC §7 Content), video history, documents and the miscellaneous pages.

export const listNews = (type: string, pageNum: number, pageSize: number) =>
  getTable<NewsCard>('/news/list', { params: { type: type || undefined, pageNum, pageSize } })
export const getNews = (id: number) => getData<NewsDetail>('/news/getInfo', { params: { id } })

/** SPEC §7: GET /sysDesignQuotation with pageSize, pageNum and type, read as rows and total. */
export const listQuotations = (params: { pageSize: number; pageNum: number; type: string }) =>
  getTable<Quotation>('/sysDesignQuotation', { params })
export const getQuotation = (id: number) =>
  getData<Quotation>('/sysDesignQuotation/getInfo', { params: { id } })

export const listVideos = (pageNum: number, pageSize: number) =>
  getTable<HistoryVideo>('/historyVideo/list', { params: { pageNum, pageSize } })
export const getVideo = (id: number) => getData<HistoryVideo>('/historyVideo/getInfo', { params: { id } })
export const getShowcaseVideo = () => getData<HistoryVideo>('/historyVideo/showcase')

export const getDocument = (id: string) => getData<DocumentInfo>(`/others/document/${encodeURIComponent(id)}`)
/** The file itself: an address for an <a download>, with the sign-in cookie for members-only files. */
export const documentFileUrl = (id: number) => `/api/others/downloadword/${id}`
export const createSignedLink = (id: number) => postData<SignedLink>(`/others/downloadLink/${id}`)
export const getSignedDocument = (token: string, id: string) =>
  getData<DocumentInfo>(`/others/signedDocument/${encodeURIComponent(token)}/${encodeURIComponent(id)}`)
export const signedFileUrl = (token: string, id: number) =>
  `/api/others/download/${encodeURIComponent(token)}/${id}`

export const getQuestionnaireSummary = () => getData<QuestionnaireSummary>('/questionnaire/summary')
export const questionnairePdfUrl = '/api/questionnaire/export'

export const getSiteVerification = () => getData<SiteVerification>('/site/verify-bd')
