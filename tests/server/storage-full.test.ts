import fs from 'node:fs'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, type Db } from '../../server/db/connect.ts'
import { migrate } from '../../server/db/migrate.ts'
import { appOn } from '../support/app-on.ts'
import { devicesAllowed, walOnFullDisk } from '../support/full-disk.ts'
import { logLines } from '../support/log-lines.ts'
import { tempDir } from '../support/temp-dir.ts'
import { createTestApp } from '../support/test-app.ts'
import { onPostgres as isPostgresRun } from '../support/test-database.ts'
import { newUser, type RequestUser } from '../support/valid-requests.ts'

/**
 * Issue 33 item 4: a full disk answers 507 from a write inside a transaction too. SQLite ends a
 * transaction itself when its COMMIT (or a statement without a statement journal) fails with
 * SQLITE_FULL; the ROLLBACK every transaction helper sends then failed with "cannot rollback - no
 * transaction is active", and that second error, answered 500, hid the full disk. A full disk at
 * COMMIT is the kernel's /dev/full under SQLite's log (tests/support/full-disk.ts); PostgreSQL's disk
 * cannot be filled beside the other test files, so a trigger raises the server's own disk_full
 * (SQLSTATE 53100) where a full disk would. A single statement outside a transaction:
 * database-outage.test.ts.
 */
const onPostgres = isPostgresRun()
const FULL = { code: 507, msg: '服务器存储空间已满，暂时无法保存，请稍后重试' }
const ADDRESS = {
  userName: '陈思远',
  phone: '13800000001',
  cityId: '320508',
  address: '青石路 1 号（演示地址）',
}

const insertAddress = (app: FastifyInstance, user: RequestUser) =>
  app.inject({
    method: 'POST',
    url: '/api/address/insert',
    headers: { authorization: user.token },
    payload: ADDRESS,
  })

const folders: string[] = []
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true })
})
function dataDir(): string {
  const dir = tempDir('full-disk')
  folders.push(dir)
  return dir
}

async function withSqlite<T>(dir: string, run: (db: Db) => Promise<T>): Promise<T> {
  const db = connect({ databaseUrl: '', dataDir: dir })
  try {
    return await run(db)
  } finally {
    await db.kysely.destroy()
  }
}

describe.runIf(!onPostgres)('a transaction SQLite ends itself', () => {
  it('fails with SQLite’s own SQLITE_FULL, not the ROLLBACK after it', async () => {
    await withSqlite(dataDir(), async (db) => {
      const k = db.kysely
      // No constraint, no trigger: an insert without a statement journal, so SQLITE_FULL ends the transaction.
      await sql`create table scratch (bytes blob)`.execute(k)
      const pages = Number(
        (await sql<{ page_count: number }>`pragma page_count`.execute(k)).rows[0]?.page_count,
      )
      await sql.raw(`pragma max_page_count = ${pages + 2}`).execute(k)
      const filling = k.transaction().execute(async (trx) => {
        for (let i = 0; i < 100; i++) await sql`insert into scratch values (randomblob(3000))`.execute(trx)
      })
      await expect(filling).rejects.toMatchObject({ code: 'SQLITE_FULL' })
      // The connection is usable at once, outside any transaction.
      expect((await sql<{ n: number }>`select count(*) as n from scratch`.execute(k)).rows[0]?.n).toBe(0)
    })
  })
})

describe.runIf(!onPostgres && devicesAllowed)('SQLite on a full disk (the kernel’s ENOSPC at COMMIT)', () => {
  it('answers POST /api/address/insert 507 in Chinese, logs the full disk and saves nothing', async () => {
    const dir = dataDir()
    const first = await appOn({ dataDir: dir, databaseUrl: '', demoData: false })
    const user = await newUser(first)
    await first.close()
    walOnFullDisk(dir)
    const logs = logLines()
    // A start on an unchanged database only reads, so it comes up on the full disk.
    const app = await appOn({ dataDir: dir, databaseUrl: '', demoData: false, logStream: logs.stream })
    try {
      const refused = await insertAddress(app, user)
      expect(refused.statusCode, refused.body).toBe(507)
      expect(refused.json()).toEqual(FULL)
    } finally {
      await app.close()
    }
    const logged = logs.lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'storage full')
    expect(logged).toMatchObject({ level: 50, reason: 'SQLITE_FULL' })
    const saved = await withSqlite(dir, (db) => db.kysely.selectFrom('addresses').select('id').execute())
    expect(saved).toEqual([])
  }, 60_000)

  it('stops a migration on a full disk with SQLITE_FULL, the reason an operator must read', async () => {
    const dir = dataDir()
    await withSqlite(dir, (db) => migrate(db, { until: '0031-results-corrections' }))
    walOnFullDisk(dir)
    await withSqlite(dir, async (db) => {
      await expect(migrate(db)).rejects.toMatchObject({ code: 'SQLITE_FULL' })
    })
  })
})

describe.runIf(onPostgres)('PostgreSQL out of disk (SQLSTATE 53100 disk_full)', () => {
  let server: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    server = await createTestApp({ demoData: false })
  })
  afterAll(() => server?.close())

  it('answers POST /api/address/insert 507 in Chinese, then saves again once there is room', async () => {
    const k = server.app.db.kysely
    const user = await newUser(server.app)
    await sql`create function full_disk() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device' using errcode = 'disk_full'; end $$`.execute(
      k,
    )
    await sql`create trigger full_disk before insert on addresses for each row execute function full_disk()`.execute(
      k,
    )
    let refused: Awaited<ReturnType<typeof insertAddress>>
    try {
      refused = await insertAddress(server.app, user)
    } finally {
      await sql`drop trigger full_disk on addresses`.execute(k)
      await sql`drop function full_disk()`.execute(k)
    }
    expect(refused.statusCode, refused.body).toBe(507)
    expect(refused.json()).toEqual(FULL)
    const after = await insertAddress(server.app, user)
    expect([after.statusCode, after.json().code]).toEqual([200, 200])
  })
})
