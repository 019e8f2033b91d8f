import { redirect } from 'react-router'
import { eventPagePaths } from '../../../definitions/events/types.ts'
import { getEventPage } from '../../api/events.ts'
import { ApiError } from '../../api/http.ts'
import { paths } from '../../lib/paths.ts'

export type EventPageKind = 'index' | 'submit'

/**
 * The event's data for one of its pages. An event with a form has …/index and …/submit, and its bare
 * path leads to …/index; one without has only its path. Anything else is the 404 page.
 */
export async function loadEventPage(slug: string, asked: 'bare' | EventPageKind) {
  const event = await getEventPage(slug).catch((error: unknown) => {
    // A file removed since this build: the server no longer knows it.
    if (error instanceof ApiError && error.code === 404) throw redirect(paths.notFound.path)
    throw error
  })
  const pages = eventPagePaths(event)
  if (asked === 'bare') {
    if (pages.submit) throw redirect(pages.index)
    return { event, kind: 'index' as const }
  }
  if (!pages.submit) throw redirect(paths.notFound.path)
  return { event, kind: asked }
}
