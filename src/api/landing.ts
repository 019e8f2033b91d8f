import type { LandingPageView } from '../../definitions/landing/view.ts'
import type { CreatedId } from '../../schemas/api/common.ts'
import { LANDING_API } from '../../schemas/api/landing.ts'
import { getData, postData } from './http.ts'

/**
 * A landing page with its includes expanded, as the server read it from landing-pages/ (no build
 * holds it); the server answers code 404 for an unknown page.
 */
export const getLandingPage = (slug: string) =>
  getData<LandingPageView>(LANDING_API.page(slug), { skipAuthRedirect: true, logOnlyCodes: [404] })

/** Sends a landing page's sign-up form; the server validates it with the same schema and stores it. */
export const submitSignup = (slug: string, data: Record<string, unknown>) =>
  postData<CreatedId>(LANDING_API.signup(slug), data)
