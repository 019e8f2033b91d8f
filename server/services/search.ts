import type { Agreement, SearchHit } from '../../schemas/api/content.ts'

const SNIPPET_RADIUS = 40

/** A window of text around the first match, so a result shows why it matched. */
export function snippetAround(text: string, keyword: string): string | undefined {
  const at = text.toLowerCase().indexOf(keyword.toLowerCase())
  if (at === -1) return undefined
  const start = Math.max(0, at - SNIPPET_RADIUS)
  const end = Math.min(text.length, at + keyword.length + SNIPPET_RADIUS)
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`
}

/** Agreements matched by title or body text; each agreement appears once, at its best match. */
export function searchAgreements(agreements: Iterable<Agreement>, keyword: string): SearchHit[] {
  const hits: SearchHit[] = []
  for (const doc of agreements) {
    const texts = [doc.title, doc.intro ?? '', ...doc.sections.flatMap((s) => [s.heading, ...s.paragraphs])]
    for (const text of texts) {
      const snippet = snippetAround(text, keyword)
      if (snippet) {
        hits.push({ kind: '协议', title: doc.title, url: `/agreement/${doc.key}`, snippet })
        break
      }
    }
  }
  return hits
}

/** Campaign pages (/application/<slug>) matched by title or description. */
export function searchLanding(
  pages: Iterable<{ slug: string; title: string; description: string }>,
  keyword: string,
): SearchHit[] {
  const hits: SearchHit[] = []
  for (const page of pages) {
    const inTitle = snippetAround(page.title, keyword)
    const snippet = inTitle ? page.description : snippetAround(page.description, keyword)
    if (snippet !== undefined)
      hits.push({ kind: '专题', title: page.title, url: `/application/${page.slug}`, snippet })
  }
  return hits
}
