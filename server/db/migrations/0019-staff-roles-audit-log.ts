import { type Kysely, sql } from 'kysely'
import { idColumn } from '../columns.ts'
import type { Dialect } from '../connect.ts'

/**
 * Staff roles and the audit trail (issue 24 item 1, README "Staff roles").
 * - `staff_roles`: admin (the whole site: no competition), organiser (of a competition), judge (of a
 *   competition, of one round or — round_id null — of every round). Unique per (user, role,
 *   competition, round) through an index on COALESCE of the nullable columns: a plain unique key
 *   treats two NULLs as different on both databases, so two identical admin grants would both stand.
 *   `INSERT … ON CONFLICT DO NOTHING` decides against that index, so a burst of one grant stores one row.
 * - `audit_log`: append-only (nothing updates or deletes it): who (actor_id, null for the command line
 *   or the seed), what (action, target, the competition it concerns) and the change itself (detail,
 *   JSON text with before/after), at what time.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('staff_roles')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'varchar(16)', (c) => c.notNull())
    .addColumn('competition_id', 'integer')
    .addColumn('round_id', 'varchar(40)')
    .addColumn('granted_by', 'integer')
    .addColumn('granted_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await sql`CREATE UNIQUE INDEX staff_roles_unique ON staff_roles (user_id, role, COALESCE(competition_id, 0), COALESCE(round_id, ''))`.execute(
    db,
  )
  await db.schema
    .createIndex('staff_roles_competition')
    .on('staff_roles')
    .columns(['competition_id'])
    .execute()
  await db.schema
    .createTable('audit_log')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('actor_id', 'integer')
    .addColumn('action', 'varchar(40)', (c) => c.notNull())
    .addColumn('target_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('competition_id', 'integer')
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('audit_log_competition')
    .on('audit_log')
    .columns(['competition_id', 'id'])
    .execute()
  await db.schema.createIndex('audit_log_action').on('audit_log').columns(['action', 'id']).execute()
}
