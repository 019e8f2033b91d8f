import type { RouteObject } from 'react-router'
import { EVENT_ROUTES_ELEMENT_ID, type EventRoute } from '../../../definitions/events/route-table.ts'
import { eventLoader } from './event-loader.ts'

const page = () => import('./event-page.tsx')

/**
 * The events the page was served with (definitions/events/route-table.ts): read from the page, not
 * from the build, so an event added to events/ is routed after a restart with no rebuild.
 */
export function servedEventRoutes(): EventRoute[] {
  const text = document.getElementById(EVENT_ROUTES_ELEMENT_ID)?.textContent
  if (!text) return []
  try {
    return JSON.parse(text) as EventRoute[]
  } catch {
    return []
  }
}

/** The routes of every event page (README "活动页"), for the app's route table. */
export function eventRoutes(events: EventRoute[]): RouteObject[] {
  return events.flatMap(({ slug, path }) => {
    const at = path.slice(1)
    return [
      { id: `event:${slug}`, path: at, loader: eventLoader(slug, 'bare'), lazy: page },
      { id: `event:${slug}:index`, path: `${at}/index`, loader: eventLoader(slug, 'index'), lazy: page },
      { id: `event:${slug}:submit`, path: `${at}/submit`, loader: eventLoader(slug, 'submit'), lazy: page },
    ]
  })
}
