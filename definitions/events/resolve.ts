import { bindFactsOf } from '../competition/facts.ts'
import type { Competition } from '../competition/types.ts'
import type { EventDefinition, EventFile } from './types.ts'

/**
 * The event as pages show it. Naming its competition, an event takes the times it leaves out from
 * it (the event runs from registration to results, its form takes entries while registration is
 * open) and binds its facts — `{{pay.fee}}`, `{{phases.registrationCloses}}`, `{{links.register}}` —
 * in every text, so no fact is typed twice. The checker has made sure that an event without a
 * competition writes its times and no binding.
 */
export function resolveEvent(event: EventFile, competition: Competition | undefined): EventDefinition {
  if (!competition) return event as EventDefinition
  const { phases } = competition
  const { submit, ...rest } = event
  const dated: EventDefinition = {
    ...rest,
    startsAt: event.startsAt ?? phases.registrationOpens,
    endsAt: event.endsAt ?? phases.results,
    ...(submit
      ? {
          submit: {
            ...submit,
            opensAt: submit.opensAt ?? phases.registrationOpens,
            closesAt: submit.closesAt ?? phases.registrationCloses,
          },
        }
      : {}),
  }
  return bindFactsOf(competition, dated)
}
