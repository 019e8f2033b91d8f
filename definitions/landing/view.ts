import type { LandingPageDefinition } from './types.ts'

/**
 * A landing page as GET /api/landing/:slug answers it (server/services/landing-index.ts): the file
 * without its editor hint, every include replaced by its fragment's sections (expandIncludes).
 */
export type LandingPageView = Omit<LandingPageDefinition, '$schema'>
