import { type Step, stepsOf } from './routes.ts'
import type { CompetitionDefinition } from './types.ts'

/**
 * How far an entrant has come, as pure functions of the definition and what is stored: the server
 * answers `workStep` from these and refuses to finalise an entry without a complete work; the SPA's
 * step bar reads the same index.
 */
export interface WorkProgress {
  /** The work-info form (design statement, team) is saved. */
  info: boolean
  adviser: boolean
  propertyRight: boolean
  displayBoard: boolean
}

type Forms = Pick<CompetitionDefinition, 'forms'>

/** Every work step the definition asks for is saved (the base info exists for any stored work). */
export function isWorkComplete(definition: Forms, work: WorkProgress): boolean {
  const { forms } = definition
  if (forms.workInfo && !work.info) return false
  if (!forms.workInfo && forms.adviser && !work.adviser) return false
  if (forms.propertyRight && !work.propertyRight) return false
  if (forms.displayBoard && !work.displayBoard) return false
  return true
}

export interface EntryProgress {
  registered: boolean
  works: WorkProgress[]
  paid: boolean
}

/** Which of the definition's steps are done, by step key. */
export function doneSteps(definition: Pick<CompetitionDefinition, 'forms' | 'pay'>, entry: EntryProgress) {
  const { forms } = definition
  const done: Record<Step['key'], boolean> = {
    infomation: entry.registered,
    'works-base': entry.works.length > 0,
    'works-info': entry.works.some((w) => (forms.workInfo ? w.info : w.adviser)),
    // Judged on one work: info on one work and boards on another do not make an entry that can be
    // finalised (the server wants one complete work), so the step bar must not say they do.
    'works-display': entry.works.some((w) => isWorkComplete(definition, w)),
    pay: entry.paid,
  }
  return done
}

/**
 * The index in `stepsOf(definition)` of the first step not yet done (0: no registration yet), or the
 * number of steps when every one is done.
 */
export function workStepOf(definition: Pick<CompetitionDefinition, 'forms' | 'pay'>, entry: EntryProgress) {
  const steps = stepsOf(definition)
  const done = doneSteps(definition, entry)
  const index = steps.findIndex((step) => !done[step.key])
  return index === -1 ? steps.length : index
}
