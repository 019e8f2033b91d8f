import fs from 'node:fs'
import path from 'node:path'
import { MessageChannel } from 'node:worker_threads'
import zlib from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { EventRoute } from '../../definitions/events/route-table.ts'
import { DEFAULT_RENDER_LIMIT } from '../config.ts'
import { BusinessError } from '../lib/envelope.ts'
import { renderingOrigin, requestOrigin } from '../lib/origin.ts'
import { acceptedEncodings, type PreparedEncoding } from '../services/prepared-json.ts'
import { bufferOf } from '../workers/pool.ts'
import type { ApiCall, RenderMessage, RenderOutput } from '../workers/render-task.ts'
import { remember } from './page-cache.ts'

/** Paths whose query parameters the renderer has reported (an unknown path costs one render to learn). */
const KNOWN_PATHS = 5_000
/**
 * How long a visitor waits for a page being rendered before getting the app shell (the browser then
 * renders it). The render goes on and its page is kept for the next visitor: under load, renders
 * that take longer than this still fill the cache instead of being thrown away.
 */
export const RENDER_WAIT_MS = 20_000
/**
 * How long a render may run on its thread — counted from when the thread begins it, not from when it
 * was queued — before it is given up: its thread is terminated (nothing else can stop a render stuck
 * in a loop) and replaced by one that loads the renderer before it takes a page.
 */
export const RENDER_RUN_LIMIT_MS = 20_000
/** New renders one client address may have under way at once; more get the shell. */
export const RENDERS_AT_ONCE = 3
/** Page renders may fill this share of the pool's queue, so PDFs and pictures always find room. */
const RENDER_QUEUE_SHARE = 0.5

/** What a path answers, kept in the page cache: a redirect, or the finished (compressed) page. */
export type Answer =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'page'; status: number; document: HtmlDocument }

/**
 * The cache key of an address: its origin and path plus only the query parameters its render read
 * (each with all its values, an absent one as none), sorted — so `?utm=…` or any other parameter the
 * page ignores reaches the cached page instead of a new render. `['*']`: the page read them all.
 */
export function pageCacheKey(origin: string, url: URL, reads: readonly string[]): string {
  const params =
    reads[0] === '*'
      ? [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      : reads.map((name) => [name, url.searchParams.getAll(name)])
  return `${origin}${url.pathname}?${JSON.stringify(params)}`
}

/**
 * Public pages as complete HTML: the worker pool (server/workers/render-task.ts) renders them from
 * dist/ssr/entry-server.js into dist/index.html, so crawlers and share cards see content and tags, and
 * the browser hydrates. The rendering thread asks for the page's data over a message port, answered
 * here by the server's own routes. A rendered page is kept in app.pageCache under `pageCacheKey`; a client
 * may cause `renderLimit` renders a minute, and when it has used them, or the pool's queue is full, it
 * gets the app shell, which the browser renders — the page still works, and costs the server nothing.
 * Without the bundle (a server-only checkout, tests of the API) every page gets the plain shell.
 */
export function loadPageRenderer(
  app: FastifyInstance,
  opts: {
    staticDir: string
    siteOrigin?: string
    renderLimit?: number
    rendersAtOnce?: number
    renderTimes?: RenderTimes
    /**
     * Where each event lives now (read again with every reload): the renderer's router adds their
     * routes (definitions/events/route-table.ts).
     */
    events: () => EventRoute[]
  },
): ((request: FastifyRequest, reply: FastifyReply) => Promise<boolean>) | undefined {
  const { staticDir } = opts
  if (!fs.existsSync(path.join(staticDir, 'ssr', 'entry-server.js'))) return undefined
  if (!fs.existsSync(path.join(staticDir, 'index.html'))) return undefined
  const workers = app.workers
  const waitMs = opts.renderTimes?.waitMs ?? RENDER_WAIT_MS
  const runLimitMs = opts.renderTimes?.runLimitMs ?? RENDER_RUN_LIMIT_MS
  // Each thread loads the renderer while the server starts listening (React, Chakra and the pages take
  // a second or two): the API is up at once, and the first pages do not wait for it. A thread that
  // replaces one later loads it too before it is given a page.
  workers.startWithRenderer(staticDir)

  const cache = app.pageCache
  const readsByPath = new Map<string, string[]>()
  const rendering = new Map<string, Promise<Answer | undefined>>()
  const limiter = new ClientLimit(opts.renderLimit ?? DEFAULT_RENDER_LIMIT)
  const underWay = new Map<string, number>()

  /**
   * A loader's API call, answered by this server's own routes with the visitor's origin and address:
   * a limit per address (work verification, say) counts the visitor, not every render at once.
   */
  const answerCall = async (call: ApiCall, origin: string, client: string) => {
    const res = await renderingOrigin.run(origin, () =>
      app.inject({
        method: call.method as 'GET',
        url: call.url,
        payload: call.body,
        headers: call.body ? { 'content-type': 'application/json' } : {},
        remoteAddress: client,
      }),
    )
    const headers: Record<string, string> = {}
    for (const [key, value] of Object.entries(res.headers))
      if (value !== undefined) headers[key] = String(value)
    return { id: call.id, status: res.statusCode, headers, body: res.body }
  }

  async function render(url: URL, origin: string, client: string): Promise<Answer | undefined> {
    const generation = cache.currentGeneration
    const { port1, port2 } = new MessageChannel()
    // Aborted only once the render has run runLimitMs on its thread; piscina then terminates the
    // thread and starts another. A render still queued is never aborted (that would cost nothing, but
    // it is told `notAfter` instead, and skipped by the thread that reaches it late).
    const overrun = new AbortController()
    let runTimer: NodeJS.Timeout | undefined
    port1.on('message', (message: RenderMessage) => {
      if ('started' in message) {
        runTimer = setTimeout(() => overrun.abort(), runLimitMs)
        return
      }
      answerCall(message, origin, client).then(
        (answer) => port1.postMessage(answer),
        (error: unknown) =>
          port1.postMessage({ id: message.id, status: 500, headers: {}, body: String(error) }),
      )
    })
    let out: RenderOutput
    try {
      out = await workers.run(
        'render',
        {
          staticDir,
          url: url.href,
          origin,
          port: port2,
          notAfter: Date.now() + waitMs,
          events: opts.events(),
        },
        { transferList: [port2], signal: overrun.signal },
      )
    } catch (error) {
      // The server is stopping: the pool ends a render its visitor stopped waiting for. Nothing to report.
      if (workers.closing) return undefined
      if (!overrun.signal.aborted) throw error
      app.log.warn(
        { url: url.pathname + url.search, runLimitMs },
        'a page render ran too long and was given up: its thread was replaced, the page left to the browser',
      )
      return undefined
    } finally {
      clearTimeout(runTimer)
      port1.close()
    }
    // Every visitor who asked for it already has the shell: the thread did not begin it.
    if (out.kind === 'expired') return undefined
    remember(readsByPath, url.pathname, out.reads, KNOWN_PATHS)
    if (out.kind === 'browser-only') {
      // Worth an operator's look: the page works, but visitors and crawlers wait for the browser.
      if (out.loaderError)
        app.log.warn(
          {
            err: Object.assign(new Error(out.loaderError.message), out.loaderError),
            url: url.pathname + url.search,
          },
          'a page could not be rendered on the server: its data failed to load',
        )
      return undefined
    }
    const answer: Answer =
      out.kind === 'page'
        ? {
            kind: 'page',
            status: out.status,
            document: new HtmlDocument(bufferOf(out.raw), { br: bufferOf(out.br), gzip: bufferOf(out.gzip) }),
          }
        : out
    cache.put(pageCacheKey(origin, url, out.reads), answer, generation)
    return answer
  }

  async function answerFor(request: FastifyRequest): Promise<Answer | undefined> {
    const origin = requestOrigin(request, opts.siteOrigin)
    const url = new URL(request.url, origin)
    const reads = readsByPath.get(url.pathname)
    // A path not seen yet is keyed by its whole address until its render says what it reads.
    const key = reads ? pageCacheKey(origin, url, reads) : url.href
    const hit = cache.get(key)
    if (hit) return hit
    // The same page asked for while it renders waits for that render (as long as a visitor waits).
    const pending = rendering.get(key)
    if (pending) return atMost(pending, waitMs)
    // Pages may fill only part of the queue: PDFs and pictures must still find room.
    if (workers.waiting >= workers.queue * RENDER_QUEUE_SHARE) return undefined
    const client = request.ip
    if ((underWay.get(client) ?? 0) >= (opts.rendersAtOnce ?? RENDERS_AT_ONCE) || !limiter.take(client))
      return undefined
    underWay.set(client, (underWay.get(client) ?? 0) + 1)
    // Logged here, not by the caller: a render may fail after its visitors stopped waiting for it.
    const job = render(url, origin, client)
      .catch((error: unknown) => {
        request.log.error({ err: error, url: request.url }, 'server rendering failed')
        return undefined
      })
      .finally(() => {
        rendering.delete(key)
        const left = (underWay.get(client) ?? 1) - 1
        if (left) underWay.set(client, left)
        else underWay.delete(client)
      })
    rendering.set(key, job)
    return atMost(job, waitMs)
  }

  return async (request, reply) => {
    let answer: Answer | undefined
    try {
      // A Host no URL can hold (no browser sends one) gets the plain shell, like a failed render.
      answer = await answerFor(request)
    } catch (error) {
      // A page that cannot be rendered still works: the browser renders it from the plain shell (a
      // failed render is logged where it fails). A Host no URL can hold is the client's doing,
      // expected and cheap: no stack in the log for it.
      if (error instanceof BusinessError) request.log.debug({ url: request.url }, error.message)
      else request.log.error({ err: error, url: request.url }, 'server rendering failed')
      return false
    }
    if (!answer) return false
    if (answer.kind === 'redirect') {
      reply.header('cache-control', 'no-cache')
      await reply.redirect(answer.location, answer.status)
      return true
    }
    await answer.document.send(request, reply, answer.status)
    return true
  }
}

/** How long a visitor waits for a page, and how long a render may run (tests shorten both). */
export interface RenderTimes {
  /** RENDER_WAIT_MS by default. */
  waitMs?: number
  /** RENDER_RUN_LIMIT_MS by default. */
  runLimitMs?: number
}

/** The render's answer if it comes within `ms`, else undefined (the shell); the render goes on. */
function atMost(job: Promise<Answer | undefined>, ms: number): Promise<Answer | undefined> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined)
  })
  return Promise.race([job, late]).finally(() => clearTimeout(timer))
}

/**
 * How many uncached renders a client address may cause in a minute (RENDER_LIMIT): a fixed window per
 * address, in memory — it guards this instance's CPU, which is this instance's alone.
 */
class ClientLimit {
  private readonly windows = new Map<string, { start: number; count: number }>()
  private readonly max: number

  constructor(max: number) {
    this.max = max
  }

  take(client: string, now = Date.now()): boolean {
    let window = this.windows.get(client)
    if (!window || now - window.start >= 60_000) {
      if (this.windows.size >= 10_000) this.prune(now)
      window = { start: now, count: 0 }
      this.windows.set(client, window)
    }
    return ++window.count <= this.max
  }

  private prune(now: number): void {
    for (const [client, window] of this.windows) if (now - window.start >= 60_000) this.windows.delete(client)
    // Still full: a flood of addresses; the oldest windows go.
    while (this.windows.size >= 10_000) this.windows.delete(this.windows.keys().next().value as string)
  }
}

/**
 * An HTML answer in the encodings asked for: a rendered page arrives compressed by its worker; the app
 * shell is compressed here once, on first use. The HTML fallback is not a route, so the compression
 * plugin never sees it, and a page is mostly inline CSS that shrinks about six times.
 */
export class HtmlDocument {
  private readonly raw: Buffer
  private readonly encoded: Map<PreparedEncoding, Buffer>

  constructor(html: string | Buffer, encoded: Partial<Record<PreparedEncoding, Buffer>> = {}) {
    this.raw = typeof html === 'string' ? Buffer.from(html, 'utf8') : html
    this.encoded = new Map(Object.entries(encoded) as Array<[PreparedEncoding, Buffer]>)
  }

  private encode(encoding: PreparedEncoding): Buffer {
    let body = this.encoded.get(encoding)
    if (!body) {
      body =
        encoding === 'br'
          ? zlib.brotliCompressSync(this.raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } })
          : zlib.gzipSync(this.raw, { level: 6 })
      this.encoded.set(encoding, body)
    }
    return body
  }

  async send(request: FastifyRequest, reply: FastifyReply, status: number): Promise<void> {
    // The one Accept-Encoding reading the server has (q values and `*` included).
    const encoding = acceptedEncodings(request.headers['accept-encoding'])[0]
    reply.status(status).type('text/html; charset=utf-8').header('vary', 'accept-encoding')
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache')
    if (!encoding) {
      await reply.send(this.raw)
      return
    }
    await reply.header('content-encoding', encoding).send(this.encode(encoding))
  }
}
