import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../server/app.ts'
import { tempDir } from '../tests/support/temp-dir.ts'
import { reportFormRoutes } from './form-routes.ts'
import { int, table } from './format.ts'
import { reportHomeWeight } from './home-weight.ts'
import { CONNECTIONS, DURATION_S, helloServer, type LoadResult, measure, WARMUP_S } from './throughput.ts'
import { reportValidationSpeed } from './validation-speed.ts'

/**
 * `npm run bench` (after a build): (a) what the home route loads before first paint, against the JS
 * budget, (b) API throughput relative to a bare Fastify route on the same machine, (c) the real-name
 * form's precompiled validator against a runtime ajv, and (d) what opening each form route adds to
 * the home route. Figures only; the exit code fails on the size budget, an erroring API, validators
 * that disagree, a missing form route or an ajv compiler in the bundle, never on timings.
 */
const root = path.resolve(import.meta.dirname, '..')
const distDir = path.join(root, 'dist')
const MENU_PATH = '/api/tbMenuInfo/queryAll'
const HELLO_BODY = JSON.stringify({ hello: 'world' })

// Port 0: the kernel picks a free port, with no window for another process to take it.
async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('server has no TCP address')
  return `http://127.0.0.1:${address.port}`
}

/** One real response, checked before the load: its exact body is what every load response must match. */
async function menuBody(url: string): Promise<string> {
  const res = await fetch(url)
  const text = await res.text()
  const body = JSON.parse(text) as { code?: number; data?: unknown }
  if (res.status !== 200 || body.code !== 200 || !Array.isArray(body.data) || body.data.length === 0) {
    throw new Error(`${MENU_PATH} answered HTTP ${res.status}: ${text.slice(0, 200)}`)
  }
  return text
}

const failures = (r: LoadResult) => r.non2xx + r.errors + r.mismatches

async function reportThroughput(menuUrl: string, helloUrl: string): Promise<boolean> {
  const expected = await menuBody(menuUrl)
  // One after the other: two cores cannot host both servers and a load generator at once.
  const menu = await measure(menuUrl, expected)
  const hello = await measure(helloUrl, HELLO_BODY)

  console.log(
    `API throughput (autocannon in a child process, ${CONNECTIONS} connections, ` +
      `${WARMUP_S} s warm-up then ${DURATION_S} s, 127.0.0.1)`,
  )
  const row = (label: string, r: LoadResult) => [
    label,
    int(r.reqPerSec),
    r.p99Ms < 1 ? '<1' : int(r.p99Ms),
    int(r.non2xx),
    int(r.errors),
    int(r.mismatches),
  ]
  console.log(
    table(
      ['target', 'req/s', 'p99 ms', 'non-2xx', 'errors', 'bad body'],
      [row(`GET ${MENU_PATH} (SQLite, seeded)`, menu), row('GET / bare Fastify hello-world', hello)],
    ),
  )
  console.log(`menu/hello = ${(menu.reqPerSec / hello.reqPerSec).toFixed(2)}`)
  if (failures(menu) > 0) console.log(`${MENU_PATH} failed under load: its req/s is not a valid figure`)
  return failures(menu) > 0
}

async function main(): Promise<number> {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    console.error('dist/ is missing: run `npm run build` first (npm run bench does)')
    return 1
  }
  const dataDir = tempDir('bench')
  const servers: FastifyInstance[] = []
  try {
    const app = await buildApp({
      dataDir,
      databaseUrl: '',
      staticDir: distDir,
      basePath: '/',
      sessionTtlMs: 3600_000,
      logLevel: 'silent',
    })
    servers.push(app)
    const hello = helloServer()
    servers.push(hello)
    const baseUrl = await listen(app)
    const helloUrl = await listen(hello)

    console.log(`Kabu Portal bench (Node ${process.version}, ${os.availableParallelism()} cores)\n`)
    const { overBudget, initial } = await reportHomeWeight(baseUrl, distDir)
    console.log()
    const apiFailed = await reportThroughput(`${baseUrl}${MENU_PATH}`, `${helloUrl}/`)
    console.log()
    const validatorsDisagree = reportValidationSpeed()
    console.log()
    const formRoutesFailed = reportFormRoutes(root, distDir, initial)
    return overBudget || apiFailed || validatorsDisagree || formRoutesFailed ? 1 : 0
  } finally {
    await Promise.all(servers.map((s) => s.close()))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

process.exitCode = await main()
