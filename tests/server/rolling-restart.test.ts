import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startChildServer } from '../support/child-server.ts'
import { startNginx } from '../support/nginx.ts'
import { DEMO } from '../support/test-app.ts'
import { createTestDatabase, onPostgres } from '../support/test-database.ts'
import { multipartFile } from '../support/uploads.ts'

/**
 * Issue 33 item 2: a rolling restart drops nothing. Two instances of the real server (`node
 * server/main.ts`, as `npm start` runs it) share one database — PostgreSQL under `npm run test:pg`, one
 * SQLite file in a shared DATA_DIR otherwise — behind the README's own nginx front (read from
 * README.md: passive health checks, the next upstream on an error or a 503). Steady load — reads,
 * sign-ins, a signed-in read and uploads sent slowly enough to be in flight — runs while each
 * instance in turn gets SIGTERM, exits and is started again on its port. Not one request may fail,
 * each instance must stop answering ready at once, and each must exit 0 within SHUTDOWN_TIMEOUT_MS.
 * Its time is mostly the four starts (a few seconds each on a quiet machine; 15–50 s on a saturated
 * 2-core one) and nginx's fail_timeout between the two restarts.
 */
const SHUTDOWN_TIMEOUT_MS = 10_000
const database = onPostgres() ? 'PostgreSQL' : 'SQLite'

type Instance = Awaited<ReturnType<typeof startChildServer>>
const cleanups: Array<() => Promise<void> | void> = []
let env: Record<string, string> = {}
let proxyPort = 0
let ports: number[] = []

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The visitor's side: keep-alive connections to nginx, as a browser keeps them. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 })

interface Outcome {
  ok: boolean
  what: string
  at: number
}

/**
 * One request through nginx; ok when answered 200 with the envelope's code 200. A request that does
 * not arrive at once is sent in `chunks` pieces `pauseMs` apart (an upload on a slow line).
 */
function send(
  method: string,
  url: string,
  options: { body?: Buffer; headers?: Record<string, string>; chunks?: number; pauseMs?: number } = {},
): Promise<{ ok: boolean; what: string; body?: { code: number; data?: Record<string, unknown> } }> {
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: proxyPort,
        method,
        path: url,
        agent,
        headers: {
          ...(options.body ? { 'content-length': String(options.body.length) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const parts: Buffer[] = []
        res.on('data', (chunk: Buffer) => parts.push(chunk))
        res.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8')
          let body: { code: number; data?: Record<string, unknown> } | undefined
          try {
            body = JSON.parse(text)
          } catch {}
          const ok = res.statusCode === 200 && body?.code === 200
          resolve({ ok, what: `${method} ${url}: ${res.statusCode} ${text.slice(0, 120)}`, body })
        })
        res.on('error', (error) => resolve({ ok: false, what: `${method} ${url}: ${error.message}` }))
      },
    )
    req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')))
    req.on('error', (error) => resolve({ ok: false, what: `${method} ${url}: ${error.message}` }))
    const body = options.body
    if (!body) return void req.end()
    const chunks = options.chunks ?? 1
    const size = Math.ceil(body.length / chunks)
    void (async () => {
      for (let i = 0; i < chunks; i++) {
        req.write(body.subarray(i * size, (i + 1) * size))
        if (i < chunks - 1) await sleep(options.pauseMs ?? 0)
      }
      req.end()
    })()
  })
}

/** A visitor's address for nginx's X-Forwarded-For (the instances trust loopback). */
const visitor = () => `10.${randomBytes(3).join('.')}`

/** Steady load until `running.value` is false; every outcome is kept. */
function load(running: { value: boolean }, outcomes: Outcome[]) {
  const record = (result: { ok: boolean; what: string }) =>
    outcomes.push({ ok: result.ok, what: result.what, at: Date.now() })
  const loop = async (step: () => Promise<void>) => {
    while (running.value) await step()
  }
  /** The demo designer signs in (recorded); answers the token, or undefined when it failed. */
  const signIn = async () => {
    const signedIn = await send('POST', '/api/login', {
      body: Buffer.from(JSON.stringify({ account: DEMO.designer, password: DEMO.password, logInSource: 2 })),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor() },
    })
    record(signedIn)
    const token = signedIn.body?.data?.token
    return typeof token === 'string' ? token : undefined
  }
  // A visitor's pace, not a flood: the machine's cores are shared with the instances being restarted.
  const reads = () =>
    loop(async () => {
      record(await send('GET', '/api/tbMenuInfo/queryAll'))
      await sleep(20)
    })
  const signIns = () =>
    loop(async () => {
      const token = await signIn()
      if (token) record(await send('GET', '/api/my/getUserBase', { headers: { authorization: token } }))
      await sleep(200)
    })
  const uploads = () =>
    loop(async () => {
      const token = await signIn()
      if (!token) return
      for (let i = 0; i < 3 && running.value; i++) {
        const { payload, headers } = multipartFile(
          'notes.txt',
          Buffer.from(randomBytes(96 * 1024).toString('hex')),
        )
        // 192 KB in 8 pieces 60 ms apart: about half a second on the line.
        record(
          await send('POST', '/api/common/upload', {
            body: payload,
            headers: { ...headers, authorization: token },
            chunks: 8,
            pauseMs: 60,
          }),
        )
      }
    })
  return Promise.all([reads(), reads(), signIns(), uploads()])
}

/** GET /api/ready straight to an instance on a new connection: its status, or the connection error. */
function readiness(port: number): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get(`http://127.0.0.1:${port}/api/ready`, { agent: false }, (res) => {
      res.resume()
      resolve(String(res.statusCode))
    })
    req.setTimeout(1000, () => req.destroy(new Error('timeout')))
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
  })
}

/**
 * SIGTERM to `instance`; until it exits, its readiness asked every 20 ms. Answers how long it kept
 * answering ready after the signal (0 when never), how long it took to exit, and its exit code.
 */
async function stopInstance(instance: Instance) {
  const signalled = Date.now()
  instance.child.kill('SIGTERM')
  let lastReady = 0
  let exited = false
  const probing = (async () => {
    while (!exited) {
      const asked = Date.now()
      if ((await readiness(instance.port)) === '200') lastReady = asked - signalled
      await sleep(20)
    }
  })()
  const exit = await instance.exited
  exited = true
  await probing
  return { readyForMs: lastReady, exitMs: exit.at - signalled, code: exit.code, stderr: instance.stderr() }
}

describe(`a rolling restart of two instances on ${database} behind the README's nginx`, () => {
  beforeAll(async () => {
    const shared = await createTestDatabase()
    cleanups.push(() => shared.drop())
    ports = []
    env = {
      DATABASE_URL: shared.databaseUrl,
      // One DATA_DIR for both: the SQLite file, the keys and the uploaded files.
      DATA_DIR: shared.dataDir,
      SEED_DEMO: '1',
      TRUST_PROXY: '127.0.0.1',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    }
  }, 60_000)
  afterAll(async () => {
    agent.destroy()
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('restarts each instance in turn under steady load: 0 failed requests, not ready at once, exit 0 in time', async () => {
    const t0 = Date.now()
    const mark = (what: string) => console.log(`${Date.now() - t0} ms: ${what}`)
    // Together: the start lock makes the second wait for the first one's writes (README "Operations").
    const instances = await Promise.all([startChildServer(env), startChildServer(env)])
    mark('both started')
    cleanups.push(() => Promise.all(instances.map((i) => i.cleanup())).then(() => {}))
    ports = instances.map((i) => i.port)
    const nginx = await startNginx(ports)
    cleanups.push(nginx.stop)
    proxyPort = nginx.port

    const outcomes: Outcome[] = []
    const running = { value: true }
    const loaded = load(running, outcomes)
    const stops: Array<Awaited<ReturnType<typeof stopInstance>>> = []
    try {
      await sleep(1500)
      for (const [n, port] of ports.entries()) {
        stops.push(await stopInstance(instances[n]!))
        mark(`instance ${n} stopped`)
        instances[n] = await startChildServer({ ...env, PORT: String(port) })
        mark(`instance ${n} started again`)
        // As an operator's script does: the next instance stops only once nginx sends to this one again.
        await sleep(n < ports.length - 1 ? nginx.failTimeoutMs + 500 : 1000)
      }
    } finally {
      running.value = false
      await loaded
    }

    const failed = outcomes.filter((o) => !o.ok)
    const counts = (kind: string) => outcomes.filter((o) => o.what.includes(kind)).length
    console.log(
      `rolling restart on ${database}: ${outcomes.length} requests (${counts('/api/tbMenuInfo')} reads, ` +
        `${counts('/api/login')} sign-ins, ${counts('/api/my/')} signed-in reads, ${counts('/api/common/upload')} uploads), ` +
        `${failed.length} failed; per instance: ${stops
          .map((s) => `ready ${s.readyForMs} ms after SIGTERM, exit ${s.code} after ${s.exitMs} ms`)
          .join('; ')}`,
    )
    for (const f of failed.slice(0, 10)) console.log(`  failed: ${f.what}`)
    if (failed.length) console.log(nginx.errorLog().split('\n').slice(-10).join('\n'))

    expect(counts('/api/common/upload')).toBeGreaterThan(2)
    expect(failed.map((f) => f.what)).toEqual([])
    for (const stop of stops) {
      // Readiness fails with the signal (a probe racing the signal itself may still be answered 200).
      expect(stop.readyForMs).toBeLessThan(200)
      expect(stop.code, stop.stderr).toBe(0)
      expect(stop.exitMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS)
    }
  }, 240_000)
})
