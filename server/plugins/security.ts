import { createRequire } from 'node:module'
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
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

export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, HELMET_OPTIONS)
}

type HeaderSink = { setHeader(name: string, value: string): void; removeHeader(name: string): void }
type HelmetMiddleware = (req: object, res: HeaderSink, next: (error?: unknown) => void) => void

let cachedHeaders: Array<[string, string]> | undefined

/**
 * The headers helmet sets, for answers written where its onRequest hook never runs: errors Fastify
 * raises before routing (a bad URL, an overlong parameter) and raw socket answers (a request timeout).
 * Computed once with the very helmet copy @fastify/helmet uses, so both always agree.
 */
export function securityHeaders(): Array<[string, string]> {
  if (cachedHeaders) return cachedHeaders
  const fromPlugin = createRequire(import.meta.resolve('@fastify/helmet'))
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
