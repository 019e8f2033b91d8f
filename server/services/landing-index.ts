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
 * The landing pages under `root` (DEFINITIONS_ROOT: its landing-pages/ and _shared/ fragments), indexed
 * once at start through the definitions core: titles for search, and every sign-up section through
 * includes and nested section lists, so a sign-up is accepted only for a page and form that really
 * offer it.
 */
export function loadLandingIndex(root: string): Map<string, LandingPageInfo> {
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
