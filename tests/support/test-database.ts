import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import pg from 'pg'
import { tempDir } from './temp-dir.ts'

/** The admin connection `npm run test:pg` creates and drops databases through. */
export const ADMIN_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres'

export const onPostgres = () => process.env.TEST_DB === 'postgres'

/**
 * A fresh, empty database for one test: SQLite in a temporary DATA_DIR by default; with
 * TEST_DB=postgres, a new database on the server named by TEST_DATABASE_URL. `drop` removes it (and
 * the folder).
 */
export async function createTestDatabase(): Promise<{
  dataDir: string
  databaseUrl: string
  drop(): Promise<void>
}> {
  const dataDir = tempDir('data')
  if (!onPostgres()) {
    return {
      dataDir,
      databaseUrl: '',
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  const admin = ADMIN_DATABASE_URL
  const name = `kabu_test_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = new URL(admin)
  url.pathname = `/${name}`
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Runs `sql` on the test PostgreSQL server's admin connection (ALTER DATABASE and the like). */
export async function adminQuery(sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: ADMIN_DATABASE_URL })
  await c.connect()
  try {
    await c.query(sql)
  } finally {
    await c.end()
  }
}
