import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { sql } from 'kysely'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { AppConfig } from '../../server/app.ts'
import { apiOf } from '../support/api-client.ts'
import { appOn } from '../support/app-on.ts'
import { definitionsRoot } from '../support/competitions.ts'
import { logLines } from '../support/log-lines.ts'
import { DEMO } from '../support/test-app.ts'
import { adminQuery, createTestDatabase } from '../support/test-database.ts'

/**
 * What a start does to the database: reference data every time, demo data only when asked (never in
 * production unless allowed), demo accounts with the published password locked in production, and —
 * on a database where nothing changed — no write at all, so a full disk cannot keep the server down.
 */
const onPostgres = process.env.TEST_DB === 'postgres'
const ENV_KEYS = ['NODE_ENV', 'ALLOW_SANDBOX', 'SEED_DEMO', 'ALLOW_DEMO_DATA'] as const
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]))
afterEach(() => {
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key]
    else process.env[key] = saved[key]
  }
})

/** Runs as a production deployment with the sandbox providers (a public demo's setting). */
function production(extra: Partial<Record<(typeof ENV_KEYS)[number], string>> = {}) {
  process.env.NODE_ENV = 'production'
  process.env.ALLOW_SANDBOX = '1'
  delete process.env.SEED_DEMO
  delete process.env.ALLOW_DEMO_DATA
  Object.assign(process.env, extra)
}

type Database = Awaited<ReturnType<typeof createTestDatabase>>
const cleanup: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const step of cleanup.reverse()) await step()
})

/** A database of its own and the definitions it is started with (the same for every start). */
async function freshDatabase() {
  const database = await createTestDatabase()
  const root = definitionsRoot()
  cleanup.push(
    () => database.drop(),
    () => fs.rmSync(root, { recursive: true, force: true }),
  )
  return { ...database, root }
}

/** One start of the server on `database`, as `npm run serve` does it (demo data as the environment says). */
function start(database: Database & { root: string }, overrides: Partial<AppConfig> = {}) {
  return appOn({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    definitionsRoot: database.root,
    watchDefinitions: false,
    ...overrides,
  })
}

/** A start, its checks, and the close, whatever happens. */
async function withStart<T>(
  database: Database & { root: string },
  use: (app: Awaited<ReturnType<typeof start>>) => Promise<T>,
  overrides: Partial<AppConfig> = {},
): Promise<T> {
  const app = await start(database, overrides)
  try {
    return await use(app)
  } finally {
    await app.close()
  }
}

/** What the public site needs from reference data, as a visitor sees it. */
async function servesTheSite(app: Awaited<ReturnType<typeof start>>) {
  const api = apiOf(app)
  expect((await api.get('/api/tbMenuInfo/queryAll')).data.length).toBeGreaterThan(3)
  expect((await api.get('/api/common/type/sys_works_type')).data.length).toBeGreaterThan(3)
  expect((await api.get('/api/common/treeRegion')).data.length).toBe(31)
}

/**
 * Starts again on a database where nothing changed and proves the start wrote nothing: on SQLite no
 * row changed on the server's connection (`total_changes()`), and a further start comes up while
 * another connection holds the write lock (as a full disk, every write would fail); on PostgreSQL the
 * database is made read-only first, so any write at all would fail the start.
 */
async function expectStartWritesNothing(
  database: Database & { root: string },
  overrides: Partial<AppConfig> = {},
) {
  if (onPostgres) {
    const name = new URL(database.databaseUrl).pathname.slice(1)
    await adminQuery(`ALTER DATABASE ${name} SET default_transaction_read_only = on`)
    try {
      await withStart(database, servesTheSite, overrides)
    } finally {
      await adminQuery(`ALTER DATABASE ${name} SET default_transaction_read_only = off`)
    }
    return
  }
  await withStart(
    database,
    async (app) => {
      const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(app.db.kysely)
      expect(rows[0]?.n).toBe(0)
      await servesTheSite(app)
    },
    overrides,
  )
  const locker = new SQLite(path.join(database.dataDir, 'kabu.db'))
  locker.exec('BEGIN IMMEDIATE')
  try {
    await withStart(database, servesTheSite, overrides)
  } finally {
    locker.exec('ROLLBACK')
    locker.close()
  }
}

describe('a start on an unchanged database writes nothing', () => {
  it('in development, with the demo data', async () => {
    const database = await freshDatabase()
    await withStart(database, async (app) => {
      expect(await apiOf(app).login(DEMO.designer)).toBeTruthy()
    })
    await expectStartWritesNothing(database)
  })

  it('in production, with reference data only', async () => {
    production()
    const database = await freshDatabase()
    await withStart(database, servesTheSite)
    await expectStartWritesNothing(database)
  })
})

const WRONG = '账号或密码错误'
const loginAnswer = (app: Awaited<ReturnType<typeof start>>, account: string) =>
  app
    .inject({
      method: 'POST',
      url: '/api/login',
      payload: { account, password: DEMO.password, logInSource: 2 },
    })
    .then((r) => r.json() as { code: number; msg: string })

describe('production starts without demo data', () => {
  it('creates no demo account, designer or work, but every piece of reference data', async () => {
    production()
    const database = await freshDatabase()
    await withStart(database, async (app) => {
      await servesTheSite(app)
      expect((await apiOf(app).get('/api/common/partners')).data.length).toBeGreaterThan(0)
      expect(await loginAnswer(app, DEMO.designer)).toEqual({ code: 400, msg: WRONG })
      const k = app.db.kysely
      expect(await k.selectFrom('users').select('account').execute()).toEqual([])
      expect(await k.selectFrom('rights_works').select('id').execute()).toEqual([])
      expect(await k.selectFrom('news_articles').select('id').execute()).toEqual([])
    })
  })

  it('refuses SEED_DEMO=1 unless ALLOW_DEMO_DATA=1 says it is a public demo', async () => {
    production({ SEED_DEMO: '1' })
    const database = await freshDatabase()
    const refused = await start(database).then(
      async (app) => {
        await app.close()
        return 'started'
      },
      (error: Error) => error.message,
    )
    expect(refused).toMatch(/SEED_DEMO=1.*ALLOW_DEMO_DATA=1/)
    production({ SEED_DEMO: '1', ALLOW_DEMO_DATA: '1' })
    await withStart(database, async (app) => {
      expect((await loginAnswer(app, DEMO.designer)).code).toBe(200)
    })
  })

  it('seeds demo data in development unless SEED_DEMO=0', async () => {
    process.env.SEED_DEMO = '0'
    const database = await freshDatabase()
    await withStart(database, async (app) => {
      await servesTheSite(app)
      expect(await loginAnswer(app, DEMO.designer)).toEqual({ code: 400, msg: WRONG })
    })
  })

  it('locks the demo accounts an older version seeded: no sign-in, no session, a line in the log', async () => {
    const database = await freshDatabase()
    const token = await withStart(database, (app) => apiOf(app).login(DEMO.designer))
    production()
    const { lines, stream: logStream } = logLines()
    await withStart(
      database,
      async (app) => {
        for (const account of ['13800000001', '13800000002', '13800000003', '13800000010'])
          expect(await loginAnswer(app, account)).toEqual({ code: 400, msg: WRONG })
        expect((await apiOf(app).get('/api/my/getUserBase', token)).code).toBe(403)
      },
      { logLevel: 'warn', logStream },
    )
    const warning = lines.map((l) => JSON.parse(l)).find((l) => /demo accounts locked/.test(l.msg))
    // The demo staff (README "Staff roles") too: an admin left signing in with the published password
    // would hand the site to anyone.
    expect(warning).toMatchObject({
      accounts: [
        '13800000001',
        '13800000002',
        '13800000003',
        '13800000010',
        '13800000011',
        '13800000012',
        '13800000013',
      ],
    })
    // Locked once: the next production start finds nothing to change.
    await expectStartWritesNothing(database)
  })

  it('leaves a demo account alone once its owner has changed the published password', async () => {
    const database = await freshDatabase()
    await withStart(database, async (app) => {
      const token = await apiOf(app).login(DEMO.newcomer)
      const changed = await apiOf(app).post(
        '/api/my/changePassword',
        { oldPassword: DEMO.password, password: 'Mine#2026x', confirmPassword: 'Mine#2026x' },
        token,
      )
      expect(changed.code).toBe(200)
    })
    production()
    await withStart(database, async (app) => {
      expect(await apiOf(app).login(DEMO.newcomer, 'Mine#2026x')).toBeTruthy()
    })
  })
})
