import { toSitePath } from './paths.ts'

/**
 * Accepts only same-site paths for post-login redirects (return_url, /redirect?url), so a crafted
 * link cannot send a freshly signed-in user to another site.
 */
export function safeRedirectPath(raw: string | null | undefined, fallback = '/'): string {
  if (!raw) return fallback
  let value = raw.trim()
  try {
    // Links may carry the path URL-encoded once more than needed.
    if (/^%2F/i.test(value)) value = decodeURIComponent(value)
  } catch {
    return fallback
  }
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback
  // The router prefixes what it is given: an address that already carries the staging prefix
  // (/test/agreement/user) must not become /test/test/….
  return toSitePath(value)
}

export const isExternalUrl = (url: string): boolean => /^https?:\/\//i.test(url)
