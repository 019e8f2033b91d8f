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

/**
 * Runs pending migrations, each in its own transaction. Kysely's Migrator is not used because our
 * migrations need the dialect (serial vs integer) and a plain list keeps the order explicit.
 */
export async function migrate(db: Db, options: { until?: string } = {}): Promise<string[]> {
  const k = db.kysely as unknown as Kysely<{ kabu_migrations: { name: string; run_at: string } }>
  // Created only when missing: even CREATE TABLE IF NOT EXISTS is a write PostgreSQL refuses on a
  // read-only database, and a start with nothing to migrate must write nothing (README "Seeding").
  if (!(await hasMigrationsTable(db)))
    await k.schema
      .createTable('kabu_migrations')
      .ifNotExists()
      .addColumn('name', 'varchar(128)', (c) => c.primaryKey())
      .addColumn('run_at', 'varchar(32)', (c) => c.notNull())
      .execute()
  const done = new Set((await k.selectFrom('kabu_migrations').select('name').execute()).map((r) => r.name))
  const ran: string[] = []
  for (const [name, migration] of migrations) {
    // Tests build a database as an older version left it by stopping after `until`.
    if (options.until && name > options.until) break
    if (done.has(name)) continue
    await k.transaction().execute(async (trx) => {
      await migration.up(trx as unknown as Kysely<unknown>, db.dialect)
      await trx.insertInto('kabu_migrations').values({ name, run_at: new Date().toISOString() }).execute()
    })
    ran.push(name)
  }
  return ran
}
