import type { LandingPageView } from '../../../definitions/landing/view.ts'
import { ApiError } from '../../api/http.ts'
import { getLandingPage } from '../../api/landing.ts'

/** The page from the server (GET /api/landing/:slug, includes expanded), or undefined for an unknown slug. */
async function fetchPage(slug: string): Promise<LandingPageView | undefined> {
  try {
    return await getLandingPage(slug)
  } catch (error) {
    if (error instanceof ApiError && error.code === 404) return undefined
    throw error
  }
}

const loaded = new Map<string, Promise<LandingPageView | undefined>>()

/**
 * The page with its includes resolved, or undefined for an unknown slug. In the browser it is fetched
 * once per slug: a revalidation then hands the page the same objects, so sections that are still
 * hydrating see no update (React would drop their server markup for a fallback). A failure or an
 * unknown slug is not kept, so a page added since is found on the next visit. The server's renders
 * ask every time (their thread serves many visits, and the page cache keeps what they render).
 */
export function loadLandingPage(slug: string): Promise<LandingPageView | undefined> {
  if (import.meta.env.SSR) return fetchPage(slug)
  let page = loaded.get(slug)
  if (!page) {
    const asked = fetchPage(slug)
    const forget = () => loaded.get(slug) === asked && loaded.delete(slug)
    asked.then((found) => found ?? forget(), forget)
    loaded.set(slug, asked)
    page = asked
  }
  return page
}
