import { spawn } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

/** A free port the kernel picks, handed to the server at once. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

export interface PreviewServer {
  origin: string
  /** Stops the server and waits until its process has ended (its DATA_DIR may then be removed). */
  stop(): Promise<void>
}

/** Seeding the demo data and loading the page renderer took up to 40 s on a loaded 2-core machine. */
const START_TIMEOUT_MS = 180_000

/**
 * The real server as operators run it (`node server/main.ts`, the project's Node), on the built SPA
 * of `repo`/dist, with `definitionsRoot` as DEFINITIONS_ROOT, SQLite in `dataDir` and the demo data
 * (so lists and directories look as they do on a live site). Resolves once it answers /api/ready and
 * renders its home page — the page renderer loads after the API is up.
 */
export async function startPreviewServer(
  repo: string,
  definitionsRoot: string,
  dataDir: string,
  /** Given the stop as soon as the process exists, so a Ctrl-C while it starts stops it too. */
  started: (stop: () => Promise<void>) => void,
): Promise<PreviewServer> {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SECRETS_DIR: path.join(dataDir, 'secrets'),
    DATABASE_URL: '',
    STORAGE: 'local',
    STATIC_DIR: path.join(repo, 'dist'),
    DEFINITIONS_ROOT: definitionsRoot,
    SEED_DEMO: '1',
    LOG_LEVEL: 'warn',
    // One address asks for every page at two widths: more than the per-visitor render limit allows.
    RENDER_LIMIT: '100000',
  }
  // A production shell would refuse the demo data; the preview is never a production site.
  delete env.NODE_ENV
  delete env.BASE_PATH
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: repo,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const running = () => child.exitCode === null && child.signalCode === null
  // The last resort when this script dies without cleaning up (an uncaught error, stdout closed by
  // `| head`): the server must not outlive it.
  process.once('exit', () => running() && child.kill('SIGKILL'))
  const stop = async () => {
    if (!running()) return
    child.kill('SIGTERM')
    const killed = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(killed)
  }
  started(stop)
  const deadline = Date.now() + START_TIMEOUT_MS
  try {
    for (;;) {
      if (!running()) throw new Error(`网站没能启动：\n${output.trim()}`)
      if (await answers(origin)) return { origin, stop }
      if (Date.now() > deadline)
        throw new Error(`网站 ${START_TIMEOUT_MS / 1000} 秒内没有启动完成：\n${output.trim()}`)
      await new Promise((r) => setTimeout(r, 300))
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Ready, and the home page server-rendered (it carries the page data block). */
async function answers(origin: string): Promise<boolean> {
  try {
    const ready = await fetch(`${origin}/api/ready`)
    if (!ready.ok) return false
    return (await (await fetch(origin)).text()).includes('id="kb-page-data"')
  } catch {
    return false
  }
}
