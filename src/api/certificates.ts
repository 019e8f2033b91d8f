import type { CertificationInfo } from '../../schemas/payment.ts'
import { getData, getTable } from './http.ts'

/** GET /certificate/info: the yearly fee and how many designers hold a valid certification. */
export interface CertificationOverview {
  approveMoney: string
  approveMoneyFen: number
  validYears: number
  certifiedCount: number
}
export const getCertificationOverview = () => getData<CertificationOverview>('/certificate/info')

/** Public verification by number or name; a forged number answers code 404 with its message. */
export const verifyCertificate = (keyword: string) =>
  getData<CertificationInfo[]>('/certificate/verify', { params: { keyword } })

/** One row of the directory of certified designers. */
export interface CertifiedDesigner {
  number: string
  username: string
  level: string
  validUntil: string
  cityNames: string[]
  professional: string
}
export const listCertified = (keyword: string, pageNum: number, pageSize: number) =>
  getTable<CertifiedDesigner>('/certification/list', {
    params: { keyword: keyword || undefined, pageNum, pageSize },
  })

/** A certificate's image and A4 PDF, public like the verification itself. */
export const certificateImageUrl = (number: string) => `/api/certificate/${encodeURIComponent(number)}/image`
export const certificatePdfUrl = (number: string) => `/api/certificate/${encodeURIComponent(number)}/pdf`
