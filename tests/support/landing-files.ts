import fs from 'node:fs'
import path from 'node:path'

export const LANDING_DIR = path.resolve(import.meta.dirname, '../../landing-pages')

type Entry = { type?: string; include?: string; props?: Record<string, unknown> }

export interface LandingFile {
  slug: string
  title: string
  description: string
  sections: Entry[]
}

/** The pages in landing-pages/ as staff wrote them (includes unresolved). */
export function landingFiles(): LandingFile[] {
  return fs
    .readdirSync(LANDING_DIR)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .map((f) => ({
      slug: f.replace(/\.json$/, ''),
      ...(JSON.parse(fs.readFileSync(path.join(LANDING_DIR, f), 'utf8')) as Omit<LandingFile, 'slug'>),
    }))
}

/**
 * The section types a page uses (kebab-case, as their chunks are named), following includes and
 * nested columns; tab contents count only with `withTabs`, since an unopened tab need not load them.
 */
export function typesUsed(entries: Entry[] = [], withTabs = true, found = new Set<string>()): Set<string> {
  for (const entry of entries) {
    if (entry.include) {
      const fragment = JSON.parse(
        fs.readFileSync(path.join(LANDING_DIR, '_shared', `${entry.include}.json`), 'utf8'),
      ) as { sections: Entry[] }
      typesUsed(fragment.sections, withTabs, found)
      continue
    }
    if (entry.type) found.add(entry.type.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))
    const props = entry.props ?? {}
    typesUsed(props.left as Entry[], withTabs, found)
    typesUsed(props.right as Entry[], withTabs, found)
    const tabs = (props.tabs as Array<{ sections: Entry[] }>) ?? []
    // The first tab is open on arrival; the others load when chosen.
    for (const tab of withTabs ? tabs : tabs.slice(0, 1)) typesUsed(tab.sections, withTabs, found)
  }
  return found
}
