import { readCookie, writeCookie } from '../../lib/cookies.ts'

/** SPEC §9: whether the personal area's sidebar is collapsed is kept in a cookie. */
const SIDEBAR_COOKIE = 'kb_mine_sidebar'
const ONE_YEAR_S = 365 * 24 * 3600

export const readSidebarCollapsed = (): boolean => readCookie(SIDEBAR_COOKIE) === 'collapsed'

export const writeSidebarCollapsed = (collapsed: boolean): void =>
  writeCookie(SIDEBAR_COOKIE, collapsed ? 'collapsed' : 'expanded', ONE_YEAR_S)
