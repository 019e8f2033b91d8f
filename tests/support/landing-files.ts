import fs from 'node:fs'
import path from 'node:path'
import { folderOf } from '../../definitions/landing/sections.ts'
import { walkSections } from '../../definitions/landing/walk.ts'

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
 * every nested section list; tab contents count only with `withTabs`, since an unopened tab need not load them.
 */
export function typesUsed(entries: Entry[] = [], withTabs = true): Set<string> {
  const found = new Set<string>()
  const include = (name: string) =>
    (
      JSON.parse(fs.readFileSync(path.join(LANDING_DIR, '_shared', `${name}.json`), 'utf8')) as {
        sections: Entry[]
      }
    ).sections
  walkSections(
    entries,
    '',
    ({ entry, path: at }) => {
      // The first tab is open on arrival; the others load when chosen.
      if (!withTabs && /\.tabs\[[1-9]\d*\]/.test(at)) return
      found.add(folderOf(entry.type))
    },
    include as never,
  )
  return found
}
