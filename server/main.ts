import { buildApp } from './app.ts'
import { readConfig } from './config.ts'

const config = readConfig()
const app = await buildApp(config)

/**
 * A graceful stop (README "Operations"): app.close() stops accepting connections, lets the requests in
 * flight finish, closes keep-alive connections as they fall idle (plugins/shutdown.ts) and runs every
 * onClose hook (database pool, workers). If that takes longer than SHUTDOWN_TIMEOUT_MS the process
 * exits anyway, with code 1 so a supervisor can tell; a second signal exits at once.
 */
let stopping = false
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) {
    app.log.warn(`${signal} again: exiting now`)
    process.exit(1)
  }
  stopping = true
  app.log.info(`${signal}: stopping (at most ${config.shutdownTimeoutMs} ms)`)
  const deadline = setTimeout(() => {
    app.log.error(`not stopped within SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs} ms): exiting`)
    process.exit(1)
  }, config.shutdownTimeoutMs)
  deadline.unref()
  try {
    await app.close()
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
  app.log.error(error)
  process.exit(1)
}
