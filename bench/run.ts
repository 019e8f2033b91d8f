import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { tempDir } from '../scripts/lib/temp-dir.ts'
import { benchApp, listen } from './bench-app.ts'
import { reportLoadedLatency } from './event-loop.ts'
import { reportExports } from './exports.ts'
import { reportFormRoutes } from './form-routes.ts'
import { int, table } from './format.ts'
import { reportHomeWeight } from './home-weight.ts'
import { LIGHTHOUSE_PAGES, reportLighthouse } from './lighthouse.ts'
import {
  CONNECTIONS,
  failures,
  helloServer,
  type LoadResult,
  MIN_RATIO,
  measureTargets,
  ROUNDS,
  SLICE_S,
  WARMUP_S,
} from './throughput.ts'
import { reportValidationSpeed } from './validation-speed.ts'

/**
 * `npm run bench` (after a build): (a) what the home route loads before first paint, against the JS
 * budget, (b) API throughput of the reference answers (menu, partners, a dictionary, the region tree,
 * the provinces) relative to a bare Fastify route on the same machine, (c) the real-name form's
 * precompiled validator against a runtime ajv, and (d) what opening each form route adds to the home
 * route, and (e) the menu's latency idle and while page renders, PDFs and bitmap renditions run at once
 * (bench/event-loop.ts), and (f) the organisers' exports at scale — the workbook of 10,000 generated
 * entries and the ZIP of 2,000 files: time, size, peak RSS growth (bench/exports.ts). Figures only;
 * the exit code fails on the size budget, an erroring API, an API answer below MIN_RATIO of the bare route's req/s (printed as `OVER BUDGET:`), validators that disagree, a missing
 * form route or an ajv compiler in the bundle, an export's memory growth over its goal, never on
 * absolute timings.
 */
const root = path.resolve(import.meta.dirname, '..')
const distDir = path.join(root, 'dist')

/** Prints each answer's req/s beside the hello route's; true when one failed or fell below MIN_RATIO. */
async function reportThroughput(baseUrl: string, helloUrl: string): Promise<boolean> {
  const results = await measureTargets(baseUrl, helloUrl)
  console.log(
    `API throughput (autocannon in a child process, ${CONNECTIONS} connections, SQLite, seeded, ` +
      `127.0.0.1): a ${WARMUP_S} s warm-up of each, then per answer ${ROUNDS} rounds of ` +
      `${SLICE_S} s on it and ${SLICE_S} s on the bare Fastify hello-world route; ` +
      'ratio = the median round. Requests carry Accept-Encoding as a browser sends it unless marked identity',
  )
  const p99 = (r: LoadResult) => (r.p99Ms < 1 ? '<1' : int(r.p99Ms))
  console.log(
    table(
      [
        'target',
        'bytes',
        'req/s',
        'hello req/s',
        'ratio',
        'rounds',
        'p99 ms',
        'non-2xx',
        'errors',
        'bad body',
      ],
      results.map(({ label, path, wireBytes, encoding, target, hello, ratio, spread }) => [
        `GET ${path} (${label})`,
        `${int(wireBytes)} ${encoding}`,
        int(target.reqPerSec),
        int(hello.reqPerSec),
        ratio.toFixed(2),
        `${spread[0].toFixed(2)}–${spread[1].toFixed(2)}`,
        p99(target),
        int(target.non2xx + hello.non2xx),
        int(target.errors + hello.errors),
        int(target.mismatches + hello.mismatches),
      ]),
    ),
  )
  let failed = false
  for (const { label, path, target, hello, ratio, budget } of results) {
    console.log(`${label}/hello = ${ratio.toFixed(2)}${budget ? '' : ' (figure only, no budget)'}`)
    if (failures(target) > 0 || failures(hello) > 0) {
      console.log(`FAILED UNDER LOAD: GET ${path} (${label}): its req/s is not a valid figure`)
      failed = true
    } else if (budget && !(ratio >= MIN_RATIO)) {
      console.log(
        `OVER BUDGET: GET ${path} (${label}) ran at ${ratio.toFixed(2)} of hello-world's req/s, below ${MIN_RATIO}`,
      )
      failed = true
    }
  }
  return failed
}

async function main(): Promise<number> {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    console.error('dist/ is missing: run `npm run build` first (npm run bench does)')
    return 1
  }
  const dataDir = tempDir('bench')
  const servers: FastifyInstance[] = []
  try {
    const app = await benchApp(dataDir, distDir)
    servers.push(app)
    const hello = helloServer()
    servers.push(hello)
    const baseUrl = await listen(app)
    const helloUrl = await listen(hello)

    console.log(`Kabu Portal bench (Node ${process.version}, ${os.availableParallelism()} cores)\n`)
    const { overBudget, initial } = await reportHomeWeight(baseUrl, distDir)
    console.log()
    const lighthouse = await reportLighthouse(baseUrl, LIGHTHOUSE_PAGES)
    console.log()
    const apiFailed = await reportThroughput(baseUrl, `${helloUrl}/`)
    console.log()
    const loopFailed = await reportLoadedLatency(baseUrl)
    console.log()
    const validatorsDisagree = reportValidationSpeed()
    console.log()
    const formRoutesFailed = reportFormRoutes(root, distDir, initial)
    console.log()
    const exportsFailed = await reportExports()
    return overBudget ||
      exportsFailed ||
      lighthouse.overBudget ||
      apiFailed ||
      loopFailed ||
      validatorsDisagree ||
      formRoutesFailed
      ? 1
      : 0
  } finally {
    await Promise.all(servers.map((s) => s.close()))
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

process.exitCode = await main()
