import { sql } from 'kysely'
import type { SearchKind } from '../../schemas/api/content.ts'

export { SEARCH_KINDS, type SearchKind } from '../../schemas/api/content.ts'

import type { Db } from '../db/connect.ts'

/**
 * The site-wide search index. Every searchable record — a designer, a work, a news article, a
 * quotation, a talent, a competition, a campaign page — is one row of `search_docs`, written by the
 * service that owns the record through `indexSearchDocs` when it changes (and by the seed), and
 * removed with `removeSearchDoc`. GET /search reads only this table.
 *
 * Chinese has no spaces, so a word tokenizer sees a whole sentence as one token. Instead the text is
 * cut here into overlapping character pairs (bigrams) plus single characters, and latin words and
 * numbers are kept whole: "陈思远 Studio" → "陈思 思远 … 陈 思 远 studio". A query is cut the same way
 * and its bigrams must appear consecutively (a phrase), which is substring matching for any query of
 * two or more characters. SQLite reads the tokens through FTS5 (unicode61), PostgreSQL through a GIN
 * index on to_tsvector('simple', tokens): the same tokens and the same answers on both, indexed.
 */

export interface SearchDoc {
  /** Kind as shown to the visitor, one of SEARCH_KINDS. */
  kind: SearchKind
  /** The record's id within its kind. */
  refId: string | number
  title: string
  /** A line shown under the title in results. */
  snippet: string
  /** Site path the result links to (without the base path). */
  url: string
  /** Further text that should find the record but is not shown (tags, city, body text…). */
  body?: string
  /** Higher first within a kind (e.g. featured, newer). */
  rank?: number
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u
const RUNS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+|[\p{L}\p{N}]+/gu
/** Body text beyond this many characters adds little to finding a record and only grows the index. */
const MAX_INDEXED_CHARS = 20_000

function bigrams(run: string): string[] {
  const chars = [...run]
  if (chars.length === 1) return chars
  return chars.slice(1).map((c, i) => chars[i] + c)
}

/** The tokens stored for a text: bigrams in order (phrase queries need their positions), then single characters. */
export function documentTokens(text: string): string {
  const ordered: string[] = []
  const singles = new Set<string>()
  for (const run of text.slice(0, MAX_INDEXED_CHARS).toLowerCase().match(RUNS) ?? []) {
    if (CJK.test(run)) {
      ordered.push(...bigrams(run))
      for (const c of run) singles.add(c)
    } else ordered.push(run)
  }
  return [...ordered, ...singles].join(' ')
}

/** A query's parts: each CJK run as its bigram phrase (one character alone), each latin word as a prefix. */
export function queryParts(keyword: string): Array<{ phrase: string[]; prefix: boolean }> {
  return (keyword.toLowerCase().match(RUNS) ?? [])
    .slice(0, 8)
    .map((run) => (CJK.test(run) ? { phrase: bigrams(run), prefix: false } : { phrase: [run], prefix: true }))
}

/**
 * Adds or replaces records in the index (by kind and refId), in one statement per 500 — only those
 * that are new or differ from what the index holds: a restart that re-indexes everything the seed and
 * the definitions hold writes nothing when nothing changed (a full disk cannot stop a start).
 */
export async function indexSearchDocs(db: Db, docs: readonly SearchDoc[]): Promise<void> {
  for (let i = 0; i < docs.length; i += 500) {
    const rows = docs.slice(i, i + 500).map((d) => ({
      kind: d.kind,
      ref_id: String(d.refId),
      title: d.title,
      snippet: d.snippet,
      url: d.url,
      tokens: documentTokens(`${d.title} ${d.body ?? ''}`),
      rank: d.rank ?? 0,
    }))
    const held = new Map(
      (
        await db.kysely
          .selectFrom('search_docs')
          .select(['kind', 'ref_id', 'title', 'snippet', 'url', 'tokens', 'rank'])
          .where('kind', 'in', [...new Set(rows.map((r) => r.kind))])
          .where('ref_id', 'in', [...new Set(rows.map((r) => r.ref_id))])
          .execute()
      ).map((r) => [`${r.kind}\u0000${r.ref_id}`, r]),
    )
    const changed = rows.filter((r) => {
      const was = held.get(`${r.kind}\u0000${r.ref_id}`)
      return (
        !was ||
        was.title !== r.title ||
        was.snippet !== r.snippet ||
        was.url !== r.url ||
        was.tokens !== r.tokens ||
        Number(was.rank) !== r.rank
      )
    })
    if (!changed.length) continue
    await db.kysely
      .insertInto('search_docs')
      .values(changed)
      .onConflict((oc) =>
        oc.columns(['kind', 'ref_id']).doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          snippet: eb.ref('excluded.snippet'),
          url: eb.ref('excluded.url'),
          tokens: eb.ref('excluded.tokens'),
          rank: eb.ref('excluded.rank'),
        })),
      )
      .execute()
  }
}

export async function removeSearchDoc(db: Db, kind: SearchKind, refId: string | number): Promise<void> {
  await db.kysely
    .deleteFrom('search_docs')
    .where('kind', '=', kind)
    .where('ref_id', '=', String(refId))
    .execute()
}

export interface SearchResult {
  kind: string
  title: string
  snippet: string
  url: string
}

/** The match condition for a keyword, or null when it holds nothing searchable. */
function matchCondition(db: Db, keyword: string) {
  const parts = queryParts(keyword)
  if (parts.length === 0) return null
  if (db.dialect === 'sqlite') {
    const expression = parts.map((p) => `"${p.phrase.join(' ')}"${p.prefix ? '*' : ''}`).join(' AND ')
    return sql<boolean>`search_docs.id in (select rowid from search_fts where search_fts match ${expression})`
  }
  const expression = parts
    .map((p) => (p.prefix ? `${p.phrase[0]}:*` : p.phrase.join(' <-> ')))
    .map((p) => `(${p})`)
    .join(' & ')
  return sql<boolean>`to_tsvector('simple', search_docs.tokens) @@ to_tsquery('simple', ${expression})`
}

/**
 * The kind condition of a search. On SQLite it is written `+kind` so the planner cannot use the
 * (kind, rank) index: with it, SQLite walks every row of the kind in rank order and tests each against
 * the matches (12 ms at 100 k designers, growing with the table); without it, it starts from the FTS
 * matches and fetches them by rowid (0.2 ms), sorting only what matched (bench/designers.ts).
 */
function ofKind(db: Db, kind: string) {
  return db.dialect === 'sqlite' ? sql<boolean>`+kind = ${kind}` : sql<boolean>`kind = ${kind}`
}

/** One kind's matches, best first, with the kind's total. */
export async function searchKind(
  db: Db,
  keyword: string,
  kind: string,
  limit: number,
  offset = 0,
): Promise<{ rows: SearchResult[]; total: number }> {
  const condition = matchCondition(db, keyword)
  if (!condition) return { rows: [], total: 0 }
  const base = db.kysely.selectFrom('search_docs').where(ofKind(db, kind)).where(condition)
  const [rows, count] = await Promise.all([
    base
      .select(['kind', 'title', 'snippet', 'url'])
      .orderBy('rank', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** How many records of each kind match, for the result page's groups (kinds with none are left out). */
export async function countByKind(db: Db, keyword: string): Promise<Map<string, number>> {
  const condition = matchCondition(db, keyword)
  if (!condition) return new Map()
  const rows = await db.kysely
    .selectFrom('search_docs')
    .where(condition)
    .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
    .groupBy('kind')
    .execute()
  return new Map(rows.map((r) => [r.kind, Number(r.n)]))
}

/**
 * The ids of one kind's records that match a keyword, as a subquery a list can filter by (the designer
 * directory's keyword), or null when the keyword holds nothing searchable. Indexed like searchKind.
 */
export function matchingRefIds(db: Db, keyword: string, kind: SearchKind) {
  const condition = matchCondition(db, keyword)
  if (!condition) return null
  return db.kysely
    .selectFrom('search_docs')
    .where(ofKind(db, kind))
    .where(condition)
    .select(sql<number>`cast(ref_id as integer)`.as('ref'))
}
