import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { freePort } from './free-port.ts'
import { tempDir } from './temp-dir.ts'

const root = path.resolve(import.meta.dirname, '../..')
/** Debian's nginx (scripts/test-needs.ts lists it). */
export const NGINX = '/usr/sbin/nginx'

/**
 * The README's sample front ("A sample nginx front with two upstreams"), as the operator copies it:
 * the block is read from README.md, so the test runs what the README says. Only what cannot run here
 * changes: the upstreams' addresses become `upstreams`, and TLS on 443 becomes plain HTTP on a free
 * local port.
 */
export function readmeNginxConfig(upstreams: number[], port: number): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8')
  const section = readme.split('### A sample nginx front with two upstreams')[1] ?? ''
  const block = /```nginx\n([\s\S]*?)```/.exec(section)?.[1]
  if (!block) throw new Error('README.md has no nginx block under "A sample nginx front with two upstreams"')
  let next = 0
  const config = block
    .replace(/server\s+\d+\.\d+\.\d+\.\d+:\d+/g, () => {
      const upstream = upstreams[next++]
      if (upstream === undefined) throw new Error('the README names more upstreams than the test starts')
      return `server 127.0.0.1:${upstream}`
    })
    .replace(/listen\s+443[^;]*;/, `listen 127.0.0.1:${port};`)
    .split('\n')
    .filter((line) => !/ssl_certificate/.test(line))
    .join('\n')
  if (next !== upstreams.length)
    throw new Error(`the README names ${next} upstreams, the test ${upstreams.length}`)
  return config
}

/** Resolves once something accepts connections on the port. */
async function listening(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1')
      socket.once('connect', () => {
        socket.destroy()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (ok) return
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port} within ${timeoutMs} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** nginx in the foreground with the README's front before `upstreams`; stop() ends it. */
export async function startNginx(upstreams: number[]) {
  const port = await freePort()
  const dir = tempDir('nginx')
  // Its worker processes run as another user when the test runs as root: they write request bodies here.
  fs.chmodSync(dir, 0o777)
  const conf = path.join(dir, 'nginx.conf')
  fs.writeFileSync(
    conf,
    [
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'worker_processes 1;',
      'events { worker_connections 256; }',
      'http {',
      `  access_log ${dir}/access.log;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      readmeNginxConfig(upstreams, port),
      '}',
    ].join('\n'),
  )
  const child = spawn(NGINX, ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    await listening(port, 10_000)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`${(error as Error).message}: ${stderr}`)
  }
  const failTimeout = /fail_timeout=(\d+)s/.exec(fs.readFileSync(conf, 'utf8'))?.[1]
  return {
    port,
    /**
     * How long nginx leaves an upstream alone after it failed (passive health check): a restarted
     * instance gets traffic again only after this, so the next one may stop only then.
     */
    failTimeoutMs: Number(failTimeout ?? 10) * 1000,
    /** What nginx logged at warn and above (upstream errors name the failed instance). */
    errorLog: () => fs.readFileSync(path.join(dir, 'error.log'), 'utf8'),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT')
        await exited
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
