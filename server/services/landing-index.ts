import fs from 'node:fs'
import path from 'node:path'

/** What the server needs to know of a landing page: its sign-up forms and when they close. */
export interface LandingSignupConfig {
  form: string
  closesAt?: string
}

type Entry = { type?: string; props?: Record<string, unknown>; include?: string }

/**
 * Reads landing-pages/*.json (the same files the SPA renders) at start and finds every sign-up
 * section, following includes and nested tabs/columns, so a sign-up is accepted only for a page
 * and form that really offer it.
 */
export function loadLandingIndex(dir: string): Map<string, LandingSignupConfig[]> {
  const index = new Map<string, LandingSignupConfig[]>()
  if (!fs.existsSync(dir)) return index
  const readSections = (file: string): Entry[] =>
    (JSON.parse(fs.readFileSync(file, 'utf8')) as { sections?: Entry[] }).sections ?? []
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
    const found: LandingSignupConfig[] = []
    walk(readSections(path.join(dir, name)), found, 0)
    index.set(name.replace(/\.json$/, ''), found)
  }
  return index
}
