import { sitePathOr } from '../../schemas/redirect-target.ts'
import { routerBasename, toSitePath } from './paths.ts'

/**
 * Accepts only same-site paths for post-login redirects (return_url, the WeChat sign-in's return), judged
 * as the browser reads them (schemas/redirect-target.ts: TAB, CR, LF, `\`, dot segments, the staging
 * prefix and pages that sign someone in included), so a crafted link cannot send a freshly signed-in
 * user to another site or into another account.
 */
export function safeRedirectPath(raw: string | null | undefined, fallback = '/'): string {
  // The router prefixes what it is given: an address that already carries the staging prefix
  // (/test/agreement/user) must not become /test/test/….
  return toSitePath(sitePathOr(raw, fallback, routerBasename))
}

export const isExternalUrl = (url: string): boolean => /^https?:\/\//i.test(url)
