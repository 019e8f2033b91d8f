/**
 * The API contract both sides share (SPEC §7, §8, §9). The SPA and the server import these, so a
 * code or message is written once.
 */
export const API_BASE = '/api'

/** Body codes: 200 (and 301) are success; everything else is an error carrying msg. */
export const CODE = {
  ok: 200,
  moved: 301,
  badRequest: 400,
  unauthorized: 403,
  notFound: 404,
  /** A row that already exists (a unique key refused it): answered with HTTP 200 like any business outcome. */
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  serverError: 500,
} as const

export const TOKEN_INVALID_MSG = '令牌无效或已过期，请重新登录'
export const TOKEN_COOKIE = 'kb_member_token'
/**
 * The sign-in page, a site path: the SPA's paths table names it, and the server sends a visitor
 * with a live session from it to the home page before rendering (SPEC §4 Login).
 */
export const LOGIN_PAGE = '/login'

/** Login sources of §6/§9. */
export const LOGIN_SOURCE = { wechat: 1, account: 2 } as const
