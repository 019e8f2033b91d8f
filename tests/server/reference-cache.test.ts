import fs from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seed, syncPartners } from '../../server/db/seed/index.ts'
import { securityHeaders } from '../../server/plugins/security.ts'
import { acceptedEncodings } from '../../server/services/prepared-json.ts'
import {
  COUNTED_TABLES,
  type CountedTable,
  REFERENCE_POLL_MS,
} from '../../server/services/reference-versions.ts'
import { loadSiteFile } from '../../server/services/site-file.ts'
import { appOn } from '../support/app-on.ts'
import { tempDir } from '../support/temp-dir.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * Issue 8 item 4: menu, partners, dictionaries and regions are answered from memory with bytes made
 * once per data version, and a change written through one instance, by the seed's sync, or by an
 * operator's own SQL reaches every instance on the same database within the stated bound.
 */
const onPostgres = process.env.TEST_DB === 'postgres'

let a: Awaited<ReturnType<typeof createTestApp>>
/** A second instance on the same database (same SQLite file, or same PostgreSQL database). */
let b: FastifyInstance
const bDataDir = tempDir('second-instance')

async function secondInstance(pollMs?: number): Promise<FastifyInstance> {
  return appOn({
    // Same SQLite file: the first instance's DATA_DIR. PostgreSQL: the same database, its own files.
    dataDir: onPostgres ? bDataDir : a.dataDir,
    // The keys every instance on one database shares (README "Production").
    secretsDir: path.join(a.dataDir, 'secrets'),
    databaseUrl: a.databaseUrl,
    referencePollMs: pollMs,
  })
}

beforeAll(async () => {
  a = await createTestApp()
  b = await secondInstance()
})
afterAll(async () => {
  await b?.close()
  await a?.close()
  fs.rmSync(bDataDir, { recursive: true, force: true })
})

const json = async (app: FastifyInstance, url: string) => (await app.inject({ url })).json()

/** Polls `read` until it satisfies `check`; returns the milliseconds it took, or throws after `limitMs`. */
async function within(limitMs: number, read: () => Promise<unknown>, check: (v: unknown) => boolean) {
  const start = Date.now()
  for (;;) {
    if (check(await read())) return Date.now() - start
    if (Date.now() - start > limitMs)
      throw new Error(`not visible within ${limitMs} ms: ${JSON.stringify(await read()).slice(0, 300)}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** The stated bound (README "Reference data from memory"): a poll interval plus the reload, with slack. */
const BOUND_MS = REFERENCE_POLL_MS + 1500

async function versions(): Promise<Record<string, number>> {
  const rows = await a.app.db.kysely.selectFrom('reference_versions').select(['name', 'version']).execute()
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.version)]))
}

describe('answers from memory', () => {
  it('sends the same bodies the database gives, in the schema’s property order', async () => {
    const k = a.app.db.kysely
    const menus = await k
      .selectFrom('menus')
      .select(['id', 'key', 'title', 'url', 'hot'])
      .orderBy('sort')
      .orderBy('id')
      .execute()
    const partners = await k
      .selectFrom('partners')
      .select(['id', 'name', 'logo', 'url'])
      .orderBy('sort')
      .orderBy('id')
      .execute()
    const works = await k
      .selectFrom('dictionaries')
      .select(['dict_code', 'dict_label', 'dict_sort'])
      .where('dict_type', '=', 'sys_works_type')
      .orderBy('dict_sort')
      .execute()
    const expected: Record<string, unknown[]> = {
      '/api/tbMenuInfo/queryAll': menus.map((m) => ({ ...m, hot: Number(m.hot) === 1 })),
      '/api/common/partners': partners,
      '/api/common/type/sys_works_type': works.map((d) => ({
        dictCode: d.dict_code,
        dictLabel: d.dict_label,
        dictSort: d.dict_sort,
      })),
    }
    for (const [url, data] of Object.entries(expected)) {
      const res = await a.app.inject({ url })
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
      expect(res.body, url).toBe(JSON.stringify({ code: 200, msg: '操作成功', data }))
    }
    const tree = (await json(a.app, '/api/common/treeRegionByType')).data
    const regionCount = await k
      .selectFrom('regions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    const count = (nodes: Array<{ subLevel?: unknown[] }>): number =>
      nodes.reduce((n, node) => n + 1 + count((node.subLevel ?? []) as Array<{ subLevel?: unknown[] }>), 0)
    expect(count(tree)).toBe(Number(regionCount.n))
  })

  it('gives server-side rendering the very lists the routes send', async () => {
    expect(await a.app.siteCache.menus()).toEqual((await json(a.app, '/api/tbMenuInfo/queryAll')).data)
    expect(await a.app.siteCache.partners()).toEqual((await json(a.app, '/api/common/partners')).data)
    expect(Object.isFrozen(await a.app.siteCache.menus())).toBe(true)
  })

  it.each([['/api/common/partners'], ['/api/common/treeRegionByType'], ['/api/common/treeRegion']])(
    'compresses %s once: brotli or gzip as accepted, the same JSON either way',
    async (url) => {
      const plain = (await a.app.inject({ url })).rawPayload
      expect(plain.length).toBeGreaterThan(1024)
      const br = await a.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
      expect(br.headers['content-encoding']).toBe('br')
      expect(br.headers.vary).toBe('accept-encoding')
      expect(brotliDecompressSync(br.rawPayload).equals(plain)).toBe(true)
      const gz = await a.app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
      expect(gz.headers['content-encoding']).toBe('gzip')
      expect(gunzipSync(gz.rawPayload).equals(plain)).toBe(true)
      const none = await a.app.inject({ url, headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } })
      expect(none.headers['content-encoding']).toBeUndefined()
      expect(none.rawPayload.equals(plain)).toBe(true)
    },
  )

  it('leaves answers under 1 KB uncompressed, as the compression plugin does', async () => {
    const res = await a.app.inject({
      url: '/api/tbMenuInfo/queryAll',
      headers: { 'accept-encoding': 'br, gzip' },
    })
    expect(res.rawPayload.length).toBeLessThan(1024)
    expect(res.headers['content-encoding']).toBeUndefined()
  })

  it('reads Accept-Encoding by q-value', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip'])
    expect(acceptedEncodings('gzip;q=1, br;q=0.5')).toEqual(['gzip', 'br'])
    expect(acceptedEncodings('x-gzip')).toEqual(['gzip'])
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip'])
    expect(acceptedEncodings('*, br;q=0')).toEqual(['gzip'])
    expect(acceptedEncodings('identity, deflate')).toEqual([])
    expect(acceptedEncodings(undefined)).toEqual([])
  })

  it.each([
    ['/api/tbMenuInfo/queryAll'],
    ['/api/common/partners'],
    ['/api/common/type/sys_works_type'],
    ['/api/common/treeRegionByType'],
    ['/api/common/treeRegion?parentId=320000'],
  ])('%s carries every security header helmet computes', async (url) => {
    const res = await a.app.inject({ url, headers: { 'accept-encoding': 'gzip' } })
    for (const [name, value] of securityHeaders()) expect(res.headers[name], name).toBe(value)
    expect(securityHeaders().length).toBeGreaterThanOrEqual(12)
  })
})

describe('reference_versions', () => {
  /** A column each table has, and a row to write: a level-3 region has no children to orphan. */
  const COLUMN = {
    menus: 'title',
    partners: 'name',
    dictionaries: 'dict_label',
    regions: 'name',
    result_publications: 'status',
    competition_schedule_overrides: 'value',
    definition_reloads: 'summary',
  } as const
  const keyOf = (table: CountedTable) =>
    table === 'result_publications' || table === 'competition_schedule_overrides' ? 'competition_id' : 'id'

  it.each(COUNTED_TABLES)('counts every insert, update and delete on %s (trigger)', async (table) => {
    const k = a.app.db.kysely
    const column = COLUMN[table]
    const key = keyOf(table)
    // Nothing is overridden in a fresh database: one row to write to (a competition no file has).
    if (table === 'competition_schedule_overrides')
      await k
        .insertInto(table)
        .values({
          competition_id: 999_002,
          field: 'phases.results',
          value: '2026-09-01T09:00:00+08:00',
          set_by: 1,
          set_at: new Date().toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .execute()
    // No reload has been recorded yet: one to write to.
    if (table === 'definition_reloads')
      await k
        .insertInto(table)
        .values({ source: 'cli', requested_by: null, requested_at: new Date().toISOString(), summary: '{}' })
        .execute()
    const before = (await versions())[table] ?? 0
    // A statement that touches no row is no change.
    await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${sql.ref(column)} WHERE 1 = 0`.execute(k)
    expect((await versions())[table]).toBe(before)
    const leaf = table === 'regions' ? sql`WHERE level = 3` : sql``
    const { rows } = await sql<
      Record<string, unknown>
    >`SELECT * FROM ${sql.table(table)} ${leaf} ORDER BY ${sql.ref(key)} LIMIT 1`.execute(k)
    const row = rows[0]
    if (!row) throw new Error(`${table} is empty`)
    // The same value written back is still a write: counted.
    const target = sql.table(table)
    await sql`UPDATE ${target} SET ${sql.ref(column)} = ${row[column]} WHERE ${sql.ref(key)} = ${row[key]}`.execute(
      k,
    )
    expect((await versions())[table]).toBe(before + 1)
    await sql`DELETE FROM ${target} WHERE ${sql.ref(key)} = ${row[key]}`.execute(k)
    expect((await versions())[table]).toBe(before + 2)
    const names = Object.keys(row)
    const columns = sql.join(names.map((n) => sql.ref(n)))
    await sql`INSERT INTO ${target} (${columns}) VALUES (${sql.join(names.map((n) => row[n]))})`.execute(k)
    expect((await versions())[table]).toBe(before + 3)
  })

  it('is not moved by a restart’s seed when nothing changed', async () => {
    const before = await versions()
    await seed(a.app.db)
    expect(await versions()).toEqual(before)
  })
})

describe('two instances on one database', () => {
  it('a menu an operator edits in the database shows on both instances within the bound', async () => {
    const title = `菜单-${Date.now()}`
    await a.app.db.kysely.updateTable('menus').set({ title }).where('key', '=', 'news').execute()
    const hasTitle = (body: unknown) =>
      (body as { data: Array<{ title: string }> }).data.some((m) => m.title === title)
    const onB = await within(BOUND_MS, () => json(b, '/api/tbMenuInfo/queryAll'), hasTitle)
    expect(onB).toBeLessThanOrEqual(BOUND_MS)
    await within(BOUND_MS, () => json(a.app, '/api/tbMenuInfo/queryAll'), hasTitle)
    expect((await b.siteCache.menus()).some((m) => m.title === title)).toBe(true)
  })

  it('partners synced from content/site.json through one instance show on the other', async () => {
    const file = loadSiteFile().partners
    const edited = [{ ...file[0]!, name: `示例伙伴-${Date.now()}` }, ...file.slice(2)]
    await syncPartners(a.app.db, edited)
    const names = (body: unknown) => (body as { data: Array<{ name: string }> }).data.map((p) => p.name)
    await within(
      BOUND_MS,
      () => json(b, '/api/common/partners'),
      (body) => names(body)[0] === edited[0]!.name,
    )
    const onB = await json(b, '/api/common/partners')
    expect(onB.data).toHaveLength(file.length - 1)
    expect(await b.siteCache.partners()).toEqual(onB.data)
    await syncPartners(a.app.db, file)
    await within(
      BOUND_MS,
      () => json(b, '/api/common/partners'),
      (body) => names(body).length === file.length,
    )
  })

  it('a new dictionary and a renamed region reach the other instance, labels included', async () => {
    const k = a.app.db.kysely
    // Absent before the insert: asked right after it, PostgreSQL's NOTIFY may already have reloaded B.
    expect(await json(b, '/api/common/type/test_new_dict')).toEqual({ code: 404, msg: '字典不存在' })
    await k
      .insertInto('dictionaries')
      .values({ dict_type: 'test_new_dict', dict_code: '1', dict_label: '新字典项', dict_sort: 1 })
      .execute()
    await within(
      BOUND_MS,
      () => json(b, '/api/common/type/test_new_dict'),
      (body) => (body as { code: number }).code === 200,
    )
    expect((await json(b, '/api/common/type/test_new_dict')).data).toEqual([
      { dictCode: '1', dictLabel: '新字典项', dictSort: 1 },
    ])
    await k.updateTable('regions').set({ name: '虎丘区（改）' }).where('id', '=', '320505').execute()
    const huqiu = (body: unknown) =>
      (
        body as {
          data: Array<{
            id: string
            subLevel: Array<{ id: string; subLevel: Array<{ id: string; name: string }> }>
          }>
        }
      ).data
        .find((p) => p.id === '320000')
        ?.subLevel.find((c) => c.id === '320500')
        ?.subLevel.find((d) => d.id === '320505')?.name
    await within(
      BOUND_MS,
      () => json(b, '/api/common/treeRegionByType'),
      (body) => huqiu(body) === '虎丘区（改）',
    )
    expect(b.reference.regionPath('320505').map((r) => r.name)).toEqual(['江苏省', '苏州市', '虎丘区（改）'])
    const level = await json(b, '/api/common/treeRegion?parentId=320500')
    expect(level.data.map((d: { name: string }) => d.name)).toContain('虎丘区（改）')
  })

  it('a results publication written through one instance empties the other’s page cache; a render begun before is not kept', async () => {
    const page = { kind: 'redirect', status: 302, location: '/' } as const
    const before = b.pageCache.currentGeneration
    b.pageCache.put('/news/index', page, before)
    expect(b.pageCache.get('/news/index')).toBe(page)
    const now = new Date().toISOString()
    await a.app.db.kysely
      .insertInto('result_publications')
      .values({ competition_id: 999_001, status: 'published', published_at: now, updated_at: now })
      .execute()
    await within(
      BOUND_MS,
      async () => b.pageCache.get('/news/index'),
      (kept) => kept === undefined,
    )
    // Rendered from data read before the publication: not kept.
    b.pageCache.put('/competition/results', page, before)
    expect(b.pageCache.get('/competition/results')).toBeUndefined()
    b.pageCache.put('/competition/results', page, b.pageCache.currentGeneration)
    expect(b.pageCache.get('/competition/results')).toBe(page)
    await a.app.db.kysely.deleteFrom('result_publications').where('competition_id', '=', 999_001).execute()
  })

  it.runIf(onPostgres)(
    'PostgreSQL: a NOTIFY carries the change at once, long before a poll would',
    async () => {
      const slow = await secondInstance(60_000)
      try {
        const title = `通知-${Date.now()}`
        await a.app.db.kysely.updateTable('menus').set({ title }).where('key', '=', 'talent').execute()
        const took = await within(
          2000,
          () => json(slow, '/api/tbMenuInfo/queryAll'),
          (body) => (body as { data: Array<{ title: string }> }).data.some((m) => m.title === title),
        )
        expect(took).toBeLessThan(2000)
      } finally {
        await slow.close()
      }
    },
  )

  it.runIf(!onPostgres)('SQLite: an instance polling every 200 ms sees a change within that', async () => {
    const quick = await secondInstance(200)
    try {
      const title = `轮询-${Date.now()}`
      await a.app.db.kysely.updateTable('menus').set({ title }).where('key', '=', 'talent').execute()
      await within(
        200 + 1000,
        () => json(quick, '/api/tbMenuInfo/queryAll'),
        (body) => (body as { data: Array<{ title: string }> }).data.some((m) => m.title === title),
      )
    } finally {
      await quick.close()
    }
  })
})
