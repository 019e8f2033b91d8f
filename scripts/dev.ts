import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { createServer } from 'vite'

/**
 * `npm run dev`: the Vite dev server (hot reload) on PORT (default 5173), proxying /api to
 * API_TARGET. Without API_TARGET it also starts the local API server on API_PORT (default 3001) with
 * the same database as `npm start` (DATA_DIR / DATABASE_URL apply).
 */
const root = path.resolve(import.meta.dirname, '..')
const apiPort = process.env.API_PORT ?? '3001'
let api: ChildProcess | undefined

if (!process.env.API_TARGET) {
  // A saved server file restarts it; a saved definition (competitions/, events/, landing-pages/) is
  // read again without a restart by the server's own watcher (services/live-definitions.ts).
  const watched = ['server', 'schemas'].map((dir) => `--watch-path=${dir}`)
  api = spawn(process.execPath, [...watched, 'server/main.ts'], {
    cwd: root,
    // No STATIC_DIR: in development Vite serves the SPA.
    env: {
      ...process.env,
      PORT: apiPort,
      STATIC_DIR: path.join(root, '.no-spa'),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
    stdio: 'inherit',
  })
  process.env.API_TARGET = `http://127.0.0.1:${apiPort}`
}

const vite = await createServer({ root, configFile: path.join(root, 'vite.config.ts') })
await vite.listen()
vite.printUrls()
console.log(`  ➜  API:     ${process.env.API_TARGET}`)

const stop = async () => {
  api?.kill('SIGTERM')
  await vite.close()
  process.exit(0)
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
