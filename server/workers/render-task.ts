import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { MessagePort } from 'node:worker_threads'
import zlib from 'node:zlib'
import type { EventRoute } from '../../definitions/events/route-table.ts'

/**
 * Server rendering in a worker thread (server/plugins/page-render.ts asks for it). The thread loads the
 * built renderer (dist/ssr/entry-server.js) once, renders the page as a signed-out visitor sees it,
 * fills the app shell and compresses the result, so none of that touches the thread that answers
 * requests. The page's data comes from the server's own routes: each API call a loader makes crosses
 * back over `port`, where the main thread answers it with `app.inject`.
 */

/** What src/entry-server.tsx exports (the server never imports src/: it loads the built bundle). */
type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'browser-only'; loaderError?: unknown }
  | { kind: 'page'; status: number; head: string; styles: string; html: string; data: string }
interface ApiAnswer {
  status: number
  headers: Record<string, string>
  body: string
}
export interface ApiCall {
  id: number
  method: string
  url: string
  body?: string
}
/** What a render sends over its port: its loaders' API calls, and first word that it has begun. */
export type RenderMessage = ApiCall | { started: true }
interface RendererModule {
  render(
    request: Request,
    options: {
      origin: string
      api(call: Omit<ApiCall, 'id'>): Promise<ApiAnswer>
      events: EventRoute[]
    },
  ): Promise<RenderResult>
}

/** The id the browser entry reads the page's data from (src/app/served-page.ts). */
const DATA_ID = 'kb-page-data'

export interface RenderInput {
  /** The built SPA (STATIC_DIR): its index.html is the shell, ssr/entry-server.js the renderer. */
  staticDir: string
  /** The page's whole address, origin included. */
  url: string
  origin: string
  /** Where the loaders' API calls go (the main thread answers them). */
  port: MessagePort
  /** Where each event lives (events/ as the server read it): the router's routes for them. */
  events: EventRoute[]
  /**
   * When no one waits for the page any more (epoch ms): a render that reaches a thread later is not
   * begun. Under overload the queue holds renders whose visitors already have the shell.
   */
  notAfter: number
}

export type RenderOutput =
  | { kind: 'expired' }
  | ((
      | { kind: 'redirect'; status: number; location: string }
      | { kind: 'browser-only'; loaderError?: { name: string; message: string; stack?: string } }
      | { kind: 'page'; status: number; raw: Uint8Array; br: Uint8Array; gzip: Uint8Array }
    ) & {
      /**
       * The query parameters the render read, sorted, or `['*']` when it took them all: the page cache
       * keys a page by these alone (page-render.ts).
       */
      reads: string[]
    })

const loaded = new Map<string, { renderer: Promise<RendererModule>; template: string }>()
function rendererOf(staticDir: string) {
  let entry = loaded.get(staticDir)
  if (!entry) {
    entry = {
      renderer: import(
        pathToFileURL(path.join(staticDir, 'ssr', 'entry-server.js')).href
      ) as Promise<RendererModule>,
      template: fs.readFileSync(path.join(staticDir, 'index.html'), 'utf8'),
    }
    loaded.set(staticDir, entry)
  }
  return entry
}

/** Loads the renderer without rendering, so a thread's first page does not wait for it. */
export async function warmRenderer(staticDir: string): Promise<void> {
  await rendererOf(staticDir).renderer
}

export async function render({
  staticDir,
  url,
  origin,
  port,
  notAfter,
  events,
}: RenderInput): Promise<RenderOutput> {
  const { renderer, template } = rendererOf(staticDir)
  const module = await renderer
  if (Date.now() > notAfter) {
    port.close()
    return { kind: 'expired' }
  }
  // The main thread times the render from here: waiting for a thread, or for one to load the
  // renderer, is not the render being slow, and must never get a thread terminated.
  port.postMessage({ started: true } satisfies RenderMessage)
  const api = apiOver(port)
  const reads = trackQueryReads(new URL(url).searchParams)
  try {
    const result = await module.render(new Request(url), { origin, api, events })
    const read = reads.stop()
    if (result.kind === 'redirect') return { ...result, reads: read }
    if (result.kind === 'browser-only') {
      const error = result.loaderError
      return {
        kind: 'browser-only',
        loaderError:
          error instanceof Error
            ? { name: error.name, message: error.message, stack: error.stack }
            : undefined,
        reads: read,
      }
    }
    const raw = Buffer.from(fillTemplate(template, result), 'utf8')
    return {
      kind: 'page',
      status: result.status,
      raw,
      br: zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } }),
      gzip: zlib.gzipSync(raw, { level: 6 }),
      reads: read,
    }
  } finally {
    reads.stop()
    port.close()
  }
}

/** The loaders' API client: each call goes to the main thread over the port and waits for its answer. */
function apiOver(port: MessagePort) {
  let next = 0
  const pending = new Map<number, (answer: ApiAnswer) => void>()
  port.on('message', (answer: ApiAnswer & { id: number }) => {
    pending.get(answer.id)?.(answer)
    pending.delete(answer.id)
  })
  return (call: Omit<ApiCall, 'id'>) =>
    new Promise<ApiAnswer>((resolve) => {
      const id = ++next
      pending.set(id, resolve)
      port.postMessage({ id, ...call } satisfies RenderMessage)
    })
}

/**
 * Holds the first paint until the parser reaches the data script that follows #root (Chromium lifts
 * the block when the named element is inserted, so naming #root itself would not wait for its
 * content): the app's markup is a few tens of KB, parsed in milliseconds.
 */
const WAIT_FOR_APP_MARKUP = `<link rel="expect" href="#${DATA_ID}" blocking="render" />`

function fillTemplate(template: string, page: Extract<RenderResult, { kind: 'page' }>): string {
  return (
    template
      .replace(/<title>[^<]*<\/title>/, () => page.head)
      .replace(/\s*<meta name="description"[^>]*>/, '')
      // The first frame waits until the app's markup is parsed: painted half way (the parser yields
      // after the ~100 KB of critical CSS on a slow phone), a row of chips was laid out without its
      // last chip and then moved (Chromium 124+; other browsers ignore the hint).
      .replace('</head>', () => `${page.styles}\n    ${WAIT_FOR_APP_MARKUP}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.html}</div>\n    <script type="application/json" id="${DATA_ID}">${page.data}</script>`,
      )
  )
}

/**
 * Which query parameters of the page's address a render reads. Loaders and components read them
 * through URLSearchParams (`new URL(request.url).searchParams`, `useSearchParams()`), each a new object
 * holding the page's parameters: while a render runs, reads on any such object — one whose contents are
 * the page's — are noted by name; a walk over all of them (entries, keys, forEach, copying it, toString)
 * notes `*`, and the page is then keyed by its whole query. A worker renders one page at a time, so one
 * tracker at a time is enough.
 */
type Tracker = { search: string; names: Set<string> }
let tracking: Tracker | undefined
let patched = false

function trackQueryReads(params: URLSearchParams): { stop(): string[] } {
  patchUrlSearchParams()
  const tracker: Tracker = { search: params.toString(), names: new Set() }
  tracking = tracker
  return {
    stop() {
      if (tracking === tracker) tracking = undefined
      return tracker.names.has('*') ? ['*'] : [...tracker.names].sort()
    },
  }
}

function patchUrlSearchParams(): void {
  if (patched) return
  patched = true
  const proto = URLSearchParams.prototype as unknown as Record<PropertyKey, unknown>
  const serialise = URLSearchParams.prototype.toString
  // Whether this object holds the page's parameters (compared by their serialisation).
  const isPage = (self: URLSearchParams) => {
    const t = tracking
    if (!t) return undefined
    tracking = undefined // serialising below must not count itself
    try {
      return serialise.call(self) === t.search ? t : undefined
    } finally {
      tracking = t
    }
  }
  for (const name of ['get', 'getAll', 'has'] as const) {
    const original = proto[name] as (...args: unknown[]) => unknown
    Reflect.set(proto, name, function (this: URLSearchParams, key: unknown, ...rest: unknown[]) {
      isPage(this)?.names.add(String(key))
      return original.call(this, key, ...rest)
    })
  }
  // React Router copies the query for each loader's request, moving `index` values to the end
  // (createDataFunctionUrl: getAll, delete and append 'index', then toString): its own copy, not a
  // page reading every parameter.
  const routerCopies = new WeakSet<URLSearchParams>()
  const remove = proto.delete as (...args: unknown[]) => unknown
  Reflect.set(proto, 'delete', function (this: URLSearchParams, key: unknown, ...rest: unknown[]) {
    if (key === 'index') routerCopies.add(this)
    return remove.call(this, key, ...rest)
  })
  for (const name of ['entries', 'keys', 'values', 'forEach', 'toString', Symbol.iterator] as const) {
    const original = proto[name] as (...args: unknown[]) => unknown
    Reflect.set(proto, name, function (this: URLSearchParams, ...args: unknown[]) {
      if (!(name === 'toString' && routerCopies.has(this))) isPage(this)?.names.add('*')
      return original.apply(this, args)
    })
  }
  const size = Object.getOwnPropertyDescriptor(URLSearchParams.prototype, 'size')
  if (size?.get) {
    const get = size.get
    Object.defineProperty(URLSearchParams.prototype, 'size', {
      ...size,
      get(this: URLSearchParams) {
        isPage(this)?.names.add('*')
        return get.call(this)
      },
    })
  }
}
