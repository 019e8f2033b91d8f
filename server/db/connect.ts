import fs from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, PostgresDialect, type SqliteDatabase, SqliteDialect, type SqliteStatement } from 'kysely'
import pg from 'pg'
import type { Database } from './schema.ts'

export type Dialect = 'sqlite' | 'postgres'

/** How long a request waits for a PostgreSQL connection (README "Operations"). */
export const PG_CONNECT_TIMEOUT_MS = 5_000

export interface Db {
  kysely: Kysely<Database>
  dialect: Dialect
}

/** Opens PostgreSQL when a postgres:// URL is given, else SQLite (WAL) at dataDir/kabu.db. */
export function connect(options: { databaseUrl: string; dataDir: string }): Db {
  if (options.databaseUrl) {
    if (!/^postgres(ql)?:\/\//.test(options.databaseUrl)) {
      throw new Error(
        'DATABASE_URL must start with postgres:// (leave it empty for the embedded SQLite database)',
      )
    }
    // A connection that cannot be had within 5 s (the server unreachable, or every pooled connection
    // busy that long) fails the request with the 503 envelope instead of leaving it waiting.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    })
    // An idle client whose connection ends under it (PostgreSQL restarted, an administrator ended the
    // backend, or the database was dropped while the pool was closing) is dropped by the pool, which
    // opens another when needed. Without a listener the pool's 'error' event would crash the process.
    pool.on('error', (error) => {
      process.emitWarning(`PostgreSQL: an idle connection ended: ${error.message}`)
    })
    // A client lent out has no listener from the pool (it takes its own off while the client is out):
    // ended between two queries — a transaction awaiting a hash, PostgreSQL restarting — its 'error'
    // would crash the process. The query under way, or the next one, fails and is answered 503; the
    // broken client is discarded when it is given back.
    pool.on('connect', (client) => {
      client.on('error', () => {})
    })
    return { kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' }
  }
  fs.mkdirSync(options.dataDir, { recursive: true })
  const sqlite = new SQLite(path.join(options.dataDir, 'kabu.db'))
  // The wait first: two instances opening a new file at once both switch it to WAL, and the second
  // must wait for the first's lock rather than fail with SQLITE_BUSY.
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  return {
    kysely: new Kysely<Database>({
      dialect: new SqliteDialect({ database: rollingBackOnlyWhatIsOpen(sqlite) }),
    }),
    dialect: 'sqlite',
  }
}

/** What a ROLLBACK answers when SQLite has already ended the transaction: nothing to do. */
const NOTHING_TO_ROLL_BACK: SqliteStatement = {
  reader: false,
  all: () => [],
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  iterate: () => [][Symbol.iterator](),
}

/**
 * The SQLite connection as Kysely uses it, except that a ROLLBACK with no transaction open does
 * nothing, as on PostgreSQL (a warning there), instead of failing. SQLite ends a transaction itself
 * when its COMMIT fails on a full disk (SQLITE_FULL) or an I/O error, and when a statement without a
 * statement journal does; the ROLLBACK that every transaction helper then sends — Kysely's
 * `transaction()`, migrate.ts's BEGIN IMMEDIATE — failed with "cannot rollback - no transaction is
 * active", and that error replaced the one that explains the failure: a full disk answered 500, not 507
 * (issue 33 item 4, tests/server/storage-full.test.ts). One place, so no helper can forget it.
 */
function rollingBackOnlyWhatIsOpen(sqlite: SQLite.Database): SqliteDatabase {
  return {
    close: () => sqlite.close(),
    prepare: (text) =>
      !sqlite.inTransaction && /^\s*rollback\s*;?\s*$/i.test(text)
        ? NOTHING_TO_ROLL_BACK
        : sqlite.prepare(text),
  }
}
