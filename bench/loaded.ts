import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buildApp } from '../server/app.ts'
import { tempDir } from '../tests/support/temp-dir.ts'
import { reportLoadedLatency } from './event-loop.ts'

/**
 * `npm run bench:loaded` (after a build): only the event-loop figure of `npm run bench` — the menu's
 * latency idle and while page renders, PDFs and bitmap renditions run at once — on a fresh seeded
 * SQLite database.
 */
const distDir = path.resolve(import.meta.dirname, '../dist')
const dataDir = tempDir('bench-loaded')
const app = await buildApp({
  dataDir,
  databaseUrl: '',
  staticDir: distDir,
  basePath: '/',
  sessionTtlMs: 3600_000,
  logLevel: 'silent',
  // One client asking for many new pages: the per-client render limit would turn them into shells.
  renderLimit: 100_000,
})
try {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('server has no TCP address')
  console.log(
    `Kabu Portal loaded-latency bench (Node ${process.version}, ${os.availableParallelism()} cores)\n`,
  )
  process.exitCode = (await reportLoadedLatency(`http://127.0.0.1:${address.port}`)) ? 1 : 0
} finally {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
