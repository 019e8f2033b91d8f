import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { tempDir } from '../scripts/lib/temp-dir.ts'
import { benchApp, listen } from './bench-app.ts'
import { reportLoadedLatency } from './event-loop.ts'

/**
 * `npm run bench:loaded` (after a build): only the event-loop figure of `npm run bench` — the menu's
 * latency idle and while page renders, PDFs and bitmap renditions run at once — on a fresh seeded
 * SQLite database.
 */
const dataDir = tempDir('bench-loaded')
const app = await benchApp(dataDir, path.resolve(import.meta.dirname, '../dist'))
try {
  const base = await listen(app)
  console.log(
    `Kabu Portal loaded-latency bench (Node ${process.version}, ${os.availableParallelism()} cores)\n`,
  )
  process.exitCode = (await reportLoadedLatency(base)) ? 1 : 0
} finally {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
