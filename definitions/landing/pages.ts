import fs from 'node:fs'
import path from 'node:path'
import type { SectionEntry } from './types.ts'
import { type Visit, walkSections } from './walk.ts'

/** A fragment's sections from landing-pages/_shared/<name>.json under `root` (undefined when missing). */
export function sharedFragments(root: string): (name: string) => SectionEntry[] | undefined {
  const dir = path.join(root, 'landing-pages/_shared')
  return (name) => {
    const file = path.join(dir, `${name}.json`)
    // Include names are checked against the fragment list first; this keeps a name from leaving the folder.
    if (!path.resolve(file).startsWith(path.resolve(dir) + path.sep)) return undefined
    try {
      const sections = (JSON.parse(fs.readFileSync(file, 'utf8')) as { sections?: unknown }).sections
      return Array.isArray(sections) ? (sections as SectionEntry[]) : undefined
    } catch {
      return undefined
    }
  }
}

/** One landing page as the core reads it for the server: what search shows and what its sections are. */
export interface LandingPageFile {
  slug: string
  /** The competition whose facts its text binds (definitions/core/bindings.ts). */
  competition?: string
  title?: string
  description?: string
  sections: unknown[]
}

/** The pages of landing-pages/ under `root` (the definitions root), none when the folder is missing. */
export function readLandingPages(root: string): LandingPageFile[] {
  const dir = path.join(root, 'landing-pages')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.endsWith('.schema.json'))
    .map((name) => {
      const page = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Omit<LandingPageFile, 'slug'>
      return { ...page, slug: name.replace(/\.json$/, ''), sections: page.sections ?? [] }
    })
}

/**
 * Every section of a page, through its includes (`include`: the fragments, sharedFragments) and nested
 * section lists (the walker reads the schema, so a new container type is followed too). An include
 * that names no fragment is passed over: the checker reports it.
 */
export function pageSections(
  page: LandingPageFile,
  include: (name: string) => SectionEntry[] | undefined,
): Array<Visit['entry']> {
  const found: Array<Visit['entry']> = []
  walkSections(page.sections, 'sections', ({ entry }) => found.push(entry), include)
  return found
}
