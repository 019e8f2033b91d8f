import { fragmentNames } from '../../definitions/check-all.ts'
import { bindFactsOf } from '../../definitions/competition/facts.ts'
import type { Competition } from '../../definitions/competition/types.ts'
import {
  type LandingPageFile,
  pageSections,
  readLandingPages,
  sharedFragments,
} from '../../definitions/landing/pages.ts'
import { type SectionEntry, shareCardOf } from '../../definitions/landing/types.ts'
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

/** What the index asks of public/: the content hash of a file, none when it does not exist. */
interface PublicFiles {
  stamp<T>(value: T): T
  versionOf(sitePath: string): string | undefined
}

/** The site's own card for crawlers (1200×630 JPEG), for a page whose card nobody has drawn yet. */
const SITE_SHARE_CARD = { src: '/share.jpg', alt: '咖簿网', width: 1200, height: 630 }

/**
 * A page's share image: its own, else its drawn card (scripts/draw-share-image.ts), else — a new page
 * whose card nobody has drawn yet — the site's, never a missing file.
 */
function withShareCard(view: LandingPageView, slug: string, publicFiles: PublicFiles): LandingPageView {
  if (view.shareImage || publicFiles.versionOf(shareCardOf(slug)) !== undefined) return view
  return { ...view, shareImage: SITE_SHARE_CARD }
}

/** The landing files as read from disk once: the pages, and the shared fragments they include. */
export interface LandingFiles {
  pages: LandingPageFile[]
  fragments: (name: string) => SectionEntry[] | undefined
}

/**
 * landing-pages/ and its _shared/ fragments under `root`, read now and held: the index is bound again
 * from these when the console's dates move (services/live-definitions.ts), so an edit saved since the
 * last check cannot slip in that way.
 */
export function readLandingFiles(root: string): LandingFiles {
  const read = sharedFragments(root)
  const held = new Map([...fragmentNames(root)].map((name) => [name, read(name)]))
  return { pages: readLandingPages(root), fragments: (name) => held.get(name) }
}

/**
 * The landing pages under `root` (DEFINITIONS_ROOT: its landing-pages/ and _shared/ fragments), indexed
 * through the definitions core: titles for search, every sign-up section through includes and nested
 * section lists, so a sign-up is accepted only for a page and form that really offer it, and the page
 * itself as the SPA renders it. The files have been checked first, so every include names a fragment.
 * A page naming a competition (`competition`) is served — head, sections, search entry — with that
 * competition's facts bound (definitions/core/bindings.ts), as they stand when the index is built.
 */
export function loadLandingIndex(
  root: string,
  competitions: { bySlug(slug: string): Competition | undefined } = { bySlug: () => undefined },
): Map<string, LandingPageInfo> {
  return landingIndex(readLandingFiles(root), competitions)
}

/** The index of files already read (readLandingFiles), with the competitions' facts as they stand. */
export function landingIndex(
  files: LandingFiles,
  competitions: { bySlug(slug: string): Competition | undefined },
  /** The files of public/ as served (services/public-versions.ts): content hashes, and which exist. */
  publicFiles: PublicFiles = { stamp: (value) => value, versionOf: () => '' },
): Map<string, LandingPageInfo> {
  const index = new Map<string, LandingPageInfo>()
  const { fragments } = files
  for (const file of files.pages) {
    const competition = file.competition ? competitions.bySlug(file.competition) : undefined
    const page = bindFactsOf(competition, file)
    const signups: LandingSignupConfig[] = []
    for (const entry of pageSections(page, fragments)) {
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
      reply: new PreparedJson(ok(publicFiles.stamp(withShareCard(view, slug, publicFiles)))),
    })
  }
  return index
}
