import fs from 'node:fs'
import os from 'node:os'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../server/app.ts'
import { seedBulkDesigners } from '../server/db/seed/people.ts'
import { designerQueries } from '../server/services/people.ts'
import { tempDir } from '../tests/support/temp-dir.ts'
import { table } from './format.ts'

/**
 * `npm run bench:designers`: the designer directory and the site search at 1 k and 100 k designers
 * (issue 11 item 8). Seeds two temporary SQLite databases with `seedBulkDesigners` (what
 * `npm run seed -- --designers N` runs), starts the real server on each, and prints side by side the
 * median latency of sequential requests to each target, with the ratio 100k/1k. The data grows 100×:
 * a ratio far below 100 means the cost follows the page, not the table. Figures only, never a
 * pass/fail on time; the exit code fails only when a target answers an error.
 */
const SIZES = [1_000, 100_000] as const
const WARMUP = 30
const RUNS = 300
const PAGE_SIZE = 12
const DEEP_PAGE = 500

interface Target {
  label: string
  path: (keyword: string) => string
}

const TARGETS: Target[] = [
  { label: 'designer list, page 1', path: () => `/api/designer/list?pageNum=1&pageSize=${PAGE_SIZE}` },
  {
    label: 'filtered: 高级设计师 (evaluateStandard=3)',
    path: () => `/api/designer/list?evaluateStandard=3&pageNum=1&pageSize=${PAGE_SIZE}`,
  },
  {
    label: 'filtered: 江苏省 (cityId=320000)',
    path: () => `/api/designer/list?cityId=320000&pageNum=1&pageSize=${PAGE_SIZE}`,
  },
  {
    label: `deep page ${DEEP_PAGE}`,
    path: () => `/api/designer/list?pageNum=${DEEP_PAGE}&pageSize=${PAGE_SIZE}`,
  },
  {
    label: 'search, kind 设计师',
    path: (keyword) =>
      `/api/search?keyword=${encodeURIComponent(keyword)}&kind=${encodeURIComponent('设计师')}`,
  },
]

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (!address || typeof address === 'string') throw new Error('server has no TCP address')
  return `http://127.0.0.1:${address.port}`
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Median milliseconds of RUNS sequential requests (after WARMUP), and the last answer's total. */
async function measure(url: string): Promise<{ ms: number; total: number; rows: number }> {
  let last: { code: number; total?: number; rows?: unknown[]; msg: string } = { code: 0, msg: '' }
  const times: number[] = []
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now()
    const res = await fetch(url)
    last = (await res.json()) as typeof last
    if (i >= WARMUP) times.push(performance.now() - started)
  }
  if (last.code !== 200) throw new Error(`${url} answered ${last.code}: ${last.msg}`)
  return { ms: median(times), total: last.total ?? 0, rows: last.rows?.length ?? 0 }
}

interface SizeResult {
  seedSeconds: number
  keyword: string
  results: Array<{ ms: number; total: number; rows: number }>
  plans: string[]
}

async function runSize(count: number, keyword?: string): Promise<SizeResult> {
  const dataDir = tempDir(`bench-designers-${count}`)
  const app = await buildApp({
    dataDir,
    databaseUrl: '',
    staticDir: tempDir('bench-no-spa'),
    basePath: '/',
    sessionTtlMs: 3600_000,
    logLevel: 'silent',
  })
  try {
    const started = performance.now()
    await seedBulkDesigners(app.db, count)
    const seedSeconds = (performance.now() - started) / 1000
    // Part of a generated name (its last two characters) that the 1 k database also holds.
    const probe =
      keyword ??
      (
        await app.db.kysely
          .selectFrom('users')
          .select('username')
          .where('account', '=', 'bulk-designer-000500')
          .executeTakeFirstOrThrow()
      ).username.slice(-2)
    const plans: string[] = []
    for (const filter of [{}, { evaluateStandard: '3' }, { cityId: '320000' }]) {
      const { page, count: counted } = designerQueries(app.db, filter, DEEP_PAGE, PAGE_SIZE)
      for (const query of [page, counted]) {
        const compiled = query.compile()
        const plan = await app.db.kysely.executeQuery({
          ...compiled,
          sql: `explain query plan ${compiled.sql}`,
        })
        plans.push(
          `${JSON.stringify(filter)} ${query === page ? 'page ' : 'count'}: ${(plan.rows as Array<{ detail: string }>).map((r) => r.detail).join('; ')}`,
        )
      }
    }
    const base = await listen(app)
    const results = []
    for (const target of TARGETS) results.push(await measure(`${base}${target.path(probe)}`))
    return { seedSeconds, keyword: probe, results, plans }
  } finally {
    await app.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main(): Promise<number> {
  console.log(
    `Designer directory at scale (Node ${process.version}, ${os.availableParallelism()} cores, SQLite): ` +
      `median of ${RUNS} sequential requests after ${WARMUP} warm-up, page size ${PAGE_SIZE}\n`,
  )
  const small = await runSize(SIZES[0])
  const large = await runSize(SIZES[1], small.keyword)
  console.log(
    `seeding (seedBulkDesigners): ${SIZES[0]} in ${small.seedSeconds.toFixed(1)} s, ${SIZES[1]} in ${large.seedSeconds.toFixed(1)} s`,
  )
  console.log(`search keyword: “${small.keyword}” (part of a generated designer's name)\n`)
  console.log(
    table(
      ['target', '1k ms', '1k total', '100k ms', '100k total', 'ratio 100k/1k'],
      TARGETS.map((t, i) => {
        const a = small.results[i]!
        const b = large.results[i]!
        return [
          `GET ${t.label}`,
          a.ms.toFixed(2),
          String(a.total),
          b.ms.toFixed(2),
          String(b.total),
          (b.ms / a.ms).toFixed(2),
        ]
      }),
    ),
  )
  console.log('\nQuery plans at 100k (SQLite EXPLAIN QUERY PLAN of the list page and its count):')
  for (const plan of large.plans) console.log(`  ${plan}`)
  return 0
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error)
  return 1
})
