import type { CompetitionView } from '../../../../definitions/competition/view.ts'
import { paths } from '../../../lib/paths.ts'

type StepKey = CompetitionView['steps'][number]['key']

/** Where an entrant goes once every step is done: the works list, or the work where there is none. */
export const afterStepsPath = (competition: CompetitionView) =>
  paths.competition.getHref(
    competition.slug,
    competition.works.manage ? 'base/works/manage' : 'base/works/base',
  )

/** The path after step `key` (with the work's id where the next step is about one work). */
export function nextStepPath(competition: CompetitionView, key: StepKey, workId?: number): string {
  const steps = competition.steps
  const next = steps[steps.findIndex((step) => step.key === key) + 1]
  if (!next) return afterStepsPath(competition)
  const href = paths.competition.getHref(competition.slug, next.path)
  return `${href}${next.path.startsWith('base/works/') && workId ? `?id=${workId}` : ''}`
}
