/**
 * Where a redirect may send a visitor (`/redirect?url`, `return_url` after sign-in, the page after a
 * payment): a path on this site, judged as the browser will read it. Shared by the server, which
 * answers /redirect, and the SPA, which navigates after sign-in.
 *
 * A browser reads a Location or an href through the WHATWG URL parser: it drops TAB, CR and LF
 * anywhere, trims leading C0 controls and spaces, and takes `\` for `/` — so `/<TAB>/evil.example/`
 * is `//evil.example/`, another site. A check on the raw text misses that; here the target goes
 * through the same parser (the platform's URL, in Node and in the browser alike), and what comes
 * back is the parser's own serialisation, so what was judged is exactly what the browser follows.
 */

/** Any C0 control character or DEL: never part of a link anyone typed, always a trick. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (code < 0x20 || code === 0x7f) return true
  }
  return false
}

/** A host no request carries: the parser resolves against it, and anything else is another site. */
const PROBE_ORIGIN = 'http://site.invalid'

/**
 * Pages that act when they are opened — they sign someone in — so no redirect may send a visitor to
 * one: a crafted `return_url=/redirect?token=<someone else's code>` would otherwise finish a sign-in
 * into another account with this site as the referrer (login CSRF). Spelt as src/lib/paths.ts does.
 */
export const ACTING_PAGES = ['/redirect', '/authorizeWx'] as const
export type ActingPage = (typeof ACTING_PAGES)[number]

/** As the SPA's router compiles a route: the whole path, trailing slashes allowed, case ignored. */
const ACTING_PATTERNS = ACTING_PAGES.map((page) => [page, new RegExp(`^${page}/*$`, 'i')] as const)

/** Each segment percent-decoded as the router decodes it (an escaped `/` stays within its segment). */
function decodedAsRouter(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/')
  } catch {
    return pathname
  }
}

/**
 * `pathname`, and — when it starts with the staging prefix, in any case, as the router's basename
 * matches — the path the router routes once the prefix is taken off.
 */
function withAndWithoutPrefix(pathname: string, basePath: string): string[] {
  const root = `/${basePath.replace(/^\/+|\/+$/g, '')}`.replace(/^\/$/, '').toLowerCase()
  const lower = pathname.toLowerCase()
  return root && (lower === root || lower.startsWith(`${root}/`))
    ? [pathname, pathname.slice(root.length) || '/']
    : [pathname]
}

/**
 * The acting page `pathname` opens, judged as the SPA's router matches it (and as the server must,
 * since the server decides before the page loads): the staging prefix and the path without regard to
 * case, each segment percent-decoded, trailing slashes ignored — `/REDIRECT`, `/Redirect/`,
 * `/%52edirect` and `/TEST/redirect` all open the hand-off page (issue 33 item 1). Judged both with
 * and without `basePath`, since a target may carry the prefix or not. Undefined for any other page.
 */
export function actingPage(pathname: string, basePath = '/'): ActingPage | undefined {
  for (const candidate of withAndWithoutPrefix(pathname, basePath)) {
    const decoded = decodedAsRouter(candidate)
    for (const [page, pattern] of ACTING_PATTERNS) if (pattern.test(decoded)) return page
  }
  return undefined
}

export type RedirectTarget =
  /** A path on this site (pathname, query and fragment as the parser serialises them). */
  | { kind: 'path'; path: string }
  /** Empty, another site, another scheme, a page that acts, or not a URL: the caller's fallback. */
  | { kind: 'elsewhere' }
  /** Holds a control character: refused outright (HTTP 400 on the server). */
  | { kind: 'invalid' }

/**
 * `raw` judged as a redirect target. `basePath` is the staging prefix ('/test/'): a target may carry
 * it, and is judged both with it and without it, so `/test//evil.example/` — `//evil.example/` once
 * the prefix is taken off — is another site too.
 */
export function redirectTarget(raw: string | null | undefined, basePath = '/'): RedirectTarget {
  if (!raw) return { kind: 'elsewhere' }
  let value = raw
  // Links may carry the path URL-encoded once more than needed (%2Fmine%3Fchange%3DInfo).
  if (/^%2F/i.test(value)) {
    try {
      value = decodeURIComponent(value)
    } catch {
      return { kind: 'invalid' }
    }
  }
  if (hasControlCharacter(value)) return { kind: 'invalid' }
  // Only a path: a full URL, even of this site, is not what any of our links carries.
  if (!value.startsWith('/')) return { kind: 'elsewhere' }
  let url: URL
  try {
    url = new URL(value, `${PROBE_ORIGIN}/`)
  } catch {
    return { kind: 'elsewhere' }
  }
  if (url.origin !== PROBE_ORIGIN) return { kind: 'elsewhere' }
  for (const pathname of withAndWithoutPrefix(url.pathname, basePath)) {
    // `/.//evil.example` parses to the path `//evil.example`: fine inside this URL, but written alone
    // into a Location (or handed to a router) it is a link to another host.
    if (pathname.startsWith('//') || pathname.startsWith('/\\')) return { kind: 'elsewhere' }
  }
  if (actingPage(url.pathname, basePath)) return { kind: 'elsewhere' }
  return { kind: 'path', path: `${url.pathname}${url.search}${url.hash}` }
}

/** The site path to go to, or `fallback` for anything that is not one (control characters included). */
export function sitePathOr(raw: string | null | undefined, fallback: string, basePath = '/'): string {
  const target = redirectTarget(raw, basePath)
  return target.kind === 'path' ? target.path : fallback
}
