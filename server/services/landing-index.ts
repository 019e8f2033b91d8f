import fs from 'node:fs'
import path from 'node:path'
import { walkSections } from '../../definitions/landing/walk.ts'

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
 * every sign-up section, following includes and nested section lists (the core's walker), so a sign-up is accepted only
 * for a page and form that really offer it.
 */
export function loadLandingIndex(dir: string): Map<string, LandingPageInfo> {
  const index = new Map<string, LandingPageInfo>()
  if (!fs.existsSync(dir)) return index
  const read = (file: string) =>
    JSON.parse(fs.readFileSync(file, 'utf8')) as { title?: string; description?: string; sections?: Entry[] }
  const readSections = (file: string): Entry[] => read(file).sections ?? []
  const include = (name: string) => {
    const file = path.join(dir, '_shared', `${name}.json`)
    return fs.existsSync(file) ? readSections(file) : undefined
  }
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.json') || name.endsWith('.schema.json')) continue
    const page = read(path.join(dir, name))
    const signups: LandingSignupConfig[] = []
    walkSections(
      page.sections ?? [],
      'sections',
      ({ entry }) => {
        const props = entry.props ?? {}
        if (entry.type === 'signup' && typeof props.form === 'string')
          signups.push({
            form: props.form,
            closesAt: typeof props.closesAt === 'string' ? props.closesAt : undefined,
          })
      },
      include as never,
    )
    const slug = name.replace(/\.json$/, '')
    index.set(slug, { slug, title: page.title ?? slug, description: page.description ?? '', signups })
  }
  return index
}
