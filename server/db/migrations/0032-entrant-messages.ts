import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'
import type { Dialect } from '../connect.ts'

/**
 * Messages to entrants from the console (issue 32 item 6, README "Organisers' console"):
 * - `entrant_messages`: one row per message an organiser sent — the filter as JSON and as words, the
 *   subject and text they wrote, how many accounts it went to, who sent it and when.
 * - `entrant_message_recipients`: one row per account it went to (the primary key keeps it to one
 *   per account), with the registration it was sent about: 我的赛事 shows it under that entry.
 */
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('entrant_messages')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('competition_id', 'integer', (c) => c.notNull())
    .addColumn('filter', 'text', (c) => c.notNull())
    .addColumn('filter_label', 'varchar(120)', (c) => c.notNull())
    .addColumn('subject', 'varchar(120)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('sent_by', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('entrant_messages_competition')
    .on('entrant_messages')
    .columns(['competition_id', 'id'])
    .execute()
  await db.schema
    .createTable('entrant_message_recipients')
    .addColumn('message_id', 'integer', (c) =>
      c.notNull().references('entrant_messages.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('registration_id', 'integer', (c) =>
      c.notNull().references('competition_registrations.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('entrant_message_recipients_pk', ['message_id', 'user_id'])
    .execute()
  await db.schema
    .createIndex('entrant_message_recipients_registration')
    .on('entrant_message_recipients')
    .columns(['registration_id'])
    .execute()
}
