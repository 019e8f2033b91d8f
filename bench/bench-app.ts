import type { FastifyInstance } from 'fastify'
import { buildApp } from '../server/app.ts'

/**
 * The server every bench measures: the build in `staticDir`, a fresh seeded SQLite database in
 * `dataDir` (or the PostgreSQL database `databaseUrl` names), no logging.
 */
export function benchApp(dataDir: string, staticDir: string, databaseUrl = ''): Promise<FastifyInstance> {
  return buildApp({
    dataDir,
    databaseUrl,
    staticDir,
    basePath: '/',
    sessionTtlMs: 3600_000,
    logLevel: 'silent',
    // A bench is one client asking for many new pages at once: the per-client render limits would turn
    // them into shells and measure nothing.
    renderLimit: 100_000,
    rendersAtOnce: 100_000,
  })
}

/** Listens on a port the kernel picks (no window for another process to take it); answers the origin. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('server has no TCP address')
  return `http://127.0.0.1:${address.port}`
}
