import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import type { EventEmitter } from 'node:events'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { tempDir } from '../scripts/lib/temp-dir.ts'
import { benchApp, listen } from './bench-app.ts'
import { table } from './format.ts'

/**
 * `npm run bench:render-load` (issue 33 item 9): do server renders come back after the machine was
 * overloaded? A fresh seeded SQLite instance (the build in dist/) is asked for a new public page every
 * INTERVAL_MS — detail pages of designers, talents, news and quotations in turn, so the page cache
 * answers none — while, for SATURATE_S seconds, HOGS busy processes at normal priority (two a core)
 * take the machine from the rendering threads (which run at nice +10). The page requests go on for
 * RECOVER_S seconds after the hogs stop. Printed, for the three phases: how many answers were
 * rendered, how many were the app shell, and of those how many waited the whole render timeout; the
 * worker threads started (a render given up replaces its thread); and the recovery time — from the
 * hogs' end to the last request that still got the shell.
 *
 * One run, figures only (never a timed test). The saturation is kept short on purpose: the machine
 * is shared. BENCH_DB=postgres runs the same on PostgreSQL (BENCH_DATABASE_URL, else the local
 * postgres/postgres; a database is created for the run and dropped after it).
 */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres'
const WARM_S = 5
const SATURATE_S = 30
const RECOVER_S = 30
const INTERVAL_MS = 333
const HOGS = 2 * os.availableParallelism()
/** A shell answered after this long waited for the render timeout (20 s); a quick one found a full queue. */
const TIMED_OUT_MS = 19_000
/** A server-rendered page carries its data block; the app shell does not. */
const RENDERED = 'id="kb-page-data"'

interface Sample {
  /** When it was sent, in seconds from the hogs' start (negative: before). */
  sentS: number
  ms: number
  rendered: boolean
  status: number
}

async function json(base: string, url: string) {
  const res = await fetch(`${base}${url}`)
  return (await res.json()) as { rows?: Array<Record<string, unknown>> }
}

/** Distinct pages a visitor may open: detail pages of designers, talents, news and quotations. */
async function pagesToRender(base: string): Promise<string[]> {
  const lists = await Promise.all([
    json(base, '/api/designer/list?pageNum=1&pageSize=50'),
    json(base, '/api/talent/list?pageNum=1&pageSize=50'),
    json(base, '/api/news/list?pageNum=1&pageSize=50'),
    json(base, '/api/sysDesignQuotation?pageNum=1&pageSize=50'),
  ])
  const [designers, talents, news, quotations] = lists.map((l) => (l.rows ?? []).map((r) => r.id))
  const pages = [
    ...(designers ?? []).map((id) => `/designer/detail?id=${id}`),
    ...(talents ?? []).map((id) => `/talent/detail?id=${id}`),
    ...(news ?? []).map((id) => `/news/detail?id=${id}`),
    ...(quotations ?? []).map((id) => `/quotation/detail/${id}`),
  ]
  // Interleaved, so every phase asks for each kind of page.
  return pages.sort((a, b) => (a.length % 7) - (b.length % 7) || (a < b ? -1 : 1))
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN

/** A process that only burns CPU at normal priority, as the other work of a busy machine does. */
const hog = (): ChildProcess =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: false })

async function main(): Promise<void> {
  const staticDir = path.resolve(import.meta.dirname, '../dist')
  if (!fs.existsSync(path.join(staticDir, 'ssr')))
    throw new Error('no build: run `npm run bench:render-load`, which builds first')
  const dataDir = tempDir('bench-render-load')
  const database = process.env.BENCH_DB === 'postgres' ? await createDatabase() : undefined
  const app = await benchApp(dataDir, staticDir, database?.url)
  const hogs: ChildProcess[] = []
  try {
    const base = await listen(app)
    // The pool's piscina (private to WorkerPool; read here only to count the threads it starts).
    const piscina = (app.workers as unknown as { pool?: EventEmitter }).pool
    let threadsStarted = 0
    piscina?.on('workerCreate', () => threadsStarted++)
    const pages = await pagesToRender(base)
    // The clock starts once the threads have loaded the renderer: a page rendered on each of them.
    const warmup: number[] = []
    for (let tries = 0; warmup.length < 2 * app.workers.threads; tries++) {
      if (tries > 60) throw new Error('no page rendered while warming up: is the machine too busy already?')
      const at = performance.now()
      const text = await fetch(`${base}${pages[pages.length - 1 - tries]}`, {
        headers: { accept: 'text/html' },
      }).then((r) => r.text())
      if (text.includes(RENDERED)) warmup.push(performance.now() - at)
    }
    console.log(
      `Kabu Portal render-under-load bench (Node ${process.version}, ${os.availableParallelism()} cores, ` +
        `${database ? 'PostgreSQL' : 'SQLite'}, ${app.workers.threads} rendering threads): a new page every ${INTERVAL_MS} ms ` +
        `(${pages.length} distinct addresses), ${HOGS} CPU hogs for ${SATURATE_S} s after ${WARM_S} s, ` +
        `then ${RECOVER_S} s more of pages; a page rendered alone first took ` +
        `${(median(warmup) / 1000).toFixed(2)} s (median of ${warmup.length})\n`,
    )

    const samples: Sample[] = []
    const inFlight: Promise<void>[] = []
    const started = performance.now()
    const hogStart = started + WARM_S * 1000
    const hogEnd = hogStart + SATURATE_S * 1000
    const end = hogEnd + RECOVER_S * 1000
    let threadsAtHogs = 0
    let threadsAtHogEnd = 0
    for (let n = 0; ; n++) {
      const due = started + n * INTERVAL_MS
      if (due >= end) break
      const wait = due - performance.now()
      if (wait > 0) await new Promise((r) => setTimeout(r, wait))
      const now = performance.now()
      if (now >= hogStart && !hogs.length && now < hogEnd) {
        threadsAtHogs = threadsStarted
        for (let i = 0; i < HOGS; i++) hogs.push(hog())
      }
      if (now >= hogEnd && hogs.length) {
        threadsAtHogEnd = threadsStarted
        for (const h of hogs.splice(0)) h.kill('SIGKILL')
      }
      const page = pages[n % pages.length] as string
      const sentS = (now - hogStart) / 1000
      inFlight.push(
        fetch(`${base}${page}`, { headers: { accept: 'text/html' } }).then(
          async (res) => {
            const text = await res.text()
            samples.push({
              sentS,
              ms: performance.now() - now,
              rendered: text.includes(RENDERED),
              status: res.status,
            })
          },
          () => {
            samples.push({ sentS, ms: performance.now() - now, rendered: false, status: 0 })
          },
        ),
      )
    }
    await Promise.all(inFlight)
    const threadsAtEnd = threadsStarted

    const phases: Array<[string, (s: Sample) => boolean, number]> = [
      [`before (${WARM_S} s)`, (s) => s.sentS < 0, 0],
      [
        `hogs on (${SATURATE_S} s)`,
        (s) => s.sentS >= 0 && s.sentS < SATURATE_S,
        threadsAtHogEnd - threadsAtHogs,
      ],
      [`after (${RECOVER_S} s)`, (s) => s.sentS >= SATURATE_S, threadsAtEnd - threadsAtHogEnd],
    ]
    console.log(
      table(
        [
          'phase',
          'pages',
          'rendered',
          'shell',
          'shell after timeout',
          'errors',
          'median s',
          'threads started',
        ],
        phases.map(([label, inPhase, threads]) => {
          const these = samples.filter(inPhase)
          const shells = these.filter((s) => !s.rendered && s.status === 200)
          return [
            label,
            String(these.length),
            String(these.filter((s) => s.rendered).length),
            String(shells.length),
            String(shells.filter((s) => s.ms >= TIMED_OUT_MS).length),
            String(these.filter((s) => s.status !== 200).length),
            (median(these.map((s) => s.ms)) / 1000).toFixed(1),
            String(threads),
          ]
        }),
      ),
    )
    const after = samples.filter((s) => s.sentS >= SATURATE_S).sort((a, b) => a.sentS - b.sentS)
    const lastShell = after.filter((s) => !s.rendered).at(-1)
    const firstRendered = after.find((s) => s.rendered)
    console.log(
      `\nafter the hogs stopped: first rendered page asked for at +${firstRendered ? (firstRendered.sentS - SATURATE_S).toFixed(1) : '—'} s; ` +
        (lastShell
          ? `last shell asked for at +${(lastShell.sentS - SATURATE_S).toFixed(1)} s` +
            (lastShell.sentS - SATURATE_S > RECOVER_S - 2 ? ' (not recovered within the run)' : '')
          : 'no shell (recovered at once)'),
    )
    console.log(`worker threads started in the whole run: ${threadsAtEnd} (${app.workers.threads} at start)`)
  } finally {
    for (const h of hogs) h.kill('SIGKILL')
    await app.close()
    await database?.drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

/** A new PostgreSQL database for the run. */
async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kabu_bench_${randomBytes(4).toString('hex')}`
  await admin(`CREATE DATABASE ${name}`)
  return {
    url: Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  }
}

await main()
