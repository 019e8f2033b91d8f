import { EVENT_PAGE_SEGMENTS, SITE_ROUTES } from './site-routes.ts'

/**
 * First segments the server and the built site answer outside the SPA's pages: the API, the build's
 * assets, the folders of public/ (tests/unit/reserved-routes.test.ts fails when public/ gains one not
 * listed here) and the files served at the root.
 */
const SERVED_SEGMENTS = [
  'api',
  'assets',
  // public/: landing art, the competitions' images (/competitions/<slug>/cover.webp), partners' logos,
  // news covers and history videos (/content/news/<slug>.jpg), people's and works' pictures.
  'landing',
  'competitions',
  'partners',
  'content',
  'avatars',
  'talents',
  'works',
  'favicon.svg',
  'share.jpg',
  'robots.txt',
] as const

/**
 * First path segments the portal itself uses (SPEC §2 and the server): a competition cannot take one
 * as its slug, or its pages would shadow a core page. Made from the SPA's pages (SITE_ROUTES, which
 * tests/unit/reserved-routes.test.ts keeps equal to the router), the event pages the spec names and
 * what the server serves, so a new page is reserved by being a page.
 */
export const RESERVED_SEGMENTS: readonly string[] = [
  ...new Set([
    ...SERVED_SEGMENTS,
    ...SITE_ROUTES.map((route) => route.split('/')[0]!).filter(Boolean),
    ...EVENT_PAGE_SEGMENTS,
  ]),
]

/** True when `slug` is a core segment, ignoring case (servers and people treat /Mine as /mine). */
export const isReservedSegment = (slug: string) =>
  RESERVED_SEGMENTS.some((segment) => segment.toLowerCase() === slug.toLowerCase())
