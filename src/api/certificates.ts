import type {
  CertificationInfo,
  CertificationOverview,
  CertifiedDesigner,
} from '../../schemas/api/certificates.ts'
import { getData, getTable } from './http.ts'

export type { CertificationInfo, CertificationOverview, CertifiedDesigner }

/** GET /certificate/info: the yearly fee and how many designers hold a valid certification. */
export const getCertificationOverview = () => getData<CertificationOverview>('/certificate/info')

/** Public verification by number or name; a forged number answers code 404 with its message. */
export const verifyCertificate = (keyword: string) =>
  getData<CertificationInfo[]>('/certificate/verify', { params: { keyword } })

/** One page of the directory of certified designers. */
export const listCertified = (keyword: string, pageNum: number, pageSize: number) =>
  getTable<CertifiedDesigner>('/certification/list', {
    params: { keyword: keyword || undefined, pageNum, pageSize },
  })

/** A certificate's image and A4 PDF, public like the verification itself. */
export const certificateImageUrl = (number: string) => `/api/certificate/${encodeURIComponent(number)}/image`
export const certificatePdfUrl = (number: string) => `/api/certificate/${encodeURIComponent(number)}/pdf`
