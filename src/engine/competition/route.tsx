import { type LoaderFunctionArgs, Outlet, redirect, useRouteLoaderData } from 'react-router'
import type { CompetitionView } from '../../../definitions/competition/view.ts'
import { getCompetition } from '../../api/competition.ts'
import { ApiError } from '../../api/http.ts'
import { paths, toSitePath } from '../../lib/paths.ts'

/**
 * The pages anyone may see; every other path of routesOf is the entrant's workspace. `results` is
 * every competition's, not the definition's: its own loader answers 404 until results are published.
 */
const PUBLIC_ROUTES = ['', 'index', 'preview', 'results']

// The definition the last load fetched, per slug, so the workspace's loader (which runs beside this
// one, and alone on moves between steps) checks its path without fetching it again. Browser only: a
// server render must not keep one visitor's answer for the next.
const lastLoad = new Map<string, Promise<CompetitionView>>()

async function fetchCompetition(slug: string): Promise<CompetitionView> {
  try {
    return await getCompetition(slug)
  } catch (error) {
    if (error instanceof ApiError && error.code === 404) throw redirect(paths.notFound.path)
    throw error
  }
}

/** The competition of a loader: the one the route's loader is fetching or fetched last. */
export function competitionOf(slug: string): Promise<CompetitionView> {
  const known = lastLoad.get(slug)
  if (known) return known
  return remember(slug, fetchCompetition(slug))
}

function remember(slug: string, loading: Promise<CompetitionView>): Promise<CompetitionView> {
  if (import.meta.env.SSR) return loading
  lastLoad.set(slug, loading)
  loading.catch(() => lastLoad.delete(slug))
  return loading
}

/**
 * Where a request for `request`'s path must go instead, if anywhere: a path the definition does not
 * have (routesOf: `pay` of a free competition) is a 404 for everyone, signed in or not. The router's
 * sign-in guard (src/app/sign-in-guard.ts) runs after this check on the workspace's paths, so only a
 * path that exists sends a signed-out visitor to sign in first.
 */
export function redirectFor(competition: CompetitionView, request: Request): Response | undefined {
  const url = new URL(request.url)
  const sitePath = toSitePath(url.pathname)
  const route = sitePath.slice(paths.competition.getHref(competition.slug, '').length).replace(/\/+$/, '')
  if (PUBLIC_ROUTES.includes(route)) return undefined
  if (!competition.routes.includes(route)) return redirect(paths.notFound.path)
  return undefined
}

/**
 * /:competition/* — every competition's pages come from its definition (competitions/<slug>.json),
 * which the server serves. A slug no definition has is a 404 (SPEC §8), like any unknown path.
 */
export async function loader({ params, request }: LoaderFunctionArgs): Promise<CompetitionView> {
  const slug = params.competition ?? ''
  const competition = await remember(slug, fetchCompetition(slug))
  const elsewhere = redirectFor(competition, request)
  if (elsewhere) throw elsewhere
  return competition
}

/** The competition of the page being shown (any route under /:competition). */
export function useCompetition(): CompetitionView {
  return useRouteLoaderData('competition') as CompetitionView
}

export function Component() {
  return <Outlet />
}
