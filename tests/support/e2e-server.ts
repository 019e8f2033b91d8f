import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort } from './free-port.ts'
import { tempDir } from './temp-dir.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    unitPort: number
    /**
     * One pair of servers per e2e worker (index = VITEST_POOL_ID - 1), so files running at the same
     * time never share a database; files in one worker run one after another, as they always have.
     */
    e2eServers: E2eServers[]
  }
}

const root = path.resolve(import.meta.dirname, '../..')

/** The staging prefix of the second, prefixed build (`npm run build:staging` → dist-test/). */
export const STAGING_PREFIX = '/test/'

/** What a test file is given of its worker's servers. */
export interface E2eServers {
  baseURL: string
  /** The production server's data folder: tests read the sandbox SMS outbox from its database. */
  dataDir: string
  /** Origin of the server of the staging build; its pages live under STAGING_PREFIX. */
  stagingURL: string
}

interface RunningServer {
  baseURL: string
  dataDir: string
  stop(): Promise<void>
}

/** Starts the real server (node server/main.ts, Node 24) on a free port with a temporary DATA_DIR. */
async function startServer(staticDir: string, basePath: string): Promise<RunningServer> {
  if (!fs.existsSync(path.join(root, staticDir, 'index.html'))) {
    throw new Error(`${staticDir}/ is missing: run \`npm run build\` before the e2e tests`)
  }
  const port = await freePort()
  const dataDir = tempDir('e2e')
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      STATIC_DIR: path.join(root, staticDir),
      BASE_PATH: basePath,
      // Every test's browser comes from 127.0.0.1: one address asks for more pages a minute than any
      // visitor (the limit itself is tested in tests/e2e/page-cache.test.ts).
      RENDER_LIMIT: '100000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const baseURL = `http://127.0.0.1:${port}`
  // 30 s is plenty on an idle machine; a machine running several builds and test runs at once has
  // taken 36 s to start the server.
  const deadline = Date.now() + 90_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    try {
      const res = await fetch(`${baseURL}/api/tbMenuInfo/queryAll`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left behind: a server that missed its start would otherwise outlive the run.
      child.kill('SIGTERM')
      fs.rmSync(dataDir, { recursive: true, force: true })
      throw new Error('server did not start within 90 s')
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  // Ready means pages render too: each worker thread loads the page renderer after the API is up, a
  // few seconds on a busy machine, and a test's first page must not race it.
  for (;;) {
    const home = await fetch(`${baseURL}${basePath}`).then((r) => r.text())
    if (home.includes('id="kb-page-data"')) break
    if (Date.now() > deadline + 60_000) {
      child.kill('SIGTERM')
      fs.rmSync(dataDir, { recursive: true, force: true })
      throw new Error('server did not render its home page within 150 s')
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  return {
    baseURL,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Two real servers, each with its own database: the production build (dist/) at the root, and the
 * staging build (dist-test/, built with BASE_PATH=/test/) under its prefix, so the prefix is tested
 * on a real build rather than a stand-in shell. `npm test` builds both before running e2e.
 */
async function startPair(): Promise<RunningServer[]> {
  const started = await Promise.allSettled([
    startServer('dist', '/'),
    startServer('dist-test', STAGING_PREFIX),
  ])
  const failure = started.find((s) => s.status === 'rejected')
  if (failure) {
    // The one that did start is stopped too, or it would outlive the failed run.
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.stop() : undefined)))
    throw failure.reason
  }
  return started.map((s) => (s as PromiseFulfilledResult<RunningServer>).value)
}

/**
 * A pair of servers for each of the project's workers (its maxWorkers, E2E_WORKERS in
 * vitest.config.ts). They start one pair after another: starting them all at once on two cores
 * only makes each slower to become ready.
 */
export default async function setup(project: TestProject) {
  const pairs: RunningServer[][] = []
  const stopAll = () => Promise.all(pairs.flat().map((s) => s.stop()))
  try {
    for (let i = 0; i < project.config.maxWorkers; i++) pairs.push(await startPair())
  } catch (error) {
    await stopAll()
    throw error
  }
  project.provide(
    'e2eServers',
    pairs.map(([main, staging]) => ({
      baseURL: (main as RunningServer).baseURL,
      dataDir: (main as RunningServer).dataDir,
      stagingURL: (staging as RunningServer).baseURL,
    })),
  )
  return stopAll
}
