import { type AppConfig, buildApp } from '../../server/app.ts'
import { tempDir } from './temp-dir.ts'

/**
 * The server as a test builds it on a database it has already (a second instance, a restart, a seeder):
 * no SPA bundle, base path `/`, sessions of an hour, silent; `config` names the database and the rest
 * (a setting given as undefined keeps its default).
 */
export function appOn(config: Pick<AppConfig, 'dataDir' | 'databaseUrl'> & Partial<AppConfig>) {
  const given = Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined))
  return buildApp({
    staticDir: tempDir('no-spa'),
    basePath: '/',
    sessionTtlMs: 3600_000,
    logLevel: 'silent',
    ...(given as typeof config),
  })
}
