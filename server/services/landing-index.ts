import path from 'node:path'
import { pageSections, readLandingPages } from '../../definitions/landing/pages.ts'

/** What the server needs to know of a landing page: its sign-up forms and when they close. */
export interface LandingSignupConfig {
  form: string
  closesAt?: string
}

/** A landing page as the server sees it: for search and for accepting its sign-ups. */
export interface LandingPageInfo {
  slug: string
  title: string
  description: string
  signups: LandingSignupConfig[]
}

/**
 * The landing pages of `landingDir` (a landing-pages/ folder; its parent is the definitions root the
 * core reads), indexed once at start through the definitions core: titles for search, and every
 * sign-up section through includes and nested section lists, so a sign-up is accepted only for a page
 * and form that really offer it.
 */
export function loadLandingIndex(landingDir: string): Map<string, LandingPageInfo> {
  const root = path.dirname(landingDir)
  const index = new Map<string, LandingPageInfo>()
  for (const page of readLandingPages(root)) {
    const signups: LandingSignupConfig[] = []
    for (const entry of pageSections(root, page)) {
      const props = entry.props ?? {}
      if (entry.type === 'signup' && typeof props.form === 'string')
        signups.push({
          form: props.form,
          closesAt: typeof props.closesAt === 'string' ? props.closesAt : undefined,
        })
    }
    index.set(page.slug, {
      slug: page.slug,
      title: page.title ?? page.slug,
      description: page.description ?? '',
      signups,
    })
  }
  return index
}
