import type { LandingSignupForm } from '../../schemas/forms/index.ts'
import type { Image, SectionEntry } from '../landing/types.ts'

/** The online form of an event: which registry form, and when it takes entries. */
export interface EventSubmit {
  /** A form of schemas/forms marked `eventForm` (e.g. event-signup). */
  form: LandingSignupForm
  opensAt: string
  closesAt: string
  /** Heading of the submit page, e.g. 在线报名. */
  title: string
  /** What the entrant reads above the form. */
  intro?: string
}

/**
 * An event as pages use it (see events/README.md): its file with the times its competition gives
 * filled in and its bindings filled (definitions/events/resolve.ts).
 */
export interface EventDefinition {
  $schema?: string
  /** The competition (competitions/<name>.json) whose facts its text binds and whose dates it takes. */
  competition?: string
  /** The site path of the event: /events/<name>, /competition/<name> or one segment. */
  path: string
  title: string
  description: string
  /** What kind of event the card names: 活动, 竞赛, 论坛, 平台. */
  kind: string
  cover: Image
  shareImage?: Image
  venue?: string
  startsAt: string
  endsAt: string
  /** An online form: the event gets …/index and …/submit pages. */
  submit?: EventSubmit
  /** On-site check-in at /signIn?event=<slug>, open on the event's dates. */
  checkIn?: boolean
  sections: SectionEntry[]
}

/** An event as written: with a competition, its times may be left to the competition's. */
export type EventFile = Omit<EventDefinition, 'startsAt' | 'endsAt' | 'submit'> &
  Partial<Pick<EventDefinition, 'startsAt' | 'endsAt'>> & {
    submit?: Omit<EventSubmit, 'opensAt' | 'closesAt'> & Partial<Pick<EventSubmit, 'opensAt' | 'closesAt'>>
  }

/** An event file's name is its slug: letters, digits and -. */
export const EVENT_SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]*$/

/** The pages of an event: index and submit under its path when it has a form, else the path alone. */
export function eventPagePaths(event: { path: string; submit?: object }): {
  index: string
  submit?: string
} {
  return event.submit
    ? { index: `${event.path}/index`, submit: `${event.path}/submit` }
    : { index: event.path }
}

/** Where a time stands against a window: before it opens, inside it, or after it closed. */
export type WindowState = 'upcoming' | 'open' | 'past'

export function windowState(opensAt: string, closesAt: string, now: number): WindowState {
  if (now < Date.parse(opensAt)) return 'upcoming'
  if (now > Date.parse(closesAt)) return 'past'
  return 'open'
}
