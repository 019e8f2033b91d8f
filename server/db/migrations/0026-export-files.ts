import { type Kysely, sql } from 'kysely'
import { idColumn } from '../columns.ts'
import type { Dialect } from '../connect.ts'

/**
 * The organisers' exports as background jobs (issue 25 item 3, README "Exports"): one row per export
 * asked for, `queued` → `running` → `ready` (the file in the object store under `object_key`) or
 * `failed`. `progress` counts the rows written or the works packed so far, of `total`. An account has
 * at most one export queued or running: a partial unique index, so a burst of requests through any
 * number of instances cannot start two.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('export_files')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('requested_by', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer')
    .addColumn('object_key', 'varchar(200)')
    .addColumn('size', 'bigint')
    .addColumn('sha256', 'varchar(64)')
    .addColumn('error', 'varchar(200)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)')
    .addColumn('finished_at', 'varchar(32)')
    .execute()
  await db.schema
    .createIndex('export_files_competition')
    .on('export_files')
    .columns(['competition_id', 'id'])
    .execute()
  await db.schema
    .createIndex('export_files_one_at_a_time')
    .on('export_files')
    .column('requested_by')
    .unique()
    .where(sql.ref('status'), 'in', ['queued', 'running'])
    .execute()
}
