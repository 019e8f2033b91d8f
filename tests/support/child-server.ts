import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { freePort } from './free-port.ts'
import { tempDir } from './temp-dir.ts'
import { createTestDatabase } from './test-database.ts'

export const root = path.resolve(import.meta.dirname, '../..')
/** The project's Node 24 (never the system's): better-sqlite3 needs it. */
export const NODE = path.join(root, 'node_modules/.bin/node')

/** Answers 200 to GET url, or fails; one connection per call (no keep-alive left behind). */
function probe(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.setTimeout(2000, () => req.destroy(new Error('timeout')))
  })
}

/**
 * The real server as operators run it (`node server/main.ts`) in a child process: a free port, a
 * temporary DATA_DIR, an empty STATIC_DIR, its own PostgreSQL database under `npm run test:pg`.
 * Resolves once it answers; `exited` resolves with how and when it ended.
 */
export async function startChildServer(env: Record<string, string> = {}) {
  const sharedDataDir = env.DATA_DIR !== undefined
  // A PORT given keeps an instance's address across a restart (a proxy's upstream list names it).
  const port = env.PORT !== undefined ? Number(env.PORT) : await freePort()
  const dataDir = env.DATA_DIR ?? tempDir('child')
  const staticDir = tempDir('no-spa')
  // A DATABASE_URL given is shared with another instance (and dropped by whoever made it).
  const database =
    env.DATABASE_URL !== undefined
      ? { databaseUrl: env.DATABASE_URL, drop: async () => {} }
      : await createTestDatabase()
  const child = spawn(NODE, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.databaseUrl,
      STATIC_DIR: staticDir,
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  let stdout = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  // The log (LOG_LEVEL=silent unless the caller asks for it), read by tests of what an operator sees.
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8')
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  )
  const cleanup = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited
    }
    await database.drop()
    if (!sharedDataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(staticDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) {
      await cleanup()
      throw new Error(`server exited with code ${child.exitCode} while starting: ${stderr}`)
    }
    if ((await probe(`http://127.0.0.1:${port}/api/tbMenuInfo/queryAll`).catch(() => 0)) === 200) break
    if (Date.now() > deadline) {
      await cleanup()
      throw new Error(`server did not start within 60 s: ${stderr}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return { port, child, exited, dataDir, stderr: () => stderr, stdout: () => stdout, cleanup }
}
