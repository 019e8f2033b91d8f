import fs from 'node:fs'
import path from 'node:path'

/** What the server needs to know of a landing page: its sign-up forms and when they close. */
export interface LandingSignupConfig {
  form: string
  closesAt?: string
}

type Entry = { type?: string; props?: Record<string, unknown>; include?: string }

/** A landing page as the server sees it: for search and for accepting its sign-ups. */
export interface LandingPageInfo {
  slug: string
  title: string
  description: string
  signups: LandingSignupConfig[]
}

/**
 * Reads landing-pages/*.json (the same files the SPA renders) once at start: titles for search, and
 * every sign-up section, following includes and nested tabs/columns, so a sign-up is accepted only
 * for a page and form that really offer it.
 */
export function loadLandingIndex(dir: string): Map<string, LandingPageInfo> {
  const index = new Map<string, LandingPageInfo>()
  if (!fs.existsSync(dir)) return index
  const read = (file: string) =>
    JSON.parse(fs.readFileSync(file, 'utf8')) as { title?: string; description?: string; sections?: Entry[] }
  const readSections = (file: string): Entry[] => read(file).sections ?? []
  const walk = (entries: Entry[], found: LandingSignupConfig[], depth: number) => {
    if (depth > 4) return
    for (const entry of entries) {
      if (entry.include) {
        const file = path.join(dir, '_shared', `${entry.include}.json`)
        if (fs.existsSync(file)) walk(readSections(file), found, depth + 1)
        continue
      }
      const props = entry.props ?? {}
      if (entry.type === 'signup' && typeof props.form === 'string') {
        found.push({
          form: props.form,
          closesAt: typeof props.closesAt === 'string' ? props.closesAt : undefined,
        })
      }
      for (const key of ['left', 'right'])
        if (Array.isArray(props[key])) walk(props[key] as Entry[], found, depth)
      if (Array.isArray(props.tabs))
        for (const tab of props.tabs as Array<{ sections?: Entry[] }>) walk(tab.sections ?? [], found, depth)
    }
  }
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.json') || name.endsWith('.schema.json')) continue
    const page = read(path.join(dir, name))
    const signups: LandingSignupConfig[] = []
    walk(page.sections ?? [], signups, 0)
    const slug = name.replace(/\.json$/, '')
    index.set(slug, { slug, title: page.title ?? slug, description: page.description ?? '', signups })
  }
  return index
}
