import { createRequire } from 'node:module'
import type { FastifyHelmetOptions } from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/**
 * Security headers for every response. The CSP has no 'unsafe-eval': validators are precompiled and
 * nothing in the bundle evaluates strings. 'unsafe-inline' for styles only, because Chakra (emotion)
 * injects <style> tags at run time.
 */
export const HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // Partner sites open from the footer; they need not know the page a visitor came from.
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
}

/**
 * Every answer gets the headers helmet computes from HELMET_OPTIONS. Not @fastify/helmet itself: it
 * builds a new helmet middleware (options checked, CSP string joined) in two async hooks on every
 * request — ~18 µs here, a third of what a bare Fastify route costs in all — to set the same twelve
 * headers each time. They are computed once (securityHeaders) and given to the reply in one
 * synchronous hook; as reply headers, not on the raw response, so Node writes them with the route's
 * own in one pass (headers set on the raw response make it merge the two sets header by header).
 * A route may still replace one with reply.header(). Nothing here uses reply.helmet() or CSP nonces,
 * and no route writes to reply.raw.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const headers = Object.fromEntries(securityHeaders())
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })
}

type HeaderSink = { setHeader(name: string, value: string): void; removeHeader(name: string): void }
type HelmetMiddleware = (req: object, res: HeaderSink, next: (error?: unknown) => void) => void

let cachedHeaders: Array<[string, string]> | undefined

/**
 * The headers helmet sets: for every answer (registerSecurity), and for those written where no hook
 * runs: errors Fastify raises before routing (a bad URL, an overlong parameter) and raw socket answers
 * (a request timeout). Computed once with the helmet copy @fastify/helmet depends on.
 */
export function securityHeaders(): Array<[string, string]> {
  if (cachedHeaders) return cachedHeaders
  // require.resolve, not import.meta.resolve: vitest's module runner (the unit suite's API server) lacks the latter.
  const fromPlugin = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))
  const helmetOf = fromPlugin('helmet') as (options: object) => HelmetMiddleware
  const headers = new Map<string, string>()
  helmetOf(HELMET_OPTIONS)(
    {},
    {
      setHeader: (name, value) => headers.set(name.toLowerCase(), String(value)),
      removeHeader: (name) => headers.delete(name.toLowerCase()),
    },
    (error) => {
      if (error) throw error
    },
  )
  cachedHeaders = [...headers]
  return cachedHeaders
}
