import type { CertificateSettings } from '../../../definitions/competition/certificate.ts'

/**
 * What a certificate may print of a name or title someone typed (issue 32 item 7, README "Competition
 * certificates"): the text itself, literally — a value that looks like a formula or HTML is printed
 * as those characters, never interpreted — but without what a reader cannot see: control characters,
 * bidirectional marks and overrides (U+202E turns the rest of a line around), zero-width and other
 * format characters. Line breaks and tabs become one space; the length is bounded, so a long value
 * ends in “…” and the page keeps its layout. Applied when a certificate is issued and again when one
 * is shown, so numbers issued before the rule print the same way.
 */

/** Controls (Cc), format characters (Cf: bidi marks, isolates, zero-width, BOM…), line/paragraph separators. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu
const SPACES = /[\s\p{Zs}]+/gu

/** One line of text at most `max` characters (code points), “…” marking a cut. */
export function printable(value: unknown, max: number): string {
  if (typeof value !== 'string') return ''
  const text = value
    .normalize('NFC')
    .replace(/[\t\n\r\v\f\u2028\u2029]/g, ' ')
    .replace(UNPRINTABLE, '')
    .replace(SPACES, ' ')
    .trim()
  const chars = [...text]
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}

/** The printable, non-empty, distinct items of a list, at most `count` of them. */
export function printableList(values: readonly unknown[], max: number, count: number): string[] {
  const out: string[] = []
  for (const value of values) {
    const text = printable(value, max)
    if (text && !out.includes(text)) out.push(text)
  }
  return out.slice(0, count)
}

/** The bounds a certificate prints within (what the forms allow, with room to spare). */
export const PRINT_LIMITS = {
  /** A verified real name (the realname form allows 30). */
  name: 30,
  /** A co-author's or adviser's name (the forms allow 30). */
  person: 30,
  coAuthors: 12,
  advisers: 6,
  /** A work's title (the form allows 50). */
  work: 50,
  works: 6,
  award: 40,
  competition: 60,
  issuer: 40,
  /** The body with its merge fields filled (a template is at most 200 characters). */
  body: 300,
  /** One row of the facts under the body, as the PDF prints it. */
  row: 120,
} as const

/**
 * What a certificate prints, every value made printable (certificate-text.ts): what was stored is
 * printed, so a number issued before the rule (with a typed name holding control or bidi characters,
 * say) still verifies and prints as text.
 */
export function printedFields(f: CertificateFields): CertificateFields {
  const L = PRINT_LIMITS
  return {
    ...f,
    entrant: printable(f.entrant, L.name * 2),
    coAuthors: printableList(f.coAuthors ?? [], L.person, L.coAuthors),
    advisers: printableList(f.advisers ?? [], L.person, L.advisers),
    works: printableList(f.works ?? [], L.work, L.works),
    award: f.award === null ? null : printable(f.award, L.award),
    competition: printable(f.competition, L.competition),
    issuer: printable(f.issuer, L.issuer),
    body: printable(f.body, L.body),
  }
}

/** What an issued certificate says: the merge values and the lists behind them. */
export interface CertificateFields {
  entrant: string
  coAuthors: string[]
  advisers: string[]
  works: string[]
  award: string | null
  competition: string
  year: number
  template: CertificateSettings['template']
  issuer: string
  /** The body with every merge field filled. */
  body: string
}
