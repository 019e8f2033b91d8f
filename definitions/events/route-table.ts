/**
 * Where each event lives, as the server hands it to every page it serves: the SPA's router adds a
 * route per event from this table when the page starts, so an event file added or moved needs a reload
 * of the definitions (README "定义文件的重新读取") and no build. The server writes it, the browser reads it; nothing else of the event
 * ships with the page.
 */
export interface EventRoute {
  slug: string
  path: string
}

/** The id of the JSON block (a block, not an inline script: the Content-Security-Policy allows none). */
export const EVENT_ROUTES_ELEMENT_ID = 'kb-event-routes'

/** The block for `</head>`: JSON that nothing in it can close (`<` escaped). */
export function eventRoutesBlock(routes: EventRoute[]): string {
  const json = JSON.stringify(routes.map(({ slug, path }) => ({ slug, path }))).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${EVENT_ROUTES_ELEMENT_ID}">${json}</script>`
}

/** The app shell with the table before `</head>` (at the end of a shell that has none). */
export function withEventRoutes(html: string, routes: EventRoute[]): string {
  const at = html.indexOf('</head>')
  if (at < 0) return `${html}${eventRoutesBlock(routes)}`
  return `${html.slice(0, at)}${eventRoutesBlock(routes)}\n  ${html.slice(at)}`
}
