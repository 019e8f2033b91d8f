import type { SearchDoc } from '../search-index.ts'

/** A work in the site search (kind 作品): found by its name, tags, abstract and owner's name. */
export function workSearchDoc(
  work: { id: number; works_name: string; tag: string; works_abstract: string | null },
  ownerName: string,
  typeLabel: string,
): SearchDoc {
  return {
    kind: '作品',
    refId: work.id,
    title: work.works_name,
    snippet: `${typeLabel} · ${ownerName}${work.tag ? ` · ${work.tag.split(',').join(' / ')}` : ''}`,
    url: `/works/detail?id=${work.id}`,
    // What the result shows (type, owner, tags) is what a visitor may search by.
    body: `${typeLabel} ${work.tag.replaceAll(',', ' ')} ${work.works_abstract ?? ''} ${ownerName}`,
    // Newer works first among equals.
    rank: work.id,
  }
}
