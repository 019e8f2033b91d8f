import type {
  ApproveResult,
  BillRow,
  CertificateInfo,
  OrderRow,
  UserMoney,
} from '../../schemas/api/payment.ts'
import type { PayMethod, PayStatus } from '../../schemas/payment.ts'
import { getData, getTable, postData } from './http.ts'

/**
 * SPEC §7 Payment. The payment page's loads skip the 403 → /login rule because the page sends every
 * failed load to /login itself, with a return address (SPEC §6, §8).
 */
export const getCertificate = () => getData<CertificateInfo>('/my/getCertificate', { skipAuthRedirect: true })
export const getUserMoney = () => getData<UserMoney>('/my/getUserMoney', { skipAuthRedirect: true })

export const approve = (method: PayMethod, source?: string) =>
  postData<ApproveResult>(`/my/approve/${method}`, source ? { source } : {})

export const getPayStatus = (orderNumber: string, signal?: AbortSignal) =>
  getData<PayStatus>('/my/getPayStatus', { params: { orderNumber }, signal })

export const getOrders = (pageNum: number, pageSize: number) =>
  getTable<OrderRow>('/my/orders', { params: { pageNum, pageSize } })

export const getBills = (kind: BillRow['kind'], pageNum: number, pageSize: number) =>
  getTable<BillRow>('/my/bills', { params: { kind, pageNum, pageSize } })
