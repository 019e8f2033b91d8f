import type { EventView } from '../../definitions/events/view.ts'
import type { CreatedId } from '../../schemas/api/common.ts'
import {
  type CheckInResult,
  EVENTS_API,
  type EventEntryView,
  type HubItem,
} from '../../schemas/api/events.ts'
import { getData, postData } from './http.ts'

/** Every competition and event, open first (public): /events/index and /mobile/competition/index. */
export const listHub = () => getData<HubItem[]>(EVENTS_API.hub)

/** An event page's data; the server answers code 404 for an unknown event. */
export const getEventPage = (slug: string) =>
  getData<EventView>(EVENTS_API.page(slug), { skipAuthRedirect: true, logOnlyCodes: [404] })

/** The signed-in user's entry to the event, or null. */
export const getMyEventEntry = (slug: string) =>
  getData<EventEntryView | null>(EVENTS_API.entry(slug), { skipAuthRedirect: true })

/** Sends the event's form; the server validates it with the same schema and stores it. */
export const submitEventEntry = (slug: string, data: Record<string, unknown>) =>
  postData<CreatedId>(EVENTS_API.submit(slug), data)

/** On-site check-in: name and phone; a repeat answers the first check-in. */
export const checkInAtEvent = (slug: string, data: Record<string, unknown>) =>
  postData<CheckInResult>(EVENTS_API.checkIn(slug), data)
