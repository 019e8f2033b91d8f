import { phaseRefusal } from '../../../../definitions/competition/phases.ts'
import type { CompetitionView } from '../../../../definitions/competition/view.ts'
import type { CompetitionEntry } from '../../../../schemas/api/competition.ts'

/** The workspace's word for a submitted entry (the step bar's badge and the works' state). */
export const SUBMITTED = '已提交'
const SUBMITTED_NOTE = '已提交：报名信息和作品不能再修改，也不能撤回。'

/**
 * Why the entrant can no longer change a part of the entry (undefined: they can), by the same rules
 * the server refuses with (definitions/competition/phases.ts): the registration form is open only
 * while registering, the works only until the submission deadline, and nothing after 确认提交.
 * The pages show the forms read-only with this reason instead of letting the server say no.
 */
interface EntryLock {
  registration: string | undefined
  works: string | undefined
}

export function entryLock(
  competition: Pick<CompetitionView, 'phases'>,
  entry: Pick<CompetitionEntry, 'finalised' | 'registered'> | null | undefined,
  now = Date.now(),
): EntryLock {
  if (entry?.finalised) return { registration: SUBMITTED_NOTE, works: SUBMITTED_NOTE }
  const registration = phaseRefusal(competition.phases, 'register', now)
  const works =
    phaseRefusal(competition.phases, 'submit', now) ?? (entry?.registered ? undefined : registration)
  return { registration, works }
}
