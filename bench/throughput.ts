import { spawn } from 'node:child_process'
import http from 'node:http'
import { fileURLToPath } from 'node:url'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { Options } from 'autocannon'
import Fastify, { type FastifyInstance } from 'fastify'

export interface LoadResult {
  reqPerSec: number
  p99Ms: number
  non2xx: number
  /** Connection errors, timeouts included. */
  errors: number
  mismatches: number
}

export const CONNECTIONS = 10
/** Measured seconds per target (and as many for the hello route), in ROUNDS slices of SLICE_S. */
export const ROUNDS = 16
export const SLICE_S = 0.5
export const DURATION_S = ROUNDS * SLICE_S
export const WARMUP_S = 1
/** How often autocannon closes a sample: a slice ends at the first sample after SLICE_S. */
const SAMPLE_MS = 100

/** What a browser sends: the answers are measured as browsers receive them. */
export const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' } as const

const LOAD_SCRIPT = fileURLToPath(new URL('./load.ts', import.meta.url))

/**
 * Async on purpose: the servers under test answer on this thread while the child process loads them.
 * The runs go through stdin: an expected body (the region tree, ~165 KB) is beyond an argument's limit.
 */
export function runLoad(runs: Options[]): Promise<LoadResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LOAD_SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    child.on('error', reject)
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`autocannon failed (exit ${code}): ${stderr}`))
      else resolve(JSON.parse(stdout) as LoadResult[])
    })
    child.stdin.end(JSON.stringify(runs))
  })
}

/** An expected body in the form load.ts compares: one latin1 character per byte. */
export const asExpected = (bytes: Buffer): string => bytes.toString('latin1')

/** The reference point: the least a Fastify route can do on this machine. */
export function helloServer(): FastifyInstance {
  const app = Fastify({ logger: false })
  app.get('/', async () => ({ hello: 'world' }))
  return app
}

export const HELLO_BODY = asExpected(Buffer.from(JSON.stringify({ hello: 'world' })))

/**
 * The answers every page asks for (header menu, footer, a select's options, the region picker): each
 * must reach at least MIN_RATIO of the bare hello-world route's req/s on the same machine in the same
 * run (issue 8, item 4). Served from memory as bytes prepared once per data version. `budget: false`
 * marks a figure printed for information only.
 */
export const API_TARGETS: ReadonlyArray<{
  label: string
  path: string
  headers: Record<string, string>
  budget: boolean
}> = [
  { label: 'menu', path: '/api/tbMenuInfo/queryAll', headers: BROWSER_HEADERS, budget: true },
  { label: 'partners', path: '/api/common/partners', headers: BROWSER_HEADERS, budget: true },
  { label: 'dictionary', path: '/api/common/type/sys_works_type', headers: BROWSER_HEADERS, budget: true },
  { label: 'region tree', path: '/api/common/treeRegionByType', headers: BROWSER_HEADERS, budget: true },
  { label: 'provinces', path: '/api/common/treeRegion', headers: BROWSER_HEADERS, budget: true },
  // The ~160 KB tree uncompressed (a client that accepts no encoding): bytes on the wire, not work
  // the server could skip, bound this one.
  { label: 'region tree, identity', path: '/api/common/treeRegionByType', headers: {}, budget: false },
]

export const MIN_RATIO = 0.5

export interface TargetResult {
  label: string
  path: string
  budget: boolean
  /** The bytes of one answer as sent (compressed when the target's headers ask for it). */
  wireBytes: number
  encoding: string
  target: LoadResult
  /** The hello route, measured in slices alternating with the target's, so both see the same machine load. */
  hello: LoadResult
  /** The median over the rounds of target req/s ÷ hello req/s in the slices side by side. */
  ratio: number
  /** The lowest and highest round's ratio: how much the machine's other work moved the figure. */
  spread: [number, number]
}

/** One real answer, checked before the load: its exact bytes are what every load answer must match. */
function fetchExpected(
  url: string,
  headers: Record<string, string>,
): Promise<{ raw: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('error', reject)
        res.on('end', () => {
          const raw = Buffer.concat(chunks)
          const encoding = String(res.headers['content-encoding'] ?? 'identity')
          const plain =
            encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
          const body = JSON.parse(plain.toString('utf8')) as { code?: number; data?: unknown }
          if (res.statusCode !== 200 || body.code !== 200 || !Array.isArray(body.data) || !body.data.length) {
            reject(
              new Error(`${url} answered HTTP ${res.statusCode}: ${plain.toString('utf8').slice(0, 200)}`),
            )
          } else resolve({ raw, encoding })
        })
      })
      .on('error', reject)
  })
}

/** Sums slices into one result: mean req/s, worst p99, all failures. */
function combine(slices: LoadResult[]): LoadResult {
  const sum = (f: (r: LoadResult) => number) => slices.reduce((n, r) => n + f(r), 0)
  return {
    reqPerSec: sum((r) => r.reqPerSec) / slices.length,
    p99Ms: Math.max(...slices.map((r) => r.p99Ms)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    mismatches: sum((r) => r.mismatches),
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((x, y) => x - y)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

/**
 * Each target against the hello route: first a discarded warm-up of every target and the hello route
 * (JIT, connection pools, SQLite page cache, compressed copies), then per target ROUNDS slices of
 * SLICE_S seconds on the target and on the hello route in turn. The ratio is the median of the rounds' ratios: a
 * burst of other work on the machine (two cores, shared) lands on one slice of one round, not on the
 * figure. One server loaded at a time: two cores cannot host both and a load generator at once.
 */
export async function measureTargets(baseUrl: string, helloUrl: string): Promise<TargetResult[]> {
  const hello = { url: helloUrl, connections: CONNECTIONS, expectBody: HELLO_BODY }
  const targets = []
  for (const { label, path, headers, budget } of API_TARGETS) {
    const url = `${baseUrl}${path}`
    // The first ask makes the compressed copy; the answer is final from then on.
    const final = await fetchExpected(url, headers)
    const run = { url, connections: CONNECTIONS, headers, expectBody: asExpected(final.raw) }
    targets.push({ label, path, budget, final, run })
  }
  await runLoad([...targets.map((t) => ({ ...t.run, duration: WARMUP_S })), { ...hello, duration: WARMUP_S }])

  const results: TargetResult[] = []
  for (const { label, path, budget, final, run } of targets) {
    const runs: Options[] = []
    // sampleInt is an autocannon option bench/autocannon.d.ts does not list.
    const slice = { duration: SLICE_S, sampleInt: SAMPLE_MS }
    for (let i = 0; i < ROUNDS; i++) runs.push({ ...run, ...slice }, { ...hello, ...slice })
    const measured = await runLoad(runs)
    const targetSlices = measured.filter((_, i) => i % 2 === 0)
    const helloSlices = measured.filter((_, i) => i % 2 === 1)
    // A round where the hello route completed nothing (the machine stalled) says nothing: left out.
    const ratios = targetSlices
      .map((t, i) => t.reqPerSec / (helloSlices[i]?.reqPerSec || Number.NaN))
      .filter(Number.isFinite)
    results.push({
      label,
      path,
      budget,
      wireBytes: final.raw.length,
      encoding: final.encoding,
      target: combine(targetSlices),
      hello: combine(helloSlices),
      // No round at all: NaN, which fails the budget check below MIN_RATIO as it should.
      ratio: ratios.length ? median(ratios) : Number.NaN,
      spread: [Math.min(...ratios), Math.max(...ratios)],
    })
  }
  return results
}

export const failures = (r: LoadResult): number => r.non2xx + r.errors + r.mismatches
