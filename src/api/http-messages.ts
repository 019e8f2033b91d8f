import type { AxiosError } from 'axios'
import { CODE } from '../lib/constants.ts'

/**
 * What the visitor reads when an answer carries no envelope: a proxy's bare status page, a dead
 * network, a timeout. Axios's own messages ("Network Error", "Request failed with status code 502")
 * are English and mean nothing to a visitor, so they never reach the screen. The status stays in the
 * message so a visitor's screenshot still tells an operator what happened.
 */
export const TRANSPORT_MSG = {
  network: '网络连接失败，请检查网络',
  timeout: '请求超时，请稍后重试',
  canceled: '请求已取消',
  /** A bare 403 (a proxy or firewall refusing): read as code 403, so the visitor signs in again. */
  forbidden: '没有访问权限，请重新登录',
} as const

function statusMessage(status: number): string {
  if (status === 404) return `请求的资源不存在（${status}）`
  if (status === 408) return TRANSPORT_MSG.timeout
  if (status === 413) return `提交的内容过大，请缩小后重试（${status}）`
  if (status === 429) return `请求过于频繁，请稍后再试（${status}）`
  if (status === 502 || status === 503 || status === 504) return `服务暂时不可用，请稍后重试（${status}）`
  if (status >= 500) return `服务器出错，请稍后重试（${status}）`
  return `请求失败，请稍后重试（${status}）`
}

/** The code and Chinese message of a failure that has no envelope to read. */
export function describeFailure(error: AxiosError): { code: number | undefined; message: string } {
  const status = error.response?.status
  if (status === CODE.unauthorized) return { code: CODE.unauthorized, message: TRANSPORT_MSG.forbidden }
  if (status) return { code: status, message: statusMessage(status) }
  if (error.code === 'ERR_CANCELED') return { code: undefined, message: TRANSPORT_MSG.canceled }
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
    return { code: undefined, message: TRANSPORT_MSG.timeout }
  }
  return { code: undefined, message: TRANSPORT_MSG.network }
}
