import { type LoaderFunctionArgs, Outlet, redirect, useRouteLoaderData } from 'react-router'
import type { CompetitionView } from '../../../schemas/api/competition.ts'
import { getCompetition } from '../../api/competition.ts'
import { ApiError } from '../../api/http.ts'
import { paths } from '../../lib/paths.ts'

/**
 * /:competition/* — every competition's pages come from its definition (competitions/<slug>.json),
 * which the server serves. A slug no definition has is a 404 (SPEC §8), like any unknown path.
 */
export async function loader({ params }: LoaderFunctionArgs): Promise<CompetitionView> {
  try {
    return await getCompetition(params.competition ?? '')
  } catch (error) {
    if (error instanceof ApiError && error.code === 404) throw redirect(paths.notFound)
    throw error
  }
}

/** The competition of the page being shown (any route under /:competition). */
export function useCompetition(): CompetitionView {
  return useRouteLoaderData('competition') as CompetitionView
}

export function Component() {
  return <Outlet />
}
