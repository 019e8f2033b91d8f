import type { Stage } from '../definitions/competition/phases.ts'
import type { Step } from '../definitions/competition/routes.ts'
import type { Competition } from '../definitions/competition/types.ts'

/**
 * What GET /api/competition/definition/{slug} answers: the definition the competition engine renders
 * (its pages with includes already expanded), with where it stands now and its steps and routes.
 * The server builds it from the definitions core; the SPA renders every competition page from it,
 * so a new file in competitions/ needs only a restart.
 */
export interface CompetitionView extends Competition {
  stage: Stage
  steps: Step[]
  routes: string[]
}

export const competitionDefinitionPath = (slug: string) =>
  `/competition/definition/${encodeURIComponent(slug)}`
