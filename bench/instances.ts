import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Options } from 'autocannon'
import pg from 'pg'
import { tempDir } from '../scripts/lib/temp-dir.ts'
import { hashPassword } from '../server/lib/passwords.ts'
import { int, table } from './format.ts'
import { postgresCpuSeconds, processCpuSeconds } from './process-cpu.ts'
import { BROWSER_HEADERS, runLoad } from './throughput.ts'

/**
 * `npm run bench:instances` (issue 25 item 7): requests per second with one and with two server
 * instances on one PostgreSQL database, side by side in one run. Both instances are real processes
 * (`node server/main.ts`) on the built portal, sharing SECRETS_DIR; "two" sends the same connections
 * round-robin to both, as a load balancer would (autocannon's list of URLs). Each cell is the median
 * of ROUNDS runs, one and two alternating, so both see the same machine. Figures only: on a machine
 * with few cores, two instances compete with each other, PostgreSQL and the load generator for them,
 * so the ratio shows the overhead more than the gain; the core count is printed beside it.
 *
 * How many instances one PostgreSQL serves is printed from two measurements rather than from more
 * machines: the CPU one instance and the PostgreSQL processes each spend per request of every workload
 * (one instance alone, read from /proc, so PostgreSQL must run on this machine), whose ratio is how many
 * instance cores one PostgreSQL core keeps fed; and the connections an idle instance holds against
 * PostgreSQL's max_connections.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local postgres/postgres; a
 * database is created for the run and dropped after it.
 */
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres:postgres@127.0.0.1:5432/postgres'
const ROUNDS = 3
const DURATION_S = 6
const WARMUP_S = 2
/** Below the sign-in limit of 20 attempts in flight per client address (all of the bench's share one). */
const CONNECTIONS = 16
/** Sign-in cycles through this many accounts (an account allows 5 attempts in flight). */
const SIGN_IN_ACCOUNTS = 40
const PASSWORD = 'Bench2026!'
const NODE = path.resolve('node_modules/.bin/node')

interface Workload {
  label: string
  /** What one connection sends, in turn. */
  requests: NonNullable<Options['requests']>
}

const signInAccount = (i: number) => `1397000${String(i).padStart(4, '0')}`

const WORKLOADS: Workload[] = [
  {
    label: 'menu (API)',
    requests: [{ method: 'GET', path: '/api/tbMenuInfo/queryAll', headers: BROWSER_HEADERS }],
  },
  {
    label: 'designer list (API, page 1)',
    requests: [{ method: 'GET', path: '/api/designer/list?pageNum=1&pageSize=12', headers: BROWSER_HEADERS }],
  },
  {
    label: 'server-rendered page (/news/index)',
    requests: [{ method: 'GET', path: '/news/index', headers: { ...BROWSER_HEADERS, accept: 'text/html' } }],
  },
]

async function admin<T>(run: (client: pg.Client) => Promise<T>, url = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

/** A server instance in its own process; resolves once it answers. */
async function startInstance(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = 20_000 + Math.floor(Math.random() * 20_000)
  const child = spawn(NODE, ['server/main.ts'], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`instance exited with code ${child.exitCode}`)
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    )
    if (ready) return { url, child }
    if (tries > 600) throw new Error('instance did not become ready within 2 minutes')
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * Sign-in, measured with a closed loop that reads every answer (autocannon sees only HTTP statuses,
 * and a refused sign-in answers HTTP 200 with its code): CONNECTIONS workers, each signing in again as
 * soon as its answer arrives, spread over `urls` in turn and over the accounts from different places.
 * Counts only the answers that signed in; the others are tallied by message.
 */
async function signIns(urls: string[], seconds: number) {
  const refused: Record<string, number> = {}
  let signedIn = 0
  const started = performance.now()
  const end = started + seconds * 1000
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, worker) => {
      for (let n = worker * 7; performance.now() < end; n++) {
        const answer = (await fetch(`${urls[n % urls.length]}/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            account: signInAccount(n % SIGN_IN_ACCOUNTS),
            password: PASSWORD,
            logInSource: 2,
          }),
        }).then((r) => r.json())) as { code: number; msg: string }
        if (answer.code === 200) signedIn++
        else refused[`${answer.code} ${answer.msg}`] = (refused[`${answer.code} ${answer.msg}`] ?? 0) + 1
      }
    }),
  )
  return { perSecond: signedIn / ((performance.now() - started) / 1000), refused }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

/** CPU milliseconds per request that `pid` and PostgreSQL spent while `run` made `requests(result)` requests. */
async function cpuPerRequest<T>(pid: number, run: () => Promise<T>, requests: (result: T) => number) {
  const before = { instance: processCpuSeconds(pid), postgres: postgresCpuSeconds() }
  const result = await run()
  const n = Math.max(1, requests(result))
  return {
    instanceMs: ((processCpuSeconds(pid) - before.instance) * 1000) / n,
    postgresMs: ((postgresCpuSeconds() - before.postgres) * 1000) / n,
  }
}

/** Below this PostgreSQL did no measurable work: the answer came from the instance's caches. */
const NO_QUERY_MS = 0.01

const cpuRow = (label: string, cpu: { instanceMs: number; postgresMs: number }) => {
  // A backend that closed during the run takes its CPU time with it: never below nothing.
  const postgresMs = Math.max(0, cpu.postgresMs)
  return [
    label,
    cpu.instanceMs.toFixed(2),
    postgresMs.toFixed(2),
    postgresMs < NO_QUERY_MS ? 'no limit (cached, no query)' : (cpu.instanceMs / postgresMs).toFixed(1),
  ]
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.resolve('dist/ssr')))
    throw new Error('no build: run `npm run bench:instances`, which builds first')
  const name = `kabu_bench_${randomBytes(4).toString('hex')}`
  await admin((c) => c.query(`CREATE DATABASE ${name}`))
  const databaseUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString()
  const secrets = tempDir('bench-secrets')
  const dirs = [tempDir('bench-a'), tempDir('bench-b')]
  const children: ChildProcess[] = []
  let sampler: pg.Client | undefined
  let sampling: NodeJS.Timeout | undefined
  try {
    const common = {
      DATABASE_URL: databaseUrl,
      SECRETS_DIR: secrets,
      STATIC_DIR: path.resolve('dist'),
      SEED_DEMO: '1',
      NODE_ENV: 'development',
    }
    // One after the other, as a deployment's first start: the first migrates and seeds.
    const a = await startInstance({ ...common, DATA_DIR: dirs[0]! })
    children.push(a.child)
    const b = await startInstance({ ...common, DATA_DIR: dirs[1]! })
    children.push(b.child)
    const hash = await hashPassword(PASSWORD)
    await admin(async (c) => {
      for (let i = 0; i < SIGN_IN_ACCOUNTS; i++) {
        await c.query(
          `INSERT INTO users (account, email, password_hash, username, nickname, profile_photo, money_fen, integral, created_at)
           VALUES ($1, null, $2, $1, null, null, 0, 0, $3)`,
          [signInAccount(i), hash, new Date().toISOString()],
        )
      }
    }, databaseUrl)

    // The connections both instances hold, read every 250 ms through the run: the peak is what one
    // instance may take of max_connections under load.
    sampler = new pg.Client({ connectionString: ADMIN_URL })
    await sampler.connect()
    let peakHeld = 0
    sampling = setInterval(() => {
      sampler!
        .query<{ n: string }>('SELECT count(*) AS n FROM pg_stat_activity WHERE datname = $1', [name])
        .then(
          (r) => {
            peakHeld = Math.max(peakHeld, Number(r.rows[0]!.n))
          },
          () => {},
        )
    }, 250)
    const rows: string[][] = []
    const cpuRows: string[][] = []
    for (const workload of WORKLOADS) {
      const run = (urls: string[], duration: number): Options => ({
        url: urls.length === 1 ? urls[0]! : urls,
        connections: CONNECTIONS,
        duration,
        requests: workload.requests,
      })
      await runLoad([run([a.url], WARMUP_S), run([a.url, b.url], WARMUP_S)])
      const one: number[] = []
      const two: number[] = []
      let failed = 0
      for (let round = 0; round < ROUNDS; round++) {
        const [single, pair] = await runLoad([run([a.url], DURATION_S), run([a.url, b.url], DURATION_S)])
        one.push(single!.reqPerSec)
        two.push(pair!.reqPerSec)
        failed += single!.non2xx + single!.errors + pair!.non2xx + pair!.errors
      }
      rows.push([
        workload.label,
        int(median(one)),
        int(median(two)),
        (median(two) / median(one)).toFixed(2),
        String(failed),
      ])
      const cpu = await cpuPerRequest(
        a.child.pid!,
        () => runLoad([run([a.url], DURATION_S)]),
        ([single]) => single!.reqPerSec * DURATION_S,
      )
      cpuRows.push(cpuRow(workload.label, cpu))
    }
    await signIns([a.url, b.url], WARMUP_S)
    const one: number[] = []
    const two: number[] = []
    const refused: Record<string, number> = {}
    for (let round = 0; round < ROUNDS; round++) {
      for (const [urls, into] of [
        [[a.url], one],
        [[a.url, b.url], two],
      ] as const) {
        const result = await signIns([...urls], DURATION_S)
        into.push(result.perSecond)
        for (const [message, n] of Object.entries(result.refused))
          refused[message] = (refused[message] ?? 0) + n
      }
    }
    const signInCpu = await cpuPerRequest(
      a.child.pid!,
      () => signIns([a.url], DURATION_S),
      (result) => result.perSecond * DURATION_S,
    )
    cpuRows.push(cpuRow('sign-in (POST /api/login, signed in)', signInCpu))
    clearInterval(sampling)
    const settings = await sampler.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('max_connections', 'superuser_reserved_connections')`,
    )
    const setting = (key: string) => Number(settings.rows.find((r) => r.name === key)!.setting)
    const connections = {
      perInstance: Math.ceil(peakHeld / 2),
      available: setting('max_connections') - setting('superuser_reserved_connections'),
    }
    rows.push([
      'sign-in (POST /api/login, signed in)',
      int(median(one)),
      int(median(two)),
      (median(two) / median(one)).toFixed(2),
      String(Object.values(refused).reduce((x, y) => x + y, 0)),
    ])
    console.log(
      `\nOne and two instances on one PostgreSQL (${os.availableParallelism()} cores; ${CONNECTIONS} connections, median of ${ROUNDS} × ${DURATION_S} s)\n`,
    )
    console.log(table(['workload', '1 instance req/s', '2 instances req/s', 'ratio 2/1', 'failed'], rows))
    if (Object.keys(refused).length) console.log('\nsign-ins refused:', refused)
    console.log(
      '\nCPU per request, one instance alone (its process, all threads; every PostgreSQL process on this machine)\n',
    )
    console.log(
      table(
        ['workload', 'instance CPU ms/req', 'PostgreSQL CPU ms/req', 'instance cores per PostgreSQL core'],
        cpuRows,
      ),
    )
    console.log(
      `\nConnections: an instance held at most ${connections.perInstance} during the run (pool, job queue, NOTIFY listeners);` +
        ` this PostgreSQL allows ${connections.available} (max_connections less the superuser's reserve),` +
        ` so ${Math.floor(connections.available / Math.max(1, connections.perInstance))} instances at most without a pooler (PgBouncer) or a higher max_connections.`,
    )
  } finally {
    clearInterval(sampling)
    await sampler?.end().catch(() => {})
    for (const child of children) child.kill('SIGTERM')
    await new Promise((r) => setTimeout(r, 1000))
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    for (const dir of [secrets, ...dirs]) fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
