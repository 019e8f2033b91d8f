import type { Stage } from './phases.ts'
import type { Step } from './routes.ts'
import type { Competition } from './types.ts'

/**
 * What GET /api/competition/definition/{slug} answers (schemas/api/competition.ts competitionViewSchema,
 * a free-form object to the serialiser): the definition with where it stands now and its steps and routes.
 * Written here, not in schemas/, because it extends the definitions' own types and schemas/ is a leaf.
 */
export interface CompetitionView extends Competition {
  stage: Stage
  /** The stage in words: 结果已公布 once the results are published (definitions/competition/phases.ts shownStage). */
  stageLabel: string
  steps: Step[]
  routes: string[]
  /** The share card (JPEG or PNG) the page's og:image names. */
  shareCard: string
  /** Results are published: the index page links /<slug>/results (set by the server, not the definition). */
  resultsPublished?: boolean
}
