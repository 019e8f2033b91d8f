import pg from 'pg'
import { describe, expect, it } from 'vitest'
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
})
