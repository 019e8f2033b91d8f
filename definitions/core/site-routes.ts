/**
 * The SPA's own pages (src/app/router.tsx), as site paths without the leading slash; `:name` is one
 * path segment. The definitions checker reads this list to know where a link in a definition may
 * lead; tests/unit/reserved-routes.test.ts checks it against the router, so a page added there and
 * not here (or removed there and left here) fails the tests. Competitions' own routes are not listed:
 * each definition brings them (definitions/known-routes.ts).
 */
export const SITE_ROUTES = [
  '',
  'index',
  'login',
  'forgetPwd',
  'wxlogin',
  'authorizeWx',
  'redirect',
  'search/index',
  'agreement/:key',
  'application/:slug',
  'payment',
  'certPayment',
  'certAgainPayment',
  'auth/index',
  'auth/search',
  'certification/index',
  'certification/search',
  'certification/promote',
  'cert/apply',
  'works/index',
  'works/detail',
  'works/verify',
  'designer/index',
  'designer/detail',
  'talent/index',
  'talent/detail',
  'mine',
  'mine/cv',
  'mine/cvself',
  'news/index',
  'news/detail',
  'quotation/index',
  'quotation/detail/:id',
  'historyVideo/list',
  'historyVideo/detail',
  'others/downloadword/:id',
  'others/download/:token/:id',
  'others/showVideo1',
  'others/sdskapp',
  'questionnaire/export',
  'site-verify-bd',
  '404',
  'events/index',
  'mobile/competition/index',
  'signIn',
  'receipt/verify',
  'cert/verify',
  'manage',
  'manage/entries',
  'manage/entry',
  'manage/results',
  'manage/schedule',
  'manage/signups',
  'manage/events',
  'manage/refunds',
  'manage/staff',
  'manage/definitions',
  'manage/judging',
  'manage/certificates',
  'manage/certificate-posts',
  'manage/messages',
  'judge',
  'judge/round',
  'judge/entry',
] as const

/**
 * One-segment paths the spec gives to event pages (SPEC §2 "Other event and competition pages"):
 * core segments no competition may take, and that an event definition serves.
 */
export const EVENT_PAGE_SEGMENTS = ['suzhou-platform', 'worldIndustrialDesignCon'] as const

/**
 * Routes whose parameter is a file name, not any segment: /agreement/user exists only while
 * content/agreements/user.json does, /application/<slug> only for a landing page. Each maps to the
 * folder whose *.json files name the values.
 */
export const ROUTE_VALUES_FROM_FILES: Partial<Record<(typeof SITE_ROUTES)[number], string>> = {
  'agreement/:key': 'content/agreements',
  'application/:slug': 'landing-pages',
}

/** Where links may lead: built by knownRoutes (definitions/known-routes.ts) from every kind of definition. */
export interface KnownRoutes {
  /** Whether a site path (without query or #anchor) leads to a page. */
  has(sitePath: string): boolean
  /** The competition whose workspace (any page but index and preview) the path is in. */
  workspaceOf(sitePath: string): string | undefined
  /** Every concrete path (no `:param`), for did-you-mean. */
  paths: string[]
  /** Each competition's pages under /<slug>/, for messages that list them. */
  competitions: Map<string, string[]>
}
