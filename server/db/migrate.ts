import { type Kysely, sql } from 'kysely'
import type { Db, Dialect } from './connect.ts'
import * as m0001 from './migrations/0001-accounts-menus-partners.ts'
import * as m0002 from './migrations/0002-forms-regions-realname.ts'
import * as m0003 from './migrations/0003-landing-signups.ts'
import * as m0004 from './migrations/0004-rate-limits.ts'
import * as m0005 from './migrations/0005-reference-versions.ts'
import * as m0006 from './migrations/0006-orders-ledger-certifications.ts'
import * as m0007 from './migrations/0007-signup-wechat-invites.ts'
import * as m0008 from './migrations/0008-resumes.ts'
import * as m0009 from './migrations/0009-competitions.ts'
import * as m0010 from './migrations/0010-search-docs.ts'
import * as m0011 from './migrations/0011-rights-works.ts'
import * as m0012 from './migrations/0012-designers-talents.ts'
import * as m0013 from './migrations/0013-articles.ts'
import * as m0014 from './migrations/0014-file-uploads-verified-names.ts'
import * as m0015 from './migrations/0015-public-files.ts'
import * as m0016 from './migrations/0016-opening-ledger-refund-cases.ts'
import * as m0017 from './migrations/0017-event-entries-check-ins.ts'
import * as m0018 from './migrations/0018-competition-receipts.ts'
import * as m0019 from './migrations/0019-staff-roles-audit-log.ts'
import * as m0020 from './migrations/0020-judging.ts'
import * as m0021 from './migrations/0021-entry-moderation.ts'
import * as m0022 from './migrations/0022-competition-certificates.ts'
import * as m0023 from './migrations/0023-results.ts'
import * as m0024 from './migrations/0024-key-fingerprints.ts'
import * as m0025 from './migrations/0025-results-version.ts'
import * as m0026 from './migrations/0026-export-files.ts'
import * as m0027 from './migrations/0027-outbox-delivery.ts'
import * as m0028 from './migrations/0028-orders-expiry-index.ts'
import * as m0029 from './migrations/0029-certificate-runs.ts'
import * as m0030 from './migrations/0030-schedule-overrides.ts'
import * as m0031 from './migrations/0031-results-corrections.ts'
import * as m0032 from './migrations/0032-entrant-messages.ts'
import * as m0033 from './migrations/0033-definition-reloads.ts'

interface Migration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>
}

/** Ordered list: append only. A migration's name is recorded once it has run. */
const migrations: Array<[string, Migration]> = [
  ['0001-accounts-menus-partners', m0001],
  ['0002-forms-regions-realname', m0002],
  ['0003-landing-signups', m0003],
  ['0004-rate-limits', m0004],
  ['0005-reference-versions', m0005],
  ['0006-orders-ledger-certifications', m0006],
  ['0007-signup-wechat-invites', m0007],
  ['0008-resumes', m0008],
  ['0009-competitions', m0009],
  ['0010-search-docs', m0010],
  ['0011-rights-works', m0011],
  ['0012-designers-talents', m0012],
  ['0013-articles', m0013],
  ['0014-file-uploads-verified-names', m0014],
  ['0015-public-files', m0015],
  ['0016-opening-ledger-refund-cases', m0016],
  ['0017-event-entries-check-ins', m0017],
  ['0018-competition-receipts', m0018],
  ['0019-staff-roles-audit-log', m0019],
  ['0020-judging', m0020],
  ['0021-entry-moderation', m0021],
  ['0022-competition-certificates', m0022],
  ['0023-results', m0023],
  ['0024-key-fingerprints', m0024],
  ['0025-results-version', m0025],
  ['0026-export-files', m0026],
  ['0027-outbox-delivery', m0027],
  ['0028-orders-expiry-index', m0028],
  ['0029-certificate-runs', m0029],
  ['0030-schedule-overrides', m0030],
  ['0031-results-corrections', m0031],
  ['0032-entrant-messages', m0032],
  ['0033-definition-reloads', m0033],
]

async function hasMigrationsTable(db: Db): Promise<boolean> {
  const found =
    db.dialect === 'sqlite'
      ? await sql`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'kabu_migrations'`.execute(
          db.kysely,
        )
      : await sql`SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'kabu_migrations'`.execute(
          db.kysely,
        )
  return found.rows.length > 0
}

type MigrationsDb = Kysely<{ kabu_migrations: { name: string; run_at: string } }>
type MigrationList = typeof migrations

/**
 * The PostgreSQL advisory lock every instance takes to migrate (one key for this application; advisory
 * locks are per database). Session level, on one dedicated connection: a crash ends the session and
 * with it the lock.
 */
const MIGRATION_LOCK = sql`hashtext('kabu-portal:migrations')`

/**
 * Runs pending migrations, each in its own transaction, and answers the names it ran. A start with
 * nothing to migrate finds that out by reading alone — no lock, no write (README "Seeding": a start on
 * an unchanged database writes nothing, and still comes up when the database refuses writes). Several
 * instances may start together on one empty database, so a run is serialised and the list of migrations
 * already done is read again once the lock is held: PostgreSQL takes an advisory lock for the whole run
 * on one connection; SQLite takes the file's write lock (BEGIN IMMEDIATE) for each migration and checks
 * inside that transaction whether another process ran it meanwhile. Whoever waits finds the work done
 * and runs nothing. Kysely's Migrator is not used because our migrations need the dialect (serial vs
 * integer) and a plain list keeps the order explicit. `until` (tests) stops after that migration, to
 * build a database as an older version left it.
 */
export async function migrate(db: Db, options: { until?: string } = {}): Promise<string[]> {
  const wanted = migrations.filter(([name]) => !options.until || name <= options.until)
  if (await hasMigrationsTable(db)) {
    const done = await doneNames(db.kysely as unknown as MigrationsDb)
    if (wanted.every(([name]) => done.has(name))) return []
  }
  return db.kysely.connection().execute(async (connection) => {
    const k = connection as unknown as MigrationsDb
    if (db.dialect === 'postgres') {
      await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(k)
      try {
        return await migratePostgres(k, wanted)
      } finally {
        await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(k)
      }
    }
    return migrateSqlite(k, wanted)
  })
}

async function createMigrationsTable(k: Kysely<unknown>): Promise<void> {
  await k.schema
    .createTable('kabu_migrations')
    .ifNotExists()
    .addColumn('name', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('run_at', 'varchar(32)', (c) => c.notNull())
    .execute()
}

const doneNames = async (k: MigrationsDb) =>
  new Set((await k.selectFrom('kabu_migrations').select('name').execute()).map((r) => r.name))

async function migratePostgres(k: MigrationsDb, wanted: MigrationList): Promise<string[]> {
  // Under the lock, even this: two CREATE TABLE IF NOT EXISTS at once can both try to create it.
  await createMigrationsTable(k as unknown as Kysely<unknown>)
  const done = await doneNames(k)
  const ran: string[] = []
  for (const [name, migration] of wanted) {
    if (done.has(name)) continue
    await k.transaction().execute(async (trx) => {
      await migration.up(trx as unknown as Kysely<unknown>, 'postgres')
      await trx.insertInto('kabu_migrations').values({ name, run_at: new Date().toISOString() }).execute()
    })
    ran.push(name)
  }
  return ran
}

async function migrateSqlite(k: MigrationsDb, wanted: MigrationList): Promise<string[]> {
  const ran: string[] = []
  // One write transaction per migration: BEGIN IMMEDIATE waits (busy_timeout) for another process's
  // write to finish, so the check below sees what it committed.
  const immediate = async <T>(work: () => Promise<T>): Promise<T> => {
    await sql`begin immediate`.execute(k)
    try {
      const result = await work()
      await sql`commit`.execute(k)
      return result
    } catch (error) {
      // A no-op when SQLite ended the transaction itself (a full disk at COMMIT): connect.ts.
      await sql`rollback`.execute(k)
      throw error
    }
  }
  await immediate(() => createMigrationsTable(k as unknown as Kysely<unknown>))
  for (const [name, migration] of wanted) {
    const didRun = await immediate(async () => {
      if ((await doneNames(k)).has(name)) return false
      await migration.up(k as unknown as Kysely<unknown>, 'sqlite')
      await k.insertInto('kabu_migrations').values({ name, run_at: new Date().toISOString() }).execute()
      return true
    })
    if (didRun) ran.push(name)
  }
  return ran
}
