import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router'
import { eventPagePaths } from '../../../definitions/events/types.ts'
import { paths } from '../../lib/paths.ts'

/**
 * Each event file's `path` only (a named import of the JSON, so no page content ships with the route
 * table): the routes come from events/, and no event is named in code.
 */
const eventPaths = import.meta.glob<string>(['/events/*.json', '!/events/*.schema.json'], {
  eager: true,
  import: 'path',
})

export type EventPageKind = 'index' | 'submit'

/**
 * The event's data for one of its pages. An event with a form has …/index and …/submit, and its bare
 * path leads to …/index; one without has only its path. Anything else is the 404 page.
 */
function eventLoader(slug: string, asked: 'bare' | EventPageKind) {
  return async (_args: LoaderFunctionArgs) => {
    // Loaded here, not imported above: the route table is in the start-up bundle, and the API client
    // (axios) must not be (tests/e2e/shell.test.ts starts the portal with it blocked).
    const [{ getEventPage }, { ApiError }] = await Promise.all([
      import('../../api/events.ts'),
      import('../../api/http.ts'),
    ])
    const event = await getEventPage(slug).catch((error: unknown) => {
      // A file removed since this build: the server no longer knows it.
      if (error instanceof ApiError && error.code === 404) throw redirect(paths.notFound)
      throw error
    })
    const pages = eventPagePaths(event)
    if (asked === 'bare') {
      if (pages.submit) throw redirect(pages.index)
      return { event, kind: 'index' as const }
    }
    if (!pages.submit) throw redirect(paths.notFound)
    return { event, kind: asked }
  }
}

export type EventLoaderData = Awaited<ReturnType<ReturnType<typeof eventLoader>>>

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
