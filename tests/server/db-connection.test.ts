import { sql } from 'kysely'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { adminQuery } from '../support/test-database.ts'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp()
const onPostgres = process.env.TEST_DB === 'postgres'

describe.runIf(onPostgres)('PostgreSQL connections', () => {
  it('survives the server ending its idle connections, and serves the next request on a new one', async () => {
    expect((await t.api.get('/api/tbMenuInfo/queryAll')).code).toBe(200)
    const database = new URL(t.server.databaseUrl).pathname.slice(1)
    const admin = new pg.Client({
      connectionString:
        process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres',
    })
    await admin.connect()
    try {
      // What a PostgreSQL restart does to every open connection of this database, the LISTEN one included.
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      )
      expect(ended.rowCount).toBeGreaterThan(0)
    } finally {
      await admin.end()
    }
    // The idle clients' errors arrive on their sockets; give them a moment to be delivered.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect((await t.api.get('/api/tbMenuInfo/queryAll')).code).toBe(200)
  })

  it('survives a connection ending while a request holds it between two queries (no uncaught error)', async () => {
    const uncaught: unknown[] = []
    const note = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', note)
    try {
      // A transaction waiting on something else (a password hash, a file) when PostgreSQL restarts:
      // the pool has taken its error listener off a client it lent out.
      await t.server.app.db.kysely
        .connection()
        .execute(async (connection) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(connection)
          await adminQuery(`select pg_terminate_backend(${Number(rows[0]?.pid)})`)
          await new Promise((resolve) => setTimeout(resolve, 300))
          await sql`select 1`.execute(connection)
        })
        .catch(() => undefined)
    } finally {
      process.off('uncaughtException', note)
    }
    expect(uncaught).toEqual([])
    expect((await t.api.get('/api/tbMenuInfo/queryAll')).code).toBe(200)
  })
})
