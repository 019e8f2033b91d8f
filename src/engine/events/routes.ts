import type { RouteObject } from 'react-router'
import { eventLoader } from './event-loader.ts'

/**
 * Each event file's `path` only (a named import of the JSON, so no page content ships with the route
 * table): the routes come from events/, and no event is named in code.
 */
const eventPaths = import.meta.glob<string>(['/events/*.json', '!/events/*.schema.json'], {
  eager: true,
  import: 'path',
})

const page = () => import('./event-page.tsx')

/** The routes of every event page (README "活动页"), for the app's route table. */
export function eventRoutes(): RouteObject[] {
  return Object.entries(eventPaths).flatMap(([file, path]) => {
    const slug = file.replace(/^\/events\//, '').replace(/\.json$/, '')
    const at = path.slice(1)
    return [
      { id: `event:${slug}`, path: at, loader: eventLoader(slug, 'bare'), lazy: page },
      { id: `event:${slug}:index`, path: `${at}/index`, loader: eventLoader(slug, 'index'), lazy: page },
      { id: `event:${slug}:submit`, path: `${at}/submit`, loader: eventLoader(slug, 'submit'), lazy: page },
    ]
  })
}
