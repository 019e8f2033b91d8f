import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import Fastify from 'fastify'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { logOptions } from '../../server/lib/log-options.ts'
import { PostgresJobs } from '../../server/services/jobs/postgres-jobs.ts'
import { NODE, root, startChildServer } from '../support/child-server.ts'
import { freePort } from '../support/free-port.ts'
import { tempDir } from '../support/temp-dir.ts'
import { createTestDatabase, onPostgres } from '../support/test-database.ts'

/**
 * Issue 33 item 6: what an operator reads. A refused start is one line on stderr saying why, not an
 * uncaught stack trace; a stop logs nothing at error level (no "Terminating worker thread" from the
 * worker pool); the job queue's warning carries the error's message, not "[object Object]".
 */
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** `node server/main.ts` with `env`, expected to refuse: its exit code and stderr. */
async function refusedStart(env: Record<string, string>) {
  const child = spawn(NODE, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      STATIC_DIR: tempDir('no-spa'),
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  return { code, stderr }
}

/** The log's lines at error level or above (pino: 50 error, 60 fatal). */
const errorLines = (log: string) =>
  log
    .split('\n')
    .filter(Boolean)
    .filter((line) => (JSON.parse(line) as { level: number }).level >= 50)

/**
 * A built SPA whose server renderer takes 30 s to load: a stop right after the start finds the
 * worker threads still warming it (the real bundle takes a second or two; on a loaded machine more).
 */
function slowRendererSpa(): string {
  const dir = tempDir('slow-spa')
  fs.mkdirSync(path.join(dir, 'ssr'))
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  )
  fs.writeFileSync(
    path.join(dir, 'ssr', 'entry-server.js'),
    'await new Promise((resolve) => setTimeout(resolve, 30_000))\nexport async function render() { return { kind: "browser-only" } }\n',
  )
  return dir
}

describe('what an operator reads', () => {
  it('a bad setting refuses the start with one line on stderr naming it, no stack trace', async () => {
    const dataDir = tempDir('refused')
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
    const { code, stderr } = await refusedStart({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: 'soon' })
    expect(code).toBe(1)
    expect(stderr.trim().split('\n')).toEqual([
      'Not starting: SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds above 0, not "soon"',
    ])
  }, 60_000)

  it('a stop while the page renderer warms logs nothing at error level; a missing key refuses the next start in one line', async () => {
    const database = await createTestDatabase()
    cleanups.push(() => database.drop())
    const staticDir = slowRendererSpa()
    cleanups.push(() => fs.rmSync(staticDir, { recursive: true, force: true }))
    const server = await startChildServer({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      STATIC_DIR: staticDir,
      WORKER_THREADS: '1',
      LOG_LEVEL: 'info',
    })
    cleanups.push(server.cleanup)
    server.child.kill('SIGTERM')
    const exit = await server.exited
    expect(exit.code, server.stderr()).toBe(0)
    expect(server.stdout()).toContain('SIGTERM: stopping')
    expect(server.stdout()).not.toContain('Terminating worker thread')
    expect(errorLines(server.stdout())).toEqual([])
    expect(server.stderr()).toBe('')

    // The database has the keys' fingerprints; this instance's folder has lost the keys.
    fs.rmSync(path.join(database.dataDir, 'secrets'), { recursive: true, force: true })
    const refused = await refusedStart({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl })
    expect(refused.code).toBe(1)
    const lines = refused.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^Not starting: this database was set up with an identity key .* that this instance does not have/,
    )
  }, 120_000)

  it.runIf(onPostgres())(
    'the job queue warning logs the error message, not [object Object]',
    async () => {
      const database = await createTestDatabase()
      cleanups.push(() => database.drop())
      let log = ''
      const sink = new Writable({
        write(chunk, _encoding, done) {
          log += String(chunk)
          done()
        },
      })
      const app = Fastify({ logger: logOptions('info', sink) })
      const jobs = await PostgresJobs.start(database.databaseUrl, app.log)
      cleanups.push(() => jobs.stop(1000))
      await jobs.work('operator-output', async () => {}, { expireInSeconds: 60, retryLimit: 0 })
      // The queue's tables gone under it: its worker's next fetch fails, and pg-boss reports the failure
      // as a copy of the error's fields.
      const admin = new pg.Client({ connectionString: database.databaseUrl })
      await admin.connect()
      await admin.query('DROP SCHEMA pgboss CASCADE')
      await admin.end()
      const deadline = Date.now() + 20_000
      while (!log.includes('"msg":"job queue"') && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100))
      const line = log.split('\n').find((l) => l.includes('"msg":"job queue"'))
      expect(line, log).toBeDefined()
      const entry = JSON.parse(line!) as { level: number; queue?: string; err: { message: string } }
      expect(entry.level).toBe(40)
      expect(entry.err.message).not.toContain('[object Object]')
      expect(entry.err.message).toMatch(/pgboss|does not exist/)
    },
    60_000,
  )
})
