import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import pg from 'pg'
import { tempDir } from './temp-dir.ts'

/** The admin connection `npm run test:pg` creates and drops databases through. */
export const ADMIN_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres'

export const onPostgres = () => process.env.TEST_DB === 'postgres'

/** A migrated and seeded database to copy: its data folder and, on PostgreSQL, its database name. */
export interface SeededTemplate {
  dataDir: string
  database?: string
}

/**
 * A fresh database for one test: SQLite in a temporary DATA_DIR by default; with TEST_DB=postgres, a
 * new database on the server named by TEST_DATABASE_URL. Empty, or a copy of `template` (its data
 * folder's files too: keys, stored files). `drop` removes it (and the folder).
 */
export async function createTestDatabase(template?: SeededTemplate): Promise<{
  dataDir: string
  databaseUrl: string
  drop(): Promise<void>
}> {
  const dataDir = tempDir('data')
  if (template) fs.cpSync(template.dataDir, dataDir, { recursive: true })
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
  await client.query(
    template?.database ? `CREATE DATABASE ${name} TEMPLATE ${template.database}` : `CREATE DATABASE ${name}`,
  )
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
