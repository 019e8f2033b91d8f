import fs from 'node:fs'
import { inject } from 'vitest'
import type { AppConfig } from '../../server/app.ts'
import { appOn } from './app-on.ts'
import { definitionsRoot } from './competitions.ts'
import { createTestDatabase, type SeededTemplate } from './test-database.ts'

/**
 * A fresh server on a fresh database for one test file. SQLite in a temporary DATA_DIR by default;
 * with TEST_DB=postgres, a new database on the server named by TEST_DATABASE_URL (dropped afterwards),
 * so `npm run test:pg` runs the same suite against PostgreSQL.
 */
export async function createTestApp(
  options: {
    staticDir?: string
    basePath?: string
    sessionTtlMs?: number
    /** The demo accounts, people, works and news; on unless a test starts without them. */
    demoData?: boolean
    requestTimeoutMs?: number
    trustProxy?: AppConfig['trustProxy']
    logStream?: AppConfig['logStream']
    /** DEFINITIONS_ROOT; by default a temporary root with every competition fixture, registering now. */
    definitionsRoot?: string
    watchDefinitions?: boolean
    /** The worker pool's threads and queue (WORKER_THREADS, WORKER_QUEUE). */
    workers?: AppConfig['workers']
    /** RENDER_LIMIT: uncached page renders a client may cause a minute. */
    renderLimit?: number
    /** How long a visitor waits for a page being rendered, and a render may run (20 s each). */
    renderTimes?: AppConfig['renderTimes']
    /** MESSAGE_PROVIDER and its gateway (the sandbox by default). */
    messages?: AppConfig['messages']
    /** SITE_ORIGIN: where absolute links (share tags, certificates' QR codes) point. */
    siteOrigin?: string
    /** The address the server uses for the new PostgreSQL database, e.g. through a proxy a test cuts. */
    databaseUrlFor?: (direct: string) => string
    /** STORAGE and its settings (parseStorage); DATA_DIR itself by default. */
    storage?: AppConfig['storage']
  } = {},
) {
  // A server with the standard seed and competitions starts on a copy of the run's seeded database
  // (tests/support/server-template.ts): the same rows a fresh start writes, without the seconds.
  const standard = options.demoData !== false && !options.definitionsRoot
  const database = await createTestDatabase(standard ? seededTemplate() : undefined)
  const { dataDir, databaseUrl } = database
  const ownRoot = options.definitionsRoot ? undefined : definitionsRoot()
  const dropDatabase = () => database.drop()
  // A server that refuses to start leaves no database or folder behind.
  const app = await appOn({
    dataDir,
    databaseUrl: databaseUrl && options.databaseUrlFor ? options.databaseUrlFor(databaseUrl) : databaseUrl,
    staticDir: options.staticDir,
    basePath: options.basePath,
    sessionTtlMs: options.sessionTtlMs,
    demoData: options.demoData ?? true,
    requestTimeoutMs: options.requestTimeoutMs,
    trustProxy: options.trustProxy,
    logStream: options.logStream,
    definitionsRoot: options.definitionsRoot ?? ownRoot,
    watchDefinitions: options.watchDefinitions,
    workers: options.workers,
    renderLimit: options.renderLimit,
    renderTimes: options.renderTimes,
    messages: options.messages,
    siteOrigin: options.siteOrigin,
    storage: options.storage,
  }).catch(async (error: unknown) => {
    await dropDatabase()
    if (ownRoot) fs.rmSync(ownRoot, { recursive: true, force: true })
    throw error
  })
  return {
    app,
    dataDir,
    databaseUrl,
    async close() {
      await app.close()
      await dropDatabase()
      if (ownRoot) fs.rmSync(ownRoot, { recursive: true, force: true })
    },
  }
}

/** The server project's seeded database; none elsewhere (the unit project, a global setup). */
function seededTemplate(): SeededTemplate | undefined {
  try {
    return inject('serverTemplate')
  } catch {
    // inject() exists only inside a test file's worker.
    return undefined
  }
}

export const DEMO = { designer: '13800000001', newcomer: '13800000002', password: 'Kabu2026!' } as const
