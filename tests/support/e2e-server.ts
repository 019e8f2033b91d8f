import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { freePort } from './free-port.ts'
import { tempDir } from './temp-dir.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    unitPort: number
    /** The e2e server's data folder: tests read the sandbox SMS outbox from its database. */
    e2eDataDir: string
  }
}

const root = path.resolve(import.meta.dirname, '../..')

/**
 * Starts the real server (node server/main.ts, Node 24) on a free port with a temporary DATA_DIR,
 * serving the built SPA in dist/. `npm test` builds before running e2e.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'dist/index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` before the e2e tests')
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
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const baseURL = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    try {
      const res = await fetch(`${baseURL}/api/tbMenuInfo/queryAll`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 30 s')
    await new Promise((r) => setTimeout(r, 200))
  }
  project.provide('baseURL', baseURL)
  project.provide('e2eDataDir', dataDir)
  return async () => {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
