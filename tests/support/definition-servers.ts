import { type ChildProcess, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { freePort } from './free-port.ts'
import { tempDir } from './temp-dir.ts'

/**
 * Production servers (the dist/ build) on a definitions root of their own, for the e2e tests of what a
 * definition file does when it is added, changed or broken: a restart (competition-restart) or a
 * reload (definitions-reload).
 */
export const repo = path.resolve(import.meta.dirname, '../..')

/** A copy of the repository's competitions/, events/ and landing-pages/, with its public/. */
export function newDefinitionsRoot(): string {
  const root = tempDir('restart-definitions')
  fs.cpSync(path.join(repo, 'competitions'), path.join(root, 'competitions'), { recursive: true })
  fs.cpSync(path.join(repo, 'landing-pages'), path.join(root, 'landing-pages'), { recursive: true })
  fs.cpSync(path.join(repo, 'events'), path.join(root, 'events'), { recursive: true })
  // The checker looks for every image a definition names under <root>/public.
  fs.symlinkSync(path.join(repo, 'public'), path.join(root, 'public'), 'dir')
  return root
}

export interface Server {
  url: string
  stop(): Promise<void>
}
type Start = { ok: true; server: Server } | { ok: false; code: number | null; output: string }

/**
 * node server/main.ts as tests/support/e2e-server.ts starts it, with DEFINITIONS_ROOT set; `env` adds
 * to it (demo data, say).
 */
export async function startServer(
  definitionsRoot: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Start> {
  const port = await freePort()
  const child: ChildProcess = spawn(process.execPath, ['server/main.ts'], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      STATIC_DIR: path.join(repo, 'dist'),
      BASE_PATH: '/',
      DEFINITIONS_ROOT: definitionsRoot,
      // Production does not watch the definition folders: a restart or a reload picks up a new file.
      NODE_ENV: 'production',
      ALLOW_SANDBOX: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString()
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 30_000
  for (;;) {
    if (child.exitCode !== null) {
      await exited
      return { ok: false, code: child.exitCode, output }
    }
    try {
      if ((await fetch(`${url}/api/tbMenuInfo/queryAll`)).ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      await exited
      throw new Error(`server did not start within 30 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    ok: true,
    server: {
      url,
      stop: async () => {
        if (child.exitCode === null) child.kill('SIGTERM')
        await exited
      },
    },
  }
}

export async function started(
  definitionsRoot: string,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<Server> {
  const result = await startServer(definitionsRoot, dataDir, env)
  if (!result.ok) throw new Error(`server exited with ${result.code}:\n${result.output}`)
  return result.server
}
