import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect, type Db } from '../../server/db/connect.ts'
import { migrate } from '../../server/db/migrate.ts'
import { createTestDatabase, onPostgres } from '../support/test-database.ts'

/**
 * server/db/schema.ts (the Kysely `Database` interface the queries are typed by) says what the
 * migrations make: every table and every column, and which columns may be null. A column added by a
 * migration and not to schema.ts (or the other way round) fails here, on SQLite and, under
 * `npm run test:pg`, on PostgreSQL.
 */

type Declared = Record<string, Record<string, { nullable: boolean }>>

/**
 * Reads schema.ts as text (the interfaces are erased at run time): `Database` maps table names to
 * interfaces, and each interface lists its columns one per line at the first indentation.
 */
function declaredTables(): Declared {
  const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../server/db/schema.ts'), 'utf8')
  const bodies = new Map<string, string>()
  for (const [, name, body] of text.matchAll(/^export interface (\w+) \{\n([\s\S]*?)^\}/gm))
    bodies.set(name!, body!)
  const database = bodies.get('Database')
  if (!database) throw new Error('server/db/schema.ts has no Database interface')
  const tables: Declared = {}
  for (const [, table, type] of database.matchAll(/^ {2}(\w+): (\w+)$/gm)) {
    const body = bodies.get(type!)
    if (!body) throw new Error(`server/db/schema.ts: the interface ${type} of table ${table} is not found`)
    tables[table!] = Object.fromEntries(
      [...body.matchAll(/^ {2}(\w+)\??: (.+)$/gm)].map(([, column, columnType]) => [
        column!,
        { nullable: /\bnull\b/.test(columnType!) },
      ]),
    )
  }
  return tables
}

/**
 * Tables no query names through Kysely's types: the migrations' own record, and SQLite's full-text
 * index (a virtual table and the shadow tables SQLite keeps for it; server/services/search-index.ts
 * reads it with raw SQL, and PostgreSQL searches search_docs itself).
 */
const UNTYPED = /^(kabu_migrations|search_fts(_\w+)?)$/

async function migratedTables() {
  return (await db.kysely.introspection.getTables()).filter((table) => !UNTYPED.test(table.name))
}

/**
 * A primary key never holds null, but SQLite reports a key column that is not INTEGER PRIMARY KEY as
 * nullable (a quirk it keeps for compatibility); on PostgreSQL the key is NOT NULL and says so.
 */
async function primaryKey(table: string): Promise<Set<string>> {
  if (onPostgres()) return new Set()
  const { rows } = await sql<{
    name: string
  }>`select name from pragma_table_info(${table}) where pk > 0`.execute(db.kysely)
  return new Set(rows.map((row) => row.name))
}

let db: Db
let drop: () => Promise<void>
beforeAll(async () => {
  const database = await createTestDatabase()
  drop = database.drop
  db = connect({ databaseUrl: database.databaseUrl, dataDir: database.dataDir })
  await migrate(db)
})
afterAll(async () => {
  await db.kysely.destroy()
  await drop()
})

describe(`server/db/schema.ts against the migrated ${onPostgres() ? 'PostgreSQL' : 'SQLite'} database`, () => {
  it('declares exactly the tables the migrations make', async () => {
    const migrated = (await migratedTables()).map((t) => t.name)
    expect(Object.keys(declaredTables()).sort()).toEqual(migrated.sort())
  })

  it('declares exactly the columns of every table, null where the column allows it', async () => {
    const declared = declaredTables()
    const migrated: Declared = {}
    for (const table of await migratedTables()) {
      const keys = await primaryKey(table.name)
      migrated[table.name] = Object.fromEntries(
        table.columns.map((column) => [
          column.name,
          { nullable: column.isNullable && !keys.has(column.name) },
        ]),
      )
    }
    // Compared table by table, so a failure names the table and the column.
    for (const table of Object.keys(migrated).sort())
      expect({ table, columns: declared[table] }).toEqual({ table, columns: migrated[table] })
  })
})
