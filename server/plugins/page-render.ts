import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { renderingOrigin, requestOrigin } from '../lib/origin.ts'
import { acceptedEncodings, type PreparedEncoding } from '../services/prepared-json.ts'

/** What src/entry-server.tsx exports (the server never imports src/: it loads the built bundle). */
type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'browser-only'; loaderError?: unknown }
  | { kind: 'page'; status: number; head: string; styles: string; html: string; data: string }
interface RendererModule {
  render(
    request: Request,
    options: {
      origin: string
      api(call: { method: string; url: string; body?: string }): Promise<{
        status: number
        headers: Record<string, string>
        body: string
      }>
    },
  ): Promise<RenderResult>
}

/** Pages change with a deploy or a menu edit; a rendered page is reused this long. */
export const PAGE_CACHE_MS = 30_000
const PAGE_CACHE_ENTRIES = 300
/** The id the browser entry reads the page's data from (src/app/served-page.ts). */
const DATA_ID = 'kb-page-data'

/**
 * Public pages as complete HTML: dist/ssr/entry-server.js (built by `npm run build`) renders them
 * into dist/index.html, so crawlers and share cards see content and tags, and the browser hydrates.
 * Without the bundle (a server-only checkout, tests of the API) every page gets the plain shell.
 */
export function loadPageRenderer(
  app: FastifyInstance,
  opts: { staticDir: string; siteOrigin?: string },
): ((request: FastifyRequest, reply: FastifyReply) => Promise<boolean>) | undefined {
  const bundle = path.join(opts.staticDir, 'ssr', 'entry-server.js')
  const templateFile = path.join(opts.staticDir, 'index.html')
  if (!fs.existsSync(bundle) || !fs.existsSync(templateFile)) return undefined
  // Loaded while the server starts listening (React, Chakra and the pages take seconds to load on a
  // busy machine): the API is up at once, and a page asked for meanwhile waits for the renderer.
  const loading = import(pathToFileURL(bundle).href) as Promise<RendererModule>
  loading.catch((error: unknown) => app.log.error({ err: error }, 'the page renderer failed to load'))
  const template = fs.readFileSync(templateFile, 'utf8')
  /** What a path answers, kept for PAGE_CACHE_MS: a redirect, or the finished (compressed) page. */
  type Answer =
    | Extract<RenderResult, { kind: 'redirect' }>
    | { kind: 'page'; status: number; document: HtmlDocument }
  const cache = new Map<string, { expires: number; answer: Answer }>()

  const api: Parameters<RendererModule['render']>[1]['api'] = async ({ method, url, body }) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      payload: body,
      headers: body ? { 'content-type': 'application/json' } : {},
    })
    const headers: Record<string, string> = {}
    for (const [key, value] of Object.entries(res.headers))
      if (value !== undefined) headers[key] = String(value)
    return { status: res.statusCode, headers, body: res.body }
  }

  async function answerFor(url: string, origin: string): Promise<Answer | undefined> {
    const key = `${origin}${url}`
    const hit = cache.get(key)
    if (hit && hit.expires > Date.now()) return hit.answer
    const renderer = await loading
    // The loaders' API calls build links (a work's QR code) from the visitor's origin, not inject's.
    const result = await renderingOrigin.run(origin, () => renderer.render(new Request(key), { origin, api }))
    if (result.kind === 'browser-only') {
      // Worth an operator's look: the page works, but visitors and crawlers wait for the browser.
      if (result.loaderError)
        app.log.warn(
          { err: result.loaderError, url },
          'a page could not be rendered on the server: its data failed to load',
        )
      return undefined
    }
    const answer: Answer =
      result.kind === 'page'
        ? { kind: 'page', status: result.status, document: new HtmlDocument(fillTemplate(template, result)) }
        : result
    cache.delete(key)
    // Bounded: every distinct query string is a new key.
    if (cache.size >= PAGE_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string)
    cache.set(key, { expires: Date.now() + PAGE_CACHE_MS, answer })
    return answer
  }

  return async (request, reply) => {
    let answer: Answer | undefined
    try {
      // A Host no URL can hold (no browser sends one) gets the plain shell, like a failed render.
      answer = await answerFor(request.url, requestOrigin(request, opts.siteOrigin))
    } catch (error) {
      // A page that cannot be rendered still works: the browser renders it from the plain shell.
      request.log.error({ err: error, url: request.url }, 'server rendering failed')
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

function fillTemplate(template: string, page: Extract<RenderResult, { kind: 'page' }>): string {
  return template
    .replace(/<title>[^<]*<\/title>/, () => page.head)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', () => `${page.styles}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div>\n    <script type="application/json" id="${DATA_ID}">${page.data}</script>`,
    )
}

/**
 * An HTML answer compressed once, in the encodings asked for, and reused while its page is cached:
 * the HTML fallback is not a route, so the compression plugin never sees it, and a page is mostly
 * inline CSS that shrinks about six times.
 */
export class HtmlDocument {
  private readonly raw: Buffer
  private readonly encoded = new Map<PreparedEncoding, Buffer>()

  constructor(html: string) {
    this.raw = Buffer.from(html, 'utf8')
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
