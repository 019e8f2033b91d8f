import fs from 'node:fs'
import path from 'node:path'
import { fragmentNames, InvalidDefinitionsError } from '../../definitions/check-all.ts'
import { formatPhase, STAGE_LABELS, stageAt } from '../../definitions/competition/phases.ts'
import type { Competition } from '../../definitions/competition/types.ts'
import { checkEvents } from '../../definitions/events/check.ts'
import { resolveEvent } from '../../definitions/events/resolve.ts'
import type { EventRoute } from '../../definitions/events/route-table.ts'
import {
  type EventDefinition,
  type EventFile,
  eventPagePaths,
  type WindowState,
  windowState,
} from '../../definitions/events/types.ts'
import type { SectionEntry } from '../../definitions/landing/types.ts'
import { expandIncludes } from '../../definitions/landing/walk.ts'
import { formatBeijing } from '../../schemas/beijing-time.ts'

/** An event as the server serves it: its definition resolved (resolveEvent), includes expanded. */
export interface LoadedEventPage {
  slug: string
  definition: EventDefinition
  sections: SectionEntry[]
}

const STATE_LABELS: Record<WindowState, string> = {
  open: '进行中',
  upcoming: '即将开始',
  past: '已结束',
}

const SIGN_UP_OPEN_LABEL = '报名中'

/** What the submit page says when the form is not taking entries. */
export const SUBMIT_REFUSALS: Record<Exclude<WindowState, 'open'>, string> = {
  upcoming: '报名尚未开始',
  past: '报名已截止',
}

/**
 * The events of events/*.json under the definitions root, checked by the definitions core (an invalid
 * file stops the start with the checker's messages, as for competitions) and held in memory.
 */
export class EventRegistry {
  private files = new Map<string, { file: EventFile; sections: SectionEntry[] }>()
  private routeTable: EventRoute[] = []
  private readonly competitions: EventCompetitions
  private readonly stamp: <T>(value: T) => T

  /**
   * `competitions`: the registry in force, so bindings and times follow the console's dates; `stamp`:
   * the content hashes of the images (services/public-versions.ts), as they stand at each request.
   */
  constructor(root: string, competitions: EventCompetitions, stamp: <T>(value: T) => T = (value) => value) {
    this.competitions = competitions
    this.stamp = stamp
    const { events, errors } = checkEvents(root, fragmentNames(root), competitions.all())
    if (errors.length) throw new InvalidDefinitionsError(errors)
    this.use(root, events)
  }

  /** Serves these checked events from now on (a reload's: services/live-definitions.ts). */
  use(root: string, events: Array<{ slug: string; definition: EventFile }>): void {
    const include = (name: string) => {
      const file = path.join(root, 'landing-pages/_shared', `${name}.json`)
      return fs.existsSync(file)
        ? (JSON.parse(fs.readFileSync(file, 'utf8')) as { sections: SectionEntry[] }).sections
        : undefined
    }
    this.files = new Map(
      events.map(({ slug, definition }) => [
        slug,
        { file: definition, sections: expandIncludes(definition.sections, include) },
      ]),
    )
    // A new array only when the files are read again: what is built from it (the app shell) is kept per table.
    this.routeTable = events.map(({ slug, definition }) => ({ slug, path: definition.path }))
  }

  /** Where each event lives, for the SPA's router (definitions/events/route-table.ts). */
  routes(): EventRoute[] {
    return this.routeTable
  }

  /** The event with its competition's times and facts as they stand now. */
  private resolved(slug: string, file: EventFile, sections: SectionEntry[]): LoadedEventPage {
    const competition = file.competition ? this.competitions.bySlug(file.competition) : undefined
    const definition = this.stamp(resolveEvent({ ...file, sections }, competition))
    return { slug, definition, sections: definition.sections }
  }

  all(): LoadedEventPage[] {
    return [...this.files].map(([slug, { file, sections }]) => this.resolved(slug, file, sections))
  }

  get(slug: string): LoadedEventPage | undefined {
    const found = this.files.get(slug)
    return found && this.resolved(slug, found.file, found.sections)
  }
}

/** What the event registry reads of the competition registry. */
interface EventCompetitions {
  all(): Competition[]
  bySlug(slug: string): Competition | undefined
}

/**
 * Open while the event runs or its form takes entries, upcoming before either, past after its end.
 * Between the form's close and the first day nothing is open: the event is upcoming again.
 */
export function eventState(event: EventDefinition, now: number): WindowState {
  const own = windowState(event.startsAt, event.endsAt, now)
  if (own !== 'upcoming') return own
  return event.submit && windowState(event.submit.opensAt, event.submit.closesAt, now) === 'open'
    ? 'open'
    : 'upcoming'
}

/** Said on the hub and the event page: 报名中 while only the form is open (the event has not begun). */
export function eventStateLabel(event: EventDefinition, now: number): string {
  const state = eventState(event, now)
  return state === 'open' && now < Date.parse(event.startsAt) ? SIGN_UP_OPEN_LABEL : STATE_LABELS[state]
}

/** Why the event's form takes no entry now, or undefined when it does. */
export function submitRefusal(event: EventDefinition, now: number): string | undefined {
  if (!event.submit) return '该活动没有在线报名'
  const state = windowState(event.submit.opensAt, event.submit.closesAt, now)
  return state === 'open' ? undefined : SUBMIT_REFUSALS[state]
}

/** Why check-in is closed now (it is open on the event's own dates), or undefined. */
export function checkInRefusal(event: EventDefinition, now: number): string | undefined {
  if (!event.checkIn) return '该活动没有现场签到'
  const state = windowState(event.startsAt, event.endsAt, now)
  if (state === 'upcoming') return `签到尚未开始：活动于 ${formatPhase(event.startsAt)} 开始`
  if (state === 'past') return '活动已结束，签到已关闭'
  return undefined
}

/** 2026年12月12日 09:00 — 2026年12月14日 17:00, in Beijing time whatever the machine's zone. */
export const formPhaseRange = (from: string, to: string) => `${formatPhase(from)} — ${formatPhase(to)}`

const yearOf = (iso: string) => Number(formatBeijing(Date.parse(iso)).slice(0, 4))

/** One card of /events/index and /mobile/competition/index: a competition or an event. */
export interface HubItem {
  type: 'competition' | 'event'
  slug: string
  kind: string
  title: string
  description: string
  cover: { src: string; alt: string; width: number; height: number }
  href: string
  state: WindowState
  stateLabel: string
  year: number
  dates: string
  venue?: string
  startsAt: string
  /** A competition with published results: its results page (issue 24 item 7). */
  resultsHref?: string
}

/** Every competition and event, open first, then upcoming, then past; latest first within each. */
export function hubItems(
  competitions: Competition[],
  events: LoadedEventPage[],
  now: number,
  published: ReadonlySet<number> = new Set(),
): HubItem[] {
  const order: Record<WindowState, number> = { open: 0, upcoming: 1, past: 2 }
  const items: HubItem[] = [
    ...competitions.map((c): HubItem => {
      const stage = stageAt(c.phases, now)
      const state: WindowState = stage === 'upcoming' ? 'upcoming' : stage === 'finished' ? 'past' : 'open'
      return {
        type: 'competition',
        slug: c.slug,
        kind: '竞赛',
        title: c.title,
        description: c.description,
        cover: c.cover,
        href: `/${c.slug}/index`,
        state,
        stateLabel: STAGE_LABELS[stage],
        year: c.year,
        dates: `报名 ${formatPhase(c.phases.registrationOpens)} — ${formatPhase(c.phases.registrationCloses)}`,
        startsAt: c.phases.registrationOpens,
        ...(c.judging && c.awards && published.has(c.competitionId)
          ? { resultsHref: `/${c.slug}/results` }
          : {}),
      }
    }),
    ...events.map(({ slug, definition: e }): HubItem => {
      const state = eventState(e, now)
      return {
        type: 'event',
        slug,
        kind: e.kind,
        title: e.title,
        description: e.description,
        cover: e.cover,
        href: eventPagePaths(e).index,
        state,
        stateLabel: eventStateLabel(e, now),
        year: yearOf(e.startsAt),
        dates: formPhaseRange(e.startsAt, e.endsAt),
        ...(e.venue ? { venue: e.venue } : {}),
        startsAt: e.startsAt,
      }
    }),
  ]
  return items.sort(
    (a, b) => order[a.state] - order[b.state] || Date.parse(b.startsAt) - Date.parse(a.startsAt),
  )
}
