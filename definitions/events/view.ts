import type { SectionEntry } from '../landing/types.ts'
import type { EventDefinition, WindowState } from './types.ts'

/**
 * What GET /events/page/:slug answers (schemas/api/events.ts eventViewSchema, a free-form object to the
 * serialiser). Written here, not in schemas/, because it extends the definitions' own types and schemas/
 * is a leaf.
 */
export interface EventView extends Omit<EventDefinition, 'sections'> {
  slug: string
  sections: SectionEntry[]
  state: WindowState
  stateLabel: string
  /** Shown dates, in Beijing time. */
  dates: string
  /** The form's window, in Beijing time, and why it takes no entry now (absent: it does). */
  submitDates?: string
  submitClosed?: string
  /** Why check-in is closed now (absent: it is open, or the event has none). */
  checkInClosed?: string
  pages: { index: string; submit?: string }
}
