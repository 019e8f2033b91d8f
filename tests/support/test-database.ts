import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The admin connection `npm run test:pg` creates and drops databases through. */
export const ADMIN_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres'

export const onPostgres = () => process.env.TEST_DB === 'postgres'

/**
 * With TEST_DB=postgres, a new empty database on the server of TEST_DATABASE_URL and a way to drop it;
 * otherwise an empty URL (SQLite) and nothing to drop.
 */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!onPostgres()) return { url: '', drop: async () => {} }
  const name = `kabu_test_${randomBytes(6).toString('hex')}`
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL })
  await client.connect()
  await client.query(`CREATE DATABASE ${name}`)
  await client.end()
  const url = new URL(ADMIN_DATABASE_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_DATABASE_URL })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}
