import type { SectionEntry } from './define.ts'
import type { LandingFragment, LandingPageDefinition } from './page.ts'

// Each page and fragment is its own chunk: visiting one page downloads only its JSON.
const pageFiles = import.meta.glob<LandingPageDefinition>('/landing-pages/*.json', { import: 'default' })
const fragmentFiles = import.meta.glob<LandingFragment>('/landing-pages/_shared/**/*.json', {
  import: 'default',
})

/** The slug of a page file; the schema files beside the pages are not pages. */
const slugOf = (file: string) => file.replace(/^\/landing-pages\//, '').replace(/\.json$/, '')
const pages = new Map(
  Object.entries(pageFiles)
    .filter(([file]) => !file.endsWith('.schema.json'))
    .map(([file, load]) => [slugOf(file), load]),
)

export const landingSlugs = (): string[] => [...pages.keys()].sort()

const MAX_INCLUDE_DEPTH = 4

/** Replaces {"include": "<name>"} entries with the fragment's sections, recursively (tabs, columns too). */
async function expand(entries: SectionEntry[], depth: number): Promise<SectionEntry[]> {
  const out: SectionEntry[] = []
  for (const entry of entries) {
    if ('include' in entry) {
      const load = fragmentFiles[`/landing-pages/_shared/${entry.include}.json`]
      if (!load || depth >= MAX_INCLUDE_DEPTH)
        throw new Error(`unknown or too deeply nested include: ${entry.include}`)
      out.push(...(await expand((await load()).sections, depth + 1)))
    } else {
      out.push({ ...entry, props: await expandNested(entry.props ?? {}, depth) })
    }
  }
  return out
}

/** Nested section lists live in tabs[].sections, left and right. */
async function expandNested(props: Record<string, unknown>, depth: number): Promise<Record<string, unknown>> {
  const result: Record<string, unknown> = { ...props }
  for (const key of ['left', 'right'] as const) {
    if (Array.isArray(result[key])) result[key] = await expand(result[key] as SectionEntry[], depth)
  }
  if (Array.isArray(result.tabs)) {
    result.tabs = await Promise.all(
      (result.tabs as Array<{ label: string; sections: SectionEntry[] }>).map(async (tab) => ({
        ...tab,
        sections: await expand(tab.sections, depth),
      })),
    )
  }
  return result
}

const expanded = new Map<string, Promise<LandingPageDefinition>>()

/**
 * The page with its includes resolved, or undefined for an unknown slug. Resolved once per slug: a
 * revalidation then hands the page the same objects, so sections that are still hydrating see no
 * update (React would drop their server markup for a fallback).
 */
export async function loadLandingPage(slug: string): Promise<LandingPageDefinition | undefined> {
  const load = pages.get(slug)
  if (!load) return undefined
  let page = expanded.get(slug)
  if (!page) {
    page = load().then(async (definition) => ({
      ...definition,
      sections: await expand(definition.sections, 0),
    }))
    expanded.set(slug, page)
    page.catch(() => expanded.delete(slug))
  }
  return page
}
