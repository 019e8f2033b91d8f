import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'

/**
 * Competitions (SPEC §2 Competitions, §7 Competition). `competitions` is written only by the start-up
 * sync from competitions/*.json (a new file needs no SQL; a removed one is kept, inactive). Entrants'
 * registrations, works and unfinished form drafts refer to it; limits live in unique keys and in
 * counters claimed by one conditional UPDATE, so bursts cannot pass them on SQLite or PostgreSQL.
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('competitions')
    // The definition's competitionId: stable, chosen by staff.
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(60)', (c) => c.notNull())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('api', 'varchar(20)', (c) => c.notNull())
    .addColumn('registration_opens', 'varchar(32)', (c) => c.notNull())
    .addColumn('registration_closes', 'varchar(32)', (c) => c.notNull())
    .addColumn('submission_deadline', 'varchar(32)', (c) => c.notNull())
    .addColumn('results', 'varchar(32)', (c) => c.notNull())
    // Entry fee in fen; null for a free competition.
    .addColumn('fee_fen', 'integer')
    .addColumn('fee_source', 'varchar(10)')
    .addColumn('pay_required', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('works_max', 'integer', (c) => c.notNull())
    // The whole definition as read from its file (JSON text).
    .addColumn('definition', 'text', (c) => c.notNull())
    // 0 once its file is gone: its entries stay, nobody can add to them.
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute()

  // What a competition fee order pays for (orders.product 'competition').
  await db.schema.alterTable('orders').addColumn('competition_id', 'integer').execute()

  await db.schema
    .createTable('competition_registrations')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull().references('competitions.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('entrant_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('company_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('qt_type', 'varchar(32)')
    // The registration form as validated (JSON text).
    .addColumn('data', 'text', (c) => c.notNull())
    // Live (not deleted) works: claimed by a conditional UPDATE before a work is inserted.
    .addColumn('works_count', 'integer', (c) => c.notNull().defaultTo(0))
    // The order that paid the entry fee: set once, by the first paid order.
    .addColumn('paid_order_id', 'integer', (c) => c.references('orders.id'))
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('finalised_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('competition_registrations_one_per_user', ['competition_id', 'user_id'])
    .execute()
  await db.schema
    .createIndex('competition_registrations_user')
    .on('competition_registrations')
    .columns(['user_id', 'competition_id'])
    .execute()

  await db.schema
    .createTable('competition_works')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull().references('competitions.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('registration_id', 'integer', (c) =>
      c.notNull().references('competition_registrations.id').onDelete('cascade'),
    )
    // Each step's form as validated (JSON text); null until saved.
    .addColumn('base', 'text', (c) => c.notNull())
    .addColumn('info', 'text')
    .addColumn('adviser', 'text')
    .addColumn('property_right', 'text')
    .addColumn('display_board', 'text')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('deleted_at', 'varchar(32)')
    .execute()
  await db.schema
    .createIndex('competition_works_owner')
    .on('competition_works')
    .columns(['user_id', 'competition_id', 'id'])
    .execute()

  await db.schema
    .createTable('competition_drafts')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('competition_id', 'integer', (c) => c.notNull().references('competitions.id'))
    // The definition's forms key: registration, workBase, workInfo, adviser, propertyRight, displayBoard.
    .addColumn('form_key', 'varchar(20)', (c) => c.notNull())
    // 0 for a form that belongs to no work yet (registration, a new work's base info).
    .addColumn('work_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('competition_drafts_one_per_form', [
      'user_id',
      'competition_id',
      'form_key',
      'work_id',
    ])
    .execute()

  // Requests to post a participation certificate to one of the user's addresses (one per entry).
  await db.schema
    .createTable('competition_certificate_posts')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('competition_id', 'integer', (c) => c.notNull().references('competitions.id'))
    // The address as it was when asked for: later edits or deletion do not move a posted letter.
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('postage_paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addUniqueConstraint('competition_certificate_posts_one', ['user_id', 'competition_id'])
    .execute()
}
