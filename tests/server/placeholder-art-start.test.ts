import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { NODE, root, startChildServer } from '../support/child-server.ts'
import { definitionsRoot, fixture } from '../support/competitions.ts'
import { freePort } from '../support/free-port.ts'
import { tempDir } from '../support/temp-dir.ts'

/**
 * Issue 34 item 3: placeholder art never reaches a production page. A production start whose
 * definitions name a shipped placeholder is refused with one line — the file, the JSON path and the
 * reason in Chinese, no stack trace (as the other refused starts, tests/server/operator-output.test.ts)
 * — and a development start with the same files starts and warns.
 */
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const COVER = '/competitions/fee-default/cover.webp'

/** A definitions root whose one competition has the competition template's cover, copied under its own name. */
function rootWithPlaceholder(): string {
  const dir = definitionsRoot({
    'fee-default': fixture('fee-default', { cover: { src: COVER, alt: '封面', width: 1200, height: 675 } }),
  })
  fs.mkdirSync(path.join(dir, 'public/competitions/fee-default'), { recursive: true })
  fs.copyFileSync(
    path.join(root, 'public/competitions/_template/cover.webp'),
    path.join(dir, 'public', COVER),
  )
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** `node server/main.ts` in production: its exit code and stderr, or 'started' if it answered instead. */
async function productionStart(definitions: string) {
  const dataDir = tempDir('placeholder-start')
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  const port = await freePort()
  const child = spawn(NODE, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      STATIC_DIR: tempDir('no-spa'),
      LOG_LEVEL: 'silent',
      DEFINITIONS_ROOT: definitions,
      NODE_ENV: 'production',
      // Only the placeholder may refuse this start, not the sandbox providers' own refusal.
      ALLOW_SANDBOX: '1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const answers = async (): Promise<'started'> => {
    for (;;) {
      const ok = await new Promise<boolean>((resolve) => {
        const req = http.get(`http://127.0.0.1:${port}/api/ready`, { agent: false }, (res) => {
          res.resume()
          resolve(res.statusCode === 200)
        })
        req.on('error', () => resolve(false))
      })
      if (ok) return 'started'
      await new Promise((r) => setTimeout(r, 200))
    }
  }
  const code = await Promise.race([exited, answers()])
  if (code === 'started') {
    child.kill('SIGKILL')
    await exited
  }
  return { code, stderr }
}

describe('placeholder art at the server’s start', () => {
  it('a production start naming a placeholder is refused with one line: file, field, reason', async () => {
    const { code, stderr } = await productionStart(rootWithPlaceholder())
    expect(code).toBe(1)
    expect(stderr.trim().split('\n')).toEqual([
      'Not starting: competitions/fee-default.json  cover.src  仍是占位图（public/competitions/fee-default/cover.webp 与 public/competitions/_template/cover.webp 相同）：占位图不能上线，请换成本届的真实图片',
    ])
  }, 60_000)

  it('a development start with the same files starts and warns, naming the file and field', async () => {
    const server = await startChildServer({
      DEFINITIONS_ROOT: rootWithPlaceholder(),
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
    })
    cleanups.push(server.cleanup)
    const warnings = server
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .map(({ level, msg }) => ({ level, msg }))
      .filter((line) => line.msg.includes('占位图'))
    expect(warnings).toEqual([
      {
        level: 40,
        msg: '提醒  competitions/fee-default.json  cover.src  仍是占位图（public/competitions/fee-default/cover.webp 与 public/competitions/_template/cover.webp 相同）：上线前请换成本届的真实图片，生产环境（NODE_ENV=production）会拒绝启动',
      },
    ])
  }, 90_000)
})
