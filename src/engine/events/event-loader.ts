import type { LoaderFunctionArgs } from 'react-router'
import type { EventPageKind, loadEventPage } from './event-data.ts'

/**
 * The loader of an event page. Its work is in event-data.ts, loaded when a visitor opens an event:
 * the route table is in the start-up bundle, and the API client (axios) must not be
 * (tests/e2e/shell.test.ts starts the portal with it blocked).
 */
export function eventLoader(slug: string, asked: 'bare' | EventPageKind) {
  return async (_args: LoaderFunctionArgs) => (await import('./event-data.ts')).loadEventPage(slug, asked)
}

export type EventLoaderData = Awaited<ReturnType<typeof loadEventPage>>
