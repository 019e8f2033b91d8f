import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import { readConfig, type ServerConfig } from './config.ts'
import { startRefusalText } from './lib/start-refusal.ts'

/** A refused start: one message on stderr (server/lib/start-refusal.ts says which), and exit code 1. */
function refuseStart(error: unknown): never {
  process.stderr.write(`${startRefusalText(error)}\n`)
  process.exit(1)
}

let config: ServerConfig
let app: FastifyInstance
try {
  config = readConfig()
  app = await buildApp(config)
} catch (error) {
  refuseStart(error)
}

/**
 * A graceful stop (README "Operations: stopping"), in this order: at the signal the instance stops
 * listening and answers /api/ready 503; the requests in flight, and one that arrives on a connection
 * already open, are answered, each connection closing after its answer; then app.close() stops the
 * job queue, the schedulers and the reference watcher (preClose hooks), and the outbox, the worker
 * pool and the database pool (onClose hooks). Past SHUTDOWN_TIMEOUT_MS the process exits anyway, with
 * code 1 so a supervisor can tell; a second signal exits at once.
 */
let stopping = false
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    app.log.warn(`${signal} again: exiting now`)
    process.exit(1)
  }
  stopping = true
  const began = Date.now()
  const deadline = setTimeout(() => {
    app.log.error(`not stopped within SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs} ms): exiting`)
    process.exit(1)
  }, config.shutdownTimeoutMs)
  deadline.unref()
  const draining = app.shutdown.drain()
  app.log.info(`${signal}: stopping (at most ${config.shutdownTimeoutMs} ms)`)
  try {
    await draining
    await app.close()
    app.log.info(`stopped in ${Date.now() - began} ms`)
    process.exit(0)
  } catch (error) {
    app.log.error(error)
    process.exit(1)
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void stop(signal))
}

try {
  await app.listen({ port: config.port, host: config.host })
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${config.dataDir}/kabu.db`
  app.log.info(`Kabu Portal on http://localhost:${config.port}${config.basePath} (database: ${where})`)
} catch (error) {
  // The port taken, say: said once, on stderr, as a refused start (the log may be silent).
  await app.close().catch(() => {})
  refuseStart(error)
}
