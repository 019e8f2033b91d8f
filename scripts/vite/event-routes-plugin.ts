import type { Plugin } from 'vite'
import { checkAllDefinitions } from '../../definitions/check-all.ts'
import { withEventRoutes } from '../../definitions/events/route-table.ts'

/**
 * `npm run dev`: Vite serves index.html itself, not the API server, so the table of events that the
 * server puts in every page (definitions/events/route-table.ts) is put in here, read from events/ at
 * each page load — an event saved in development is routed at the next reload.
 */
export function eventRoutesPlugin(root: string): Plugin {
  return {
    name: 'kabu:event-routes',
    apply: 'serve',
    transformIndexHtml(html) {
      const events = checkAllDefinitions(root).events
      return withEventRoutes(
        html,
        events.map(({ slug, definition }) => ({ slug, path: definition.path })),
      )
    },
  }
}
