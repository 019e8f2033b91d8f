import { AsyncLocalStorage } from 'node:async_hooks'
import { ChakraProvider } from '@chakra-ui/react'
import createCache from '@emotion/cache'
import { CacheProvider } from '@emotion/react'
import { serializeStyles } from '@emotion/serialize'
import createEmotionServer from '@emotion/server/create-instance'
import { type AxiosAdapter, AxiosError } from 'axios'
import { prerenderToNodeStream } from 'react-dom/static'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router'
import { type EventRoute, eventRoutesBlock } from '../definitions/events/route-table.ts'
import { http } from './api/http.ts'
import { configureHttp } from './api/http-hooks.ts'
import { headTags } from './app/document-head.tsx'
import { appRoutes } from './app/router.tsx'
import { serverStyleTags } from './app/server-css.ts'
import { system } from './app/theme.ts'
import { loadAllSections } from './engine/landing/section-list.tsx'
import { headOf, startsWhenUsed } from './lib/page-head.ts'
import { paths, routerBasename, toSitePath } from './lib/paths.ts'
import { RenderClock } from './lib/render-clock.ts'

/**
 * The server's half of public pages (built by `vite build --ssr` into dist/ssr/, loaded by
 * server/plugins/page-render.ts): runs the matched routes' loaders, renders the page as a signed-out
 * visitor sees it, and hands back its <head> tags, its critical CSS, its markup and the data the
 * browser hydrates from. Private pages (no head) are not rendered here.
 */

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'browser-only'; loaderError?: unknown }
  | { kind: 'page'; status: number; head: string; styles: string; html: string; data: string }

/** One API call a loader makes, answered in process by the server's own routes. */
export type ApiCall = (call: {
  method: string
  url: string
  body?: string
}) => Promise<{ status: number; headers: Record<string, string>; body: string }>

export interface RenderOptions {
  /** The public origin share tags point at (SITE_ORIGIN, or the request's own). */
  origin: string
  api: ApiCall
  /** Where each event lives, as the server read events/ (definitions/events/route-table.ts). */
  events: EventRoute[]
}

/**
 * The server whose page is being rendered. A process may hold several (the bench and tests build one
 * app per database), and the API client is one module-wide instance: each render's calls must reach
 * its own server, not the first one that rendered.
 */
const renderingApi = new AsyncLocalStorage<ApiCall>()

/** The loaders' API client (src/api) keeps working on the server: its requests go to the rendering server. */
function inProcessAdapter(): AxiosAdapter {
  return async (config) => {
    const api = renderingApi.getStore()
    if (!api) throw new AxiosError('no page is being rendered', AxiosError.ERR_NETWORK, config)
    const answer = await api({
      method: (config.method ?? 'get').toUpperCase(),
      url: http.getUri(config),
      body: typeof config.data === 'string' ? config.data : undefined,
    })
    const response = {
      data: answer.body,
      status: answer.status,
      statusText: '',
      headers: answer.headers,
      config,
      request: {},
    }
    if (answer.status >= 200 && answer.status < 300) return response
    throw new AxiosError(`HTTP ${answer.status}`, AxiosError.ERR_BAD_RESPONSE, config, {}, response)
  }
}

/**
 * The router's handler for a table of events: the same table (the server's, until it reads events/
 * again) gets the same handler, and a render of another table never sees this one's routes.
 */
let handled: { key: string; handler: ReturnType<typeof createStaticHandler> } | undefined
function handlerFor(events: EventRoute[]) {
  const key = JSON.stringify(events)
  if (handled?.key !== key)
    handled = { key, handler: createStaticHandler(appRoutes(events), { basename: routerBasename }) }
  return handled.handler
}
/** The name emotion gives Chakra's global CSS; the browser adopts the tag by it (src/app/server-css.ts). */
const globalCssName = serializeStyles([system._global]).name
let configured = false

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
// JSON inside <script>: nothing may close the element or open a comment.
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

async function renderToString(node: React.ReactNode): Promise<string> {
  // prerender waits for anything still loading, so the HTML is the whole page, not its fallbacks; an
  // unbounded chunk size keeps large sections inline instead of moved in later by inline scripts,
  // which the Content-Security-Policy (script-src 'self') would block.
  const { prelude } = await prerenderToNodeStream(node, { progressiveChunkSize: Number.POSITIVE_INFINITY })
  const chunks: Buffer[] = []
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks).toString('utf8')
}

export function render(request: Request, options: RenderOptions): Promise<RenderResult> {
  return renderingApi.run(options.api, () => renderPage(request, options))
}

async function renderPage(request: Request, options: RenderOptions): Promise<RenderResult> {
  if (!configured) {
    await loadAllSections()
    http.defaults.adapter = inProcessAdapter()
    // No browser address to read and no one to send to sign-in: pages render signed out.
    configureHttp({ currentPath: () => '/', onUnauthorized: () => {} })
    configured = true
  }
  const handler = handlerFor(options.events)
  const context = await handler.query(request)
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' }
  }
  // A loader that failed (the API down) leaves the page to the browser, which shows its own error.
  if (context.errors) return { kind: 'browser-only', loaderError: Object.values(context.errors)[0] }
  const matches = context.matches.map((m) => ({
    handle: m.route.handle,
    loaderData: context.loaderData[m.route.id],
  }))
  const head = headOf(matches)
  if (!head) return { kind: 'browser-only' }

  const renderedAt = Date.now()
  const cache = createCache({ key: 'css' })
  const emotion = createEmotionServer(cache)
  const router = createStaticRouter(handler.dataRoutes, context)
  const html = await renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>
        <RenderClock.Provider value={renderedAt}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </RenderClock.Provider>
      </ChakraProvider>
    </CacheProvider>,
  )
  const styles = serverStyleTags(emotion.extractCriticalToChunks(html).styles)
  const tags = headTags(head, options.origin, toSitePath(new URL(request.url).pathname))
  const headHtml = [
    `<title>${escapeHtml(tags.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(tags.canonical)}" />`,
    ...tags.meta.map(([attr, key, content]) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`),
    // The browser's router builds the events' routes from it, as the shell's (server/plugins/spa.ts).
    eventRoutesBlock(options.events),
  ].join('\n    ')
  const data = scriptJson({
    renderedAt,
    globalCss: globalCssName,
    hydration: { loaderData: context.loaderData, actionData: context.actionData },
    ...(startsWhenUsed(matches) && { startOn: 'use' }),
  })
  const sitePath = toSitePath(new URL(request.url).pathname)
  // The not-found page says so to crawlers too.
  const status = sitePath === paths.notFound.path ? 404 : context.statusCode
  return { kind: 'page', status, head: headHtml, styles, html, data }
}
