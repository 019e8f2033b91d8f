import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type EventRoute, withEventRoutes } from '../../definitions/events/route-table.ts'
import { LOGIN_PAGE, TOKEN_COOKIE } from '../../schemas/contract.ts'
import { readCookie } from '../lib/cookies.ts'
import { CODE, fail, MSG } from '../lib/envelope.ts'
import type { PublicVersions } from '../services/public-versions.ts'
import { resolveSession } from '../services/sessions.ts'
import { HtmlDocument, loadPageRenderer, type RenderTimes } from './page-render.ts'

/**
 * Serves the built SPA under the base path with history fallback: any path outside /api that is not
 * a file gets index.html, so deep links work; an unknown /api path gets a JSON envelope instead.
 */
export async function registerSpa(
  app: FastifyInstance,
  opts: {
    staticDir: string
    /**
     * The repository's public/, which the build copies into staticDir. Its files are served from here,
     * not from the build's copy: an image staff add or replace after the build (a new competition's
     * cover, a placeholder poster overwritten) is served as it is now, with no rebuild.
     */
    publicDir?: string
    /** The content hashes the definitions name public/'s files by: such an address may be kept a year. */
    versions?: PublicVersions
    /**
     * Where each event lives (events/ as the server last read it), handed to every page the SPA serves:
     * a new array after each reload, and the same one until then.
     */
    events: () => EventRoute[]
    basePath: string
    siteOrigin?: string
    renderLimit?: number
    rendersAtOnce?: number
    renderTimes?: RenderTimes
  },
): Promise<void> {
  const indexFile = path.join(opts.staticDir, 'index.html')
  const hasSpa = fs.existsSync(indexFile)
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: opts.staticDir,
      prefix: opts.basePath,
      wildcard: false,
      index: false,
      // dist/ carries .br/.gz twins written at build time (scripts/compress-assets.ts).
      preCompressed: true,
      allowedPath: (pathName) => {
        // The server renderer and the build manifest are read by the server, not sent; the shell
        // is sent with the event routes (below).
        if (/^\/(ssr|\.vite)\//.test(pathName) || pathName === '/index.html') return false
        // A file in public/ is left to the not-found handler, which sends it from public/ itself.
        return !(
          opts.publicDir &&
          !pathName.startsWith('/assets/') &&
          publicFileOf(opts.publicDir, '/', pathName)
        )
      },
      // Hashed assets never change, nor does a public/ file asked for by its current hash (`?v=`, as
      // the definitions name it); anything else is revalidated on each use.
      setHeaders(res, filePath) {
        const immutable =
          filePath.includes(`${path.sep}assets${path.sep}`) || askedByItsHash(res.request?.url, opts)
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }

  const renderPage = hasSpa ? loadPageRenderer(app, opts) : undefined
  // The app shell for pages the browser renders (and any page the renderer declines), made again (and
  // compressed again, once) only when a reload has changed the table of events.
  const shellHtml = hasSpa ? fs.readFileSync(indexFile, 'utf8') : ''
  let shellOf: { routes: EventRoute[]; document: HtmlDocument } | undefined
  const shell = () => {
    const routes = opts.events()
    if (shellOf?.routes !== routes)
      shellOf = { routes, document: new HtmlDocument(withEventRoutes(shellHtml, routes)) }
    return shellOf.document
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/'
    if (pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send(fail(CODE.notFound, MSG.notFound))
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send(fail(CODE.notFound, MSG.notFound))
    }
    if (!hasSpa) {
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('The portal has not been built: run npm run build.')
    }
    // A missing asset is a real 404, not the app shell (a stale tab asking for an old chunk).
    if (/\.(js|css|map|png|jpe?g|svg|webp|gif|ico|woff2?|json|txt|mp4|webm|pdf|docx)$/i.test(pathname)) {
      const file = opts.publicDir ? publicFileOf(opts.publicDir, opts.basePath, pathname) : undefined
      if (file && opts.publicDir) return reply.sendFile(file, opts.publicDir)
      return reply.status(404).type('text/plain; charset=utf-8').send('Not found')
    }
    if (isLoginPage(pathname, opts.basePath) && (await hasLiveSession(app, request))) {
      // SPEC §4: a signed-in visitor has nothing to do on /login and goes to the home page — always
      // there, not to a return_url. Answered for this visitor only: no cache may keep it.
      reply.header('cache-control', 'no-store')
      return reply.redirect(opts.basePath, 302)
    }
    if (renderPage && (await renderPage(request, reply))) return reply
    await shell().send(request, reply, 200)
    return reply
  })
}

/**
 * Whether a request names a public/ file by the hash the definitions name it by now: `?v=<hash>` of
 * `/path` under the base path. A stale or made-up hash is served the file's bytes, revalidated.
 */
function askedByItsHash(
  url: string | undefined,
  opts: { basePath: string; versions?: PublicVersions },
): boolean {
  if (!url || !opts.versions) return false
  const [pathname = '', search = ''] = url.split('?', 2)
  const asked = new URLSearchParams(search).get('v')
  if (!asked || !pathname.startsWith(opts.basePath)) return false
  return opts.versions.knownVersionOf(`/${pathname.slice(opts.basePath.length)}`) === asked
}

/** /login under the base path as the SPA's router matches it: any letter case, a trailing slash or not. */
function isLoginPage(pathname: string, basePath: string): boolean {
  const login = `${basePath.replace(/\/$/, '')}${LOGIN_PAGE}`.toLowerCase()
  const asked = pathname.toLowerCase()
  return asked === login || asked === `${login}/`
}

/**
 * Whether the token cookie names a live session. Reading the cookie is safe here: the answer only
 * moves the visitor to the home page and changes nothing (a dead or absent token shows the page).
 */
async function hasLiveSession(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const token = readCookie(request.headers.cookie, TOKEN_COOKIE)
  return !!token && (await resolveSession(app.db.kysely, token)) !== undefined
}

/**
 * The file under public/ that an address names, relative to public/, when it exists. Undefined for
 * anything that would leave public/ (.., %2e%2e, a symlink out) or is not a plain file.
 */
export function publicFileOf(publicDir: string, basePath: string, pathname: string): string | undefined {
  if (!pathname.startsWith(basePath)) return undefined
  let relative: string
  try {
    relative = decodeURIComponent(pathname.slice(basePath.length))
  } catch {
    return undefined
  }
  if (
    relative.includes('\0') ||
    relative.split(/[\\/]/).some((part) => part === '..' || part.startsWith('.'))
  )
    return undefined
  try {
    const root = fs.realpathSync(publicDir)
    const file = path.resolve(root, relative)
    if (!file.startsWith(root + path.sep)) return undefined
    const real = fs.realpathSync(file)
    if (!real.startsWith(root + path.sep) || !fs.statSync(real).isFile()) return undefined
    return path.relative(root, file).split(path.sep).join('/')
  } catch {
    return undefined
  }
}
