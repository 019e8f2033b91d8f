import { bindFactsOf } from '../../definitions/competition/facts.ts'
import type { Competition } from '../../definitions/competition/types.ts'
import { pageSections, readLandingPages, sharedFragments } from '../../definitions/landing/pages.ts'
import type { SectionEntry } from '../../definitions/landing/types.ts'
import type { LandingPageView } from '../../definitions/landing/view.ts'
import { expandIncludes } from '../../definitions/landing/walk.ts'
import { ok } from '../lib/envelope.ts'
import { PreparedJson } from './prepared-json.ts'

/** What the server needs to know of a landing page: its sign-up forms and when they close. */
export interface LandingSignupConfig {
  form: string
  closesAt?: string
}

/** A landing page as the server sees it: for search, for accepting its sign-ups, and for rendering. */
export interface LandingPageInfo {
  slug: string
  title: string
  description: string
  signups: LandingSignupConfig[]
  /**
   * GET /api/landing/:slug's answer: the page with its includes expanded, serialised and compressed
   * once per read of the files (the SPA and the server's own renders fetch it; no build holds it).
   */
  reply: PreparedJson
}

/**
 * The landing pages under `root` (DEFINITIONS_ROOT: its landing-pages/ and _shared/ fragments), indexed
 * once at start through the definitions core: titles for search, every sign-up section through
 * includes and nested section lists, so a sign-up is accepted only for a page and form that really
 * offer it, and the page itself as the SPA renders it. The start has checked the files first, so
 * every include names a fragment. A page naming a competition (`competition`) is served — head,
 * sections, search entry — with that competition's facts bound (definitions/core/bindings.ts), as
 * they stand when the index is read.
 */
export function loadLandingIndex(
  root: string,
  competitions: { bySlug(slug: string): Competition | undefined } = { bySlug: () => undefined },
): Map<string, LandingPageInfo> {
  const index = new Map<string, LandingPageInfo>()
  const fragments = sharedFragments(root)
  for (const file of readLandingPages(root)) {
    const competition = file.competition ? competitions.bySlug(file.competition) : undefined
    const page = bindFactsOf(competition, file)
    const signups: LandingSignupConfig[] = []
    for (const entry of pageSections(root, page)) {
      const props = entry.props ?? {}
      if (entry.type === 'signup' && typeof props.form === 'string')
        signups.push({
          form: props.form,
          closesAt: typeof props.closesAt === 'string' ? props.closesAt : undefined,
        })
    }
    // The editor's schema hint and the slug (the file's name) are no part of the page.
    const { slug, $schema: _, ...definition } = page as typeof page & { $schema?: string }
    const view = {
      ...definition,
      // Fragments bind the facts of the page that shows them.
      sections: bindFactsOf(competition, expandIncludes(page.sections as SectionEntry[], fragments)),
    } as LandingPageView
    index.set(slug, {
      slug,
      title: page.title ?? slug,
      description: page.description ?? '',
      signups,
      reply: new PreparedJson(ok(view)),
    })
  }
  return index
}
