/**
 * First path segments the portal itself uses (SPEC §2 and the server): a competition cannot take one
 * as its slug, or its pages would shadow a core page. tests/unit/reserved-routes.test.ts checks the
 * SPA's route table against this list, so a new core route that is not listed fails the tests.
 */
export const RESERVED_SEGMENTS = [
  'api',
  'assets',
  'landing',
  // public/competitions/ holds the competitions' images (/competitions/<slug>/cover.webp).
  'competitions',
  'partners',
  // public/content/ holds the news covers and history videos (/content/news/<slug>.jpg).
  'content',
  'avatars',
  'index',
  'login',
  'wxlogin',
  'authorizeWx',
  'forgetPwd',
  'redirect',
  'mine',
  'payment',
  'certPayment',
  'certAgainPayment',
  'auth',
  'certification',
  'cert',
  'designer',
  'works',
  // /receipt/verify: an entry receipt's public check (README "参赛回执").
  'receipt',
  'search',
  'talent',
  'news',
  'quotation',
  'historyVideo',
  'agreement',
  'site-verify-bd',
  '404',
  'application',
  'events',
  'signIn',
  'suzhou-platform',
  'worldIndustrialDesignCon',
  'mobile',
  'others',
  'questionnaire',
  'favicon.svg',
  'share.jpg',
  'robots.txt',
] as const

/** True when `slug` is a core segment, ignoring case (servers and people treat /Mine as /mine). */
export const isReservedSegment = (slug: string) =>
  RESERVED_SEGMENTS.some((segment) => segment.toLowerCase() === slug.toLowerCase())
