import { Navigate } from 'react-router'
import { paths } from '../../../lib/paths.ts'
import { useCompetitionStore } from '../../../stores/competition.ts'
import { useCompetition } from '../route.tsx'
import { afterStepsPath } from './next-step.ts'

/**
 * /:competition/base: on to the step the entrant is at, by the store's workStep (the server's), so
 * leaving and coming back — on any device — resumes where the entry stands; all done: the works list.
 */
export function Component() {
  const competition = useCompetition()
  const entry = useCompetitionStore((s) => s.userInfo)
  if (!entry) return null
  const step = competition.steps[entry.workStep]
  return (
    <Navigate
      to={step ? paths.competition.getHref(competition.slug, step.path) : afterStepsPath(competition)}
      replace
    />
  )
}
