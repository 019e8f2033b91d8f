/**
 * Redirect targets that try to leave the site, generated rather than listed: every way a browser's URL
 * parser turns a path into another host (TAB, CR, LF dropped anywhere; `\` read as `/`; dot segments;
 * leading spaces and controls trimmed), combined, raw and percent-encoded once more, plus the other
 * C0 controls and DEL. `host` is where an escape would land (a server the test watches).
 */
export interface RedirectVariant {
  /** The value of the `url` parameter, before it is put into the query. */
  value: string
  /** True when the value holds a control character: the server must refuse it (HTTP 400). */
  control: boolean
}

const DROPPED = ['\t', '\n', '\r']
const SLASHES = ['/', '\\']

export function redirectVariants(host: string): RedirectVariant[] {
  const values = new Set<string>()
  // Two separators with an optional dropped character between, before and after.
  for (const a of SLASHES)
    for (const b of SLASHES)
      for (const gap of ['', ...DROPPED]) {
        values.add(`${a}${gap}${b}${host}/`)
        values.add(`${gap}${a}${b}${host}/`)
        values.add(`${a}${b}${gap}${host}/`)
      }
  // The forms the review reported, and repeats of them.
  values.add(`/\t/\t/${host}/`)
  values.add(`/\t/\t/\t/${host}/x`)
  values.add(`/\r\n/${host}/`)
  // Dot segments that leave `//host` as the path.
  for (const dot of ['.', '%2e', '%2E', '..', '.%2e'])
    for (const sep of SLASHES) values.add(`/${dot}${sep}/${host}/`)
  // Absolute and scheme-relative forms, with case and spacing tricks.
  for (const scheme of ['http:', 'https:', 'HTTP:', 'http:/', 'http:\\\\', 'javascript:', 'data:'])
    values.add(`${scheme}//${host}/`)
  values.add(`//${host}/`)
  values.add(`///${host}/`)
  values.add(` //${host}/`)
  values.add(`  /\\${host}/`)
  // Other C0 controls and DEL, which the browser keeps but a Location header cannot carry.
  for (const code of [0x01, 0x08, 0x0b, 0x0c, 0x0e, 0x1f, 0x7f]) {
    const c = String.fromCharCode(code)
    values.add(`/${c}/${host}/`)
    values.add(`${c}//${host}/`)
  }
  // Encoded once more than needed (the SPA's own links may carry %2F…).
  for (const v of [...values]) if (v.startsWith('/')) values.add(encodeURIComponent(v))
  return [...values].map((value) => ({ value, control: hasControl(value) }))
}

function hasControl(value: string): boolean {
  let decoded = value
  if (/^%2F/i.test(value)) {
    try {
      decoded = decodeURIComponent(value)
    } catch {
      return false
    }
  }
  return [...decoded].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)
}

/** Targets that stay on the site and must arrive as written (the normaliser must not break them). */
export const SAFE_TARGETS: ReadonlyArray<[input: string, arrives: string]> = [
  ['/mine?change=Info', '/mine?change=Info'],
  ['%2Fmine%3Fchange%3DInfo', '/mine?change=Info'],
  ['/agreement/user#top', '/agreement/user#top'],
  ['/search/index?keyword=%E8%AE%BE%E8%AE%A1', '/search/index?keyword=%E8%AE%BE%E8%AE%A1'],
  ['/search/index?keyword=设计', '/search/index?keyword=%E8%AE%BE%E8%AE%A1'],
  ['/a/../agreement/user', '/agreement/user'],
]

/**
 * Every spelling under which the SPA's router opens a page that acts when opened (/redirect signs in
 * with a hand-off code, /authorizeWx finishes a WeChat sign-in): the router matches paths and the
 * staging prefix without regard to case, decodes percent-escapes and ignores trailing slashes, so
 * `/REDIRECT`, `/Redirect/` and `/%52edirect` are all the hand-off page (issue 33 item 1). `page` is
 * one acting path as the paths table spells it; `prefix` a staging prefix to put in front ('/test').
 */
export function actingPathSpellings(page: string, prefix = ''): string[] {
  const name = page.replace(/^\//, '')
  const alternating = [...name].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('')
  const names = new Set([
    name,
    name.toLowerCase(),
    name.toUpperCase(),
    `${name[0]?.toUpperCase()}${name.slice(1)}`,
    alternating,
  ])
  const spellings = new Set<string>()
  const prefixes = prefix ? [prefix, prefix.toUpperCase()] : ['']
  for (const lead of prefixes)
    for (const spelt of names) {
      spellings.add(`${lead}/${spelt}`)
      spellings.add(`${lead}/${spelt}/`)
      spellings.add(`${lead}/x/../${spelt}`)
      // The first letter percent-encoded, in either case of hex digit: the router decodes it.
      const code = spelt.charCodeAt(0).toString(16)
      spellings.add(`${lead}/%${code}${spelt.slice(1)}`)
      spellings.add(`${lead}/%${code.toUpperCase()}${spelt.slice(1)}`)
    }
  return [...spellings]
}
