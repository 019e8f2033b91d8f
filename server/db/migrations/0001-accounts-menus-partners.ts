import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('account', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(128)')
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('nickname', 'varchar(64)')
    .addColumn('profile_photo', 'varchar(512)')
    .addColumn('money_fen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('integral', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('revoked_at', 'varchar(32)')
    .execute()
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('menus')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('title', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(512)', (c) => c.notNull())
    .addColumn('hot', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema
    .createTable('partners')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(128)', (c) => c.notNull())
    .addColumn('logo', 'varchar(512)', (c) => c.notNull())
    .addColumn('url', 'varchar(512)')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}
