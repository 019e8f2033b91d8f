/** The API paths of landing pages (server/routes/landing.ts), named once for the SPA and the server. */
export const LANDING_API = {
  page: (slug: string) => `/landing/${encodeURIComponent(slug)}`,
  signup: (slug: string) => `/landing/${encodeURIComponent(slug)}/signup`,
} as const

/**
 * GET /landing/:slug: the page as landing-pages/<slug>.json says, its includes expanded by the server
 * (LandingPageView, definitions/landing/view.ts; the definitions check guards its shape).
 */
export const landingPageSchema = { type: 'object', additionalProperties: true } as const
