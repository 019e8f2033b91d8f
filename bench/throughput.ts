import { Worker } from 'node:worker_threads'
import type { Options } from 'autocannon'
import Fastify, { type FastifyInstance } from 'fastify'

export interface LoadResult {
  reqPerSec: number
  p99Ms: number
  non2xx: number
  errors: number
  timeouts: number
  mismatches: number
}

export const CONNECTIONS = 10
export const DURATION_S = 5
export const WARMUP_S = 1

function runWorker(options: Options): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: options })
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.once('exit', (code) => code !== 0 && reject(new Error(`load worker exited with code ${code}`)))
  })
}

/**
 * A short discarded run first (JIT, connection pools, SQLite page cache), then the measured one.
 * Every response body must equal `expectBody`, so a fast error page cannot pass for throughput.
 */
export async function measure(url: string, expectBody: string): Promise<LoadResult> {
  await runWorker({ url, connections: CONNECTIONS, duration: WARMUP_S, expectBody })
  return runWorker({ url, connections: CONNECTIONS, duration: DURATION_S, expectBody })
}

/** The reference point: the least a Fastify route can do on this machine. */
export async function helloServer(): Promise<FastifyInstance> {
  const app = Fastify({ logger: false })
  app.get('/', async () => ({ hello: 'world' }))
  return app
}
