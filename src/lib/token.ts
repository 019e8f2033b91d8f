import { TOKEN_COOKIE } from './constants.ts'
import { readCookie, writeCookie } from './cookies.ts'

/** The sign-in token lives in a cookie (SPEC §3) so that it survives reloads and new tabs. */
const MAX_AGE_S = 7 * 24 * 3600

export const getToken = (): string | undefined => readCookie(TOKEN_COOKIE)

export const setToken = (token: string): void => writeCookie(TOKEN_COOKIE, token, MAX_AGE_S)

export const removeToken = (): void => writeCookie(TOKEN_COOKIE, '', 0)
