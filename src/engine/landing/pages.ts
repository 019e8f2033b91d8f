import type {
  LandingFragment,
  LandingPageDefinition,
  SectionEntry,
} from '../../../definitions/landing/types.ts'
import { expandIncludes, includeNames, MAX_INCLUDE_DEPTH } from '../../../definitions/landing/walk.ts'

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

/**
 * Loads every fragment the sections reach (fragments may include fragments), then expands the
 * includes with the core's walker.
 */
async function expand(sections: SectionEntry[]): Promise<SectionEntry[]> {
  const fragments = new Map<string, SectionEntry[]>()
  let wanted = includeNames(sections)
  for (let depth = 0; wanted.size > 0 && depth <= MAX_INCLUDE_DEPTH; depth++) {
    const next = new Set<string>()
    for (const name of wanted) {
      if (fragments.has(name)) continue
      const load = fragmentFiles[`/landing-pages/_shared/${name}.json`]
      if (!load) throw new Error(`unknown include: ${name}`)
      const fragment = (await load()).sections
      fragments.set(name, fragment)
      for (const nested of includeNames(fragment)) next.add(nested)
    }
    wanted = next
  }
  return expandIncludes(sections, (name) => fragments.get(name))
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
      sections: await expand(definition.sections),
    }))
    expanded.set(slug, page)
    page.catch(() => expanded.delete(slug))
  }
  return page
}
