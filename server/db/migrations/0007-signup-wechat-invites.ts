import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'

/**
 * Sign-up by phone or email, WeChat sign-in and invitations: codes go to an email address too, an
 * account may be bound to a WeChat openid, and each designer has an invite code.
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  // A code's recipient is a phone or an email address now.
  await db.schema.alterTable('verification_codes').renameColumn('phone', 'recipient').execute()
  // SQLite does not enforce varchar lengths; PostgreSQL does.
  if (dialect === 'postgres') {
    await db.schema
      .alterTable('verification_codes')
      .alterColumn('recipient', (c) => c.setDataType('varchar(128)'))
      .execute()
  }

  // The sandbox mail server: what would have been e-mailed (sms_outbox is its SMS twin).
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('email', 'varchar(128)', (c) => c.notNull())
    .addColumn('subject', 'varchar(100)', (c) => c.notNull())
    .addColumn('body', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()

  await db.schema.alterTable('users').addColumn('wechat_openid', 'varchar(64)').execute()
  await db.schema.createIndex('users_wechat_openid').on('users').column('wechat_openid').unique().execute()
  await db.schema.alterTable('users').addColumn('invite_code', 'varchar(16)').execute()
  await db.schema.createIndex('users_invite_code').on('users').column('invite_code').unique().execute()
  await db.schema.alterTable('users').addColumn('invited_by', 'integer').execute()
}
