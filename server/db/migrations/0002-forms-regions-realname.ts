import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'

export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  // GB/T 2260 codes as 6-digit strings: province 320000 → city 320500 → district 320505.
  await db.schema
    .createTable('regions')
    .addColumn('id', 'varchar(6)', (c) => c.primaryKey())
    .addColumn('parent_id', 'varchar(6)')
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('regions_parent_id').on('regions').column('parent_id').execute()

  await db.schema
    .createTable('dictionaries')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('dict_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('dict_code', 'varchar(32)', (c) => c.notNull())
    .addColumn('dict_label', 'varchar(64)', (c) => c.notNull())
    .addColumn('dict_sort', 'integer', (c) => c.notNull())
    .addUniqueConstraint('dictionaries_type_code', ['dict_type', 'dict_code'])
    .execute()

  await db.schema
    .createTable('realname_auths')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('username', 'varchar(30)', (c) => c.notNull())
    .addColumn('identity_type', 'varchar(2)', (c) => c.notNull())
    // Keyed HMAC of the document number: finds a second account using the same identity without
    // storing the number in a searchable form.
    .addColumn('identity_digest', 'varchar(64)', (c) => c.notNull().unique())
    // AES-256-GCM ciphertext of the number; only the masked form ever leaves the server.
    .addColumn('identity_sealed', 'varchar(255)', (c) => c.notNull())
    .addColumn('identity_masked', 'varchar(40)', (c) => c.notNull())
    .addColumn('gender', 'varchar(2)')
    .addColumn('birthday', 'varchar(10)')
    .addColumn('city_id', 'varchar(6)', (c) => c.notNull())
    .addColumn('professional', 'varchar(20)', (c) => c.notNull())
    .addColumn('professional_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('rights_eligible', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('files')
    .addColumn('name', 'varchar(80)', (c) => c.primaryKey())
    .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
    .addColumn('mime', 'varchar(100)', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('addresses')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_name', 'varchar(30)', (c) => c.notNull())
    .addColumn('phone', 'varchar(11)', (c) => c.notNull())
    .addColumn('city_id', 'varchar(6)', (c) => c.notNull())
    .addColumn('address', 'varchar(100)', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('addresses_user_id').on('addresses').column('user_id').execute()

  // Codes sent by SMS for password reset; the sandbox "outbox" keeps what would have been sent.
  await db.schema
    .createTable('verification_codes')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('phone', 'varchar(11)', (c) => c.notNull())
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(32)')
    .execute()
  await db.schema.createIndex('verification_codes_phone').on('verification_codes').column('phone').execute()

  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('phone', 'varchar(11)', (c) => c.notNull())
    .addColumn('body', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
}
