import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { tempDir } from '../scripts/lib/temp-dir.ts'
import { buildApp } from '../server/app.ts'
import { seedBulkDesigners } from '../server/db/seed/people.ts'
import { designerQueries } from '../server/services/people.ts'
import { table } from './format.ts'

/**
 * `npm run bench:designers`: the designer directory and the site search at 1 k and 100 k designers
 * (issue 11 item 8). Seeds two temporary SQLite databases with `seedBulkDesigners` (what
 * `npm run seed -- --designers N` runs), starts the real server on each with the built portal, and
 * prints side by side the median latency of sequential requests to each target, with the ratio
 * 100k/1k. The targets are the API answers and the two server-rendered pages a visitor opens
 * (/designer/index and /search/index): each page request carries a query parameter of its own, so it
 * is rendered, not served from the 30 s page cache. The data grows 100×: a ratio far below 100 means
 * the cost follows the page, not the table. Figures only, never a pass/fail on time; the exit code
 * fails only when a target answers an error.
 */
const SIZES = [1_000, 100_000] as const
const WARMUP = 30
/** Pages warm up longer: the renderer's React and Chakra code is still being optimised after 30. */
const PAGE_WARMUP = 150
const RUNS = 300
const PAGE_SIZE = 12
const DEEP_PAGE = 500
/** The built portal (`npm run build`), whose renderer makes the pages. */
const STATIC_DIR = path.resolve('dist')

interface Target {
  label: string
  path: (keyword: string) => string
  /** A server-rendered page (HTML) rather than an API answer (JSON). */
  page?: boolean
}

const TARGETS: Target[] = [
  {
    label: 'page /designer/index (rendered)',
    path: () => '/designer/index',
    page: true,
  },
  {
    label: 'page /search/index?keyword (rendered)',
    path: (keyword) => `/search/index?keyword=${encodeURIComponent(keyword)}`,
    page: true,
  },
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
    label: 'directory keyword (designer list)',
    path: (keyword) =>
      `/api/designer/list?keyword=${encodeURIComponent(keyword)}&pageNum=1&pageSize=${PAGE_SIZE}`,
  },
  {
    label: 'search groups (the search page)',
    path: (keyword) => `/api/search/groups?keyword=${encodeURIComponent(keyword)}`,
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

/** A page's designer count, as the directory prints it (共 N 位设计师), or its search total. */
const pageTotal = (html: string) =>
  Number(
    html
      .replaceAll('<!-- -->', '')
      .match(/共 (\d+) 位设计师|共找到 (\d+) 条/)
      ?.slice(1)
      .find(Boolean) ?? Number.NaN,
  )

/** Median milliseconds of RUNS sequential requests (after the warm-up), and the last answer's total. */
async function measure(url: string, page: boolean): Promise<{ ms: number; total: number }> {
  let total = 0
  const times: number[] = []
  const warmup = page ? PAGE_WARMUP : WARMUP
  for (let i = 0; i < warmup + RUNS; i++) {
    // A page URL of its own each time: the renderer runs instead of the page cache answering.
    const target = page ? `${url}${url.includes('?') ? '&' : '?'}bench=${i}` : url
    const started = performance.now()
    const res = await fetch(target)
    const text = await res.text()
    if (i >= warmup) times.push(performance.now() - started)
    if (page) {
      if (res.status !== 200 || !text.includes('data-server-css'))
        throw new Error(
          `${target} was not rendered (${res.status}): the server answered the browser-only shell`,
        )
      total = pageTotal(text)
    } else {
      const body = JSON.parse(text) as {
        code: number
        msg: string
        total?: number
        data?: Array<{ total: number }>
      }
      if (body.code !== 200) throw new Error(`${url} answered ${body.code}: ${body.msg}`)
      total = body.total ?? (Array.isArray(body.data) ? body.data.reduce((sum, g) => sum + g.total, 0) : 0)
    }
  }
  return { ms: median(times), total }
}

interface SizeResult {
  seedSeconds: number
  keyword: string
  results: Array<{ ms: number; total: number }>
  plans: string[]
}

async function runSize(count: number, keyword?: string): Promise<SizeResult> {
  const dataDir = tempDir(`bench-designers-${count}`)
  const app = await buildApp({
    dataDir,
    databaseUrl: '',
    staticDir: STATIC_DIR,
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
    for (const target of TARGETS)
      results.push(await measure(`${base}${target.path(probe)}`, target.page === true))
    return { seedSeconds, keyword: probe, results, plans }
  } finally {
    await app.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

async function main(): Promise<number> {
  if (!fs.existsSync(`${STATIC_DIR}/ssr/entry-server.js`)) {
    console.error(
      `${STATIC_DIR}/ssr/ is missing: the pages need the built portal (npm run bench:designers builds it)`,
    )
    return 1
  }
  console.log(
    `Designer directory at scale (Node ${process.version}, ${os.availableParallelism()} cores, SQLite): ` +
      `median of ${RUNS} sequential requests after ${WARMUP} warm-up (${PAGE_WARMUP} for pages), page size ${PAGE_SIZE}\n`,
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
