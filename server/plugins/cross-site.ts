import type { FastifyInstance, FastifyRequest } from 'fastify'
import { RequestError } from './errors.ts'

/** What a refused request is told (HTTP 403). */
export const CROSS_SITE_MSG = '不接受来自其他网站的请求'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Whether the request would change something: any method but a read, and the GETs that say so. */
export function changesState(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) || request.routeOptions.config?.changesState === true
}

/**
 * Whether a browser says another site made this request. Sec-Fetch-Site is set by the browser and
 * cannot be forged by a page: only `same-origin` (this site's own pages) and `none` (typed, bookmarked,
 * opened from another app) pass; `same-site` is another origin under the same domain and `cross-site`
 * anyone. Browsers without it (before 2020–2023) still send Origin on a cross-origin POST: it must be
 * this site's — its host is the Host the browser asked, whatever the scheme a TLS proxy hid, or
 * SITE_ORIGIN. A request with neither header comes from a non-browser client, which holds its own
 * token; a cookie alone authorises no change (server/plugins/auth.ts).
 */
export function fromAnotherSite(request: FastifyRequest, siteOrigin?: string): boolean {
  const site = request.headers['sec-fetch-site']
  if (site !== undefined) return site !== 'same-origin' && site !== 'none'
  const origin = request.headers.origin
  if (origin === undefined) return false
  if (siteOrigin && origin === siteOrigin) return false
  try {
    const url = new URL(origin)
    if (!/^https?:$/.test(url.protocol)) return true
    // The Host read with the Origin's scheme, so an explicit default port (:80, :443) compares equal.
    return url.host !== new URL(`${url.protocol}//${request.headers.host ?? ''}`).host
  } catch {
    // `null` (a sandboxed frame, a redirect across sites) and anything else that is no origin.
    return true
  }
}

/**
 * Whether the visitor opened this page themselves — typed it, scanned it, followed a link on this
 * site — rather than another site sending the browser here. What a hand-off link may sign in by.
 */
export function visitorNavigated(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site']
  return site === 'same-origin' || site === 'none'
}

/**
 * Refuses every state-changing request another site makes a visitor's browser send (README "Requests
 * from other sites"), before anything else reads it: HTTP 403 with the envelope.
 */
export function registerCrossSiteGuard(app: FastifyInstance, opts: { siteOrigin?: string }): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (
      changesState(request) &&
      !request.routeOptions.config?.serverToServer &&
      fromAnotherSite(request, opts.siteOrigin)
    ) {
      done(new RequestError(403, CROSS_SITE_MSG))
      return
    }
    done()
  })
}
