/**
 * The response bodies of SPEC §7: business outcomes travel as HTTP 200 with the body code. A type
 * alias, not an interface, so it fits the reply type a route's schema gives (which has an index signature).
 */
export type Envelope<T = unknown> = {
  code: number
  msg: string
  data?: T
}

export interface TableEnvelope<T = unknown> {
  code: number
  msg: string
  rows: T[]
  total: number
}

import { CODE, TOKEN_INVALID_MSG } from '../../schemas/contract.ts'

export { CODE }

export const MSG = {
  ok: '操作成功',
  tokenInvalid: TOKEN_INVALID_MSG,
  notFound: '接口不存在',
  serverError: '服务器内部错误，请稍后再试',
  tooLarge: '请求内容过大',
  badRequest: '请求参数有误',
} as const

export function ok<T>(data?: T, msg: string = MSG.ok): Envelope<T> {
  return data === undefined ? { code: CODE.ok, msg } : { code: CODE.ok, msg, data }
}

export function table<T>(rows: T[], total: number): TableEnvelope<T> {
  return { code: CODE.ok, msg: MSG.ok, rows, total }
}

export function fail(code: number, msg: string): Envelope<never> {
  return { code, msg }
}

/** Thrown anywhere in a handler; the error handler turns it into an envelope with HTTP 200. */
export class BusinessError extends Error {
  readonly code: number
  constructor(code: number, msg: string) {
    super(msg)
    this.code = code
  }
}
