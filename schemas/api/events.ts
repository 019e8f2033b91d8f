import type { FromSchema } from 'json-schema-to-ts'
import { anyText, boolean, integer, listOf, object, text } from './json.ts'

/** The API paths of event pages (server/routes/events.ts), named once for the SPA and the server (slugs are letters, digits and -; the server routes pass `:slug`). */
export const EVENTS_API = {
  hub: '/events/hub',
  page: (slug: string) => `/events/page/${slug}`,
  entry: (slug: string) => `/events/page/${slug}/entry`,
  submit: (slug: string) => `/events/page/${slug}/submit`,
  checkIn: (slug: string) => `/events/page/${slug}/check-in`,
} as const

/** One card of /events/index and /mobile/competition/index: a competition or an event. */
export const hubItemSchema = object(
  {
    type: { enum: ['competition', 'event'] },
    slug: text(64),
    kind: text(6),
    title: text(60),
    description: text(200),
    cover: object({ src: anyText, alt: anyText, width: integer, height: integer }),
    href: text(200),
    state: { enum: ['open', 'upcoming', 'past'] },
    stateLabel: text(10),
    year: integer,
    dates: text(80),
    venue: text(60),
    startsAt: text(32),
    /** A competition whose results are published: /<slug>/results (the card links it). */
    resultsHref: text(200),
  },
  ['venue', 'resultsHref'],
)
export type HubItem = FromSchema<typeof hubItemSchema>

/** GET /events/page/:slug: the definition with includes expanded, and where it stands now (EventView, definitions/events/view.ts). */
export const eventViewSchema = { type: 'object', additionalProperties: true } as const

/** GET /events/page/:slug/entry: the signed-in user's entry, or null before they have entered. */
export const eventEntrySchema = {
  anyOf: [
    object({ id: integer, data: { type: 'object', additionalProperties: true }, createdAt: text(32) }),
    { type: 'null' },
  ],
} as const
export interface EventEntryView {
  id: number
  data: Record<string, unknown>
  createdAt: string
}

/** POST /events/page/:slug/check-in: the check-in, first or repeated. */
export const checkInResultSchema = object({ repeat: boolean, checkedInAt: text(32), eventTitle: text(60) })
export type CheckInResult = FromSchema<typeof checkInResultSchema>

export const hubListSchema = listOf(hubItemSchema)
