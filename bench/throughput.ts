import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Options } from 'autocannon'
import Fastify, { type FastifyInstance } from 'fastify'

export interface LoadResult {
  reqPerSec: number
  p99Ms: number
  non2xx: number
  /** Connection errors, timeouts included. */
  errors: number
  mismatches: number
}

export const CONNECTIONS = 10
export const DURATION_S = 5
export const WARMUP_S = 1

const LOAD_SCRIPT = fileURLToPath(new URL('./load.ts', import.meta.url))

/** Async on purpose: the servers under test answer on this thread while the child process loads them. */
function runLoad(options: Options): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [LOAD_SCRIPT, JSON.stringify(options)], (error, stdout, stderr) => {
      if (error) reject(new Error(`autocannon failed: ${stderr || error.message}`))
      else resolve(JSON.parse(stdout) as LoadResult)
    })
  })
}

/**
 * A short discarded run first (JIT, connection pools, SQLite page cache), then the measured one.
 * Every response body must equal `expectBody`, so a fast error page cannot pass for throughput.
 */
export async function measure(url: string, expectBody: string): Promise<LoadResult> {
  await runLoad({ url, connections: CONNECTIONS, duration: WARMUP_S, expectBody })
  return runLoad({ url, connections: CONNECTIONS, duration: DURATION_S, expectBody })
}

/** The reference point: the least a Fastify route can do on this machine. */
export function helloServer(): FastifyInstance {
  const app = Fastify({ logger: false })
  app.get('/', async () => ({ hello: 'world' }))
  return app
}
