import { API_FAMILIES, COMPETITION_API } from '../../definitions/competition/families.ts'
import type { CompetitionView } from '../../definitions/competition/view.ts'
import type { DictItem } from '../../schemas/api/common.ts'
import type {
  CertificatePost,
  CertificatePostPayment,
  CertificateVerification,
  CompetitionCard,
  CompetitionCertificate,
  CompetitionDraft,
  CompetitionEntry,
  CompetitionFormData,
  CompetitionPrice,
  CompetitionRanges,
  CompetitionWork,
  EntryFile,
  MyCompetition,
  RangeItem,
  ReceiptVerification,
} from '../../schemas/api/competition.ts'
import { competitionDefinitionPath } from '../../schemas/api/competition.ts'
import type { ApproveResult } from '../../schemas/api/payment.ts'
import { type CompetitionResults, competitionResultsPath } from '../../schemas/api/results.ts'
import type { PayMethod } from '../../schemas/payment.ts'
import { CODE } from '../lib/constants.ts'
import { ApiError, getData, getTable, http, postData } from './http.ts'

/** A competition as the engine renders it; the server answers code 404 for an unknown slug. */
/** Every active competition's card, live ones first (public). */
export const listCompetitions = () => getData<CompetitionCard[]>(COMPETITION_API.list)

export const getCompetition = (slug: string) =>
  getData<CompetitionView>(competitionDefinitionPath(slug), { skipAuthRedirect: true })

/** A competition's published winners (public); the server answers code 404 before publication. */
export const getCompetitionResults = (slug: string) =>
  getData<CompetitionResults>(competitionResultsPath(slug), { skipAuthRedirect: true })

/** The competitions the signed-in user entered, newest registration first (我的赛事). */
export const listMyCompetitions = () => getData<MyCompetition[]>(COMPETITION_API.myCompetitions)

/** The certificate of a finalised entry once results are out (竞赛证书), issued on first request. */
export const getCompetitionCertificate = (competitionId: number) =>
  getData<CompetitionCertificate>(COMPETITION_API.userCertificate, { params: { competitionId } })

/** The certificate's A4 PDF as a download link (the session cookie names the owner). */
export const certificatePdfUrl = (competitionId: number) =>
  `/api${COMPETITION_API.userCertificatePdf}?competitionId=${competitionId}`

/**
 * Asks for the paper certificate to be posted to one of the user's addresses; with a method, pays the
 * postage at once (the payment service's balance, QR or online cashier).
 */
export const postCertificate = (competitionId: number, addressId: number, method?: PayMethod) =>
  postData<CertificatePostPayment>(COMPETITION_API.postCertificate, { competitionId, addressId, method })

/** Asks for free posting (only where the competition posts free). */
export const postCertificateFree = (competitionId: number, addressId: number) =>
  getData<CertificatePost[]>(COMPETITION_API.postCertificateNoPay, { params: { competitionId, addressId } })

/** The user's posting requests of one competition (empty: none yet). */
export const listCertificatePosts = (competitionId: number) =>
  getData<CertificatePost[]>(COMPETITION_API.postCertificateNoPay, { params: { competitionId } })

/** Public check of a certificate number: null when none has it (an answer to show, not an error). */
export async function verifyCompetitionCertificate(number: string): Promise<CertificateVerification | null> {
  try {
    return await getData<CertificateVerification>(COMPETITION_API.certificateVerify, {
      params: { number },
      logOnlyCodes: [CODE.notFound],
    })
  } catch (error) {
    if (error instanceof ApiError && error.code === CODE.notFound) return null
    throw error
  }
}

/** The receipt PDF as a download link (the session cookie names the owner). */
export const receiptPdfUrl = (competitionId: number) =>
  `/api${COMPETITION_API.receiptPdf}?competitionId=${competitionId}`

/** Public check of a receipt number: null when no receipt has it (an answer to show, not an error). */
export async function verifyReceipt(number: string): Promise<ReceiptVerification | null> {
  try {
    return await getData<ReceiptVerification>(COMPETITION_API.receiptVerify, {
      params: { number },
      logOnlyCodes: [CODE.notFound],
    })
  } catch (error) {
    if (error instanceof ApiError && error.code === CODE.notFound) return null
    throw error
  }
}

/** The raw envelope, for the store's loads that also judge the data (SPEC §8). */
export async function getEnvelope<T>(url: string, params?: Record<string, unknown>) {
  return (await http.get<{ code: number; msg: string; data: T }>(url, { params })).data
}

/**
 * The calls one competition makes (SPEC §7 "Competition"): the paths of its API family
 * (definitions/competition/families.ts) and the shared ones, so no screen names a path.
 */
export function competitionApi(competition: Pick<CompetitionView, 'api' | 'competitionId'>) {
  const family = API_FAMILIES[competition.api]
  const competitionId = competition.competitionId
  return {
    entry: () => getEnvelope<CompetitionEntry>(family.registration.get, { competitionId }),
    saveEntry: (form: Record<string, unknown>) =>
      postData<CompetitionEntry>(family.registration.save, { ...form, competitionId }),
    works: () => getTable<CompetitionWork>(family.works.list, { params: { tbCompetitionId: competitionId } }),
    work: (id: number) => getData<CompetitionWork>(COMPETITION_API.work, { params: { id } }),
    /** Creates a work (no id) or updates its base info. */
    saveWorkBase: (form: Record<string, unknown>, id?: number) =>
      postData<CompetitionWork>(family.works.add, {
        ...form,
        step: 'base',
        competitionId,
        ...(id ? { id } : {}),
      }),
    saveWorkInfo: (id: number, form: Record<string, unknown>) =>
      postData<CompetitionWork>(family.works.saveInfo, { ...form, step: 'info', id }),
    deleteWork: (id: number) => getData<null>(family.works.delete, { params: { id } }),
    adviser: (id: number) => getData<CompetitionFormData | null>(COMPETITION_API.adviser, { params: { id } }),
    saveAdviser: (id: number, form: Record<string, unknown>) =>
      postData<CompetitionWork>(COMPETITION_API.saveAdviser, { ...form, id }),
    savePropertyRight: (id: number, form: { propertyRight: EntryFile[]; original?: boolean }) =>
      postData<CompetitionWork>(COMPETITION_API.propertyRight, { ...form, id }),
    saveDisplayBoard: (id: number, form: { displayBoard: EntryFile[] }) =>
      postData<CompetitionWork>(COMPETITION_API.displayBoard, { ...form, id }),
    finalise: () => postData<CompetitionEntry>(family.auth, { competitionId }),
    price: () => getData<CompetitionPrice>(COMPETITION_API.authPrice, { params: { competitionId } }),
    pay: (method: PayMethod) =>
      postData<ApproveResult>(`${COMPETITION_API.pay}/${method}`, { competitionId }),
    ranges: () => getEnvelope<CompetitionRanges>(`${COMPETITION_API.rangesById}/${competitionId}`),
    companyTypes: () => getEnvelope<DictItem[]>(COMPETITION_API.companyTypes, { competitionId }),
    qtTypes: () => getData<DictItem[]>(COMPETITION_API.qtTypes),
    draft: (formKey: string, workId?: number) =>
      getData<CompetitionDraft | null>(COMPETITION_API.draft, {
        params: { competitionId, formKey, ...(workId ? { workId } : {}) },
      }),
    saveDraft: (formKey: string, data: Record<string, unknown>, workId?: number) =>
      postData<CompetitionDraft>(COMPETITION_API.draft, {
        competitionId,
        formKey,
        data,
        ...(workId ? { workId } : {}),
      }),
  }
}

export type CompetitionApi = ReturnType<typeof competitionApi>
export type { RangeItem }
