import { buildApp } from './app.ts'
import { readConfig } from './config.ts'

const config = readConfig()
const app = await buildApp(config)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().finally(() => process.exit(0))
  })
}

try {
  await app.listen({ port: config.port, host: config.host })
  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${config.dataDir}/kabu.db`
  app.log.info(`Kabu Portal on http://localhost:${config.port}${config.basePath} (database: ${where})`)
} catch (error) {
  app.log.error(error)
  process.exit(1)
}
