import type { Kysely } from 'kysely'
import { idColumn } from '../columns.ts'

/**
 * Rights-confirmed works (SPEC §1, §2 "Work registration detail view", §3 "Work detail"). A work is
 * registered once and never edited: its statement, hashes, timestamp token and chain record are
 * evidence. One primary file is registered once (unique file_sha256), which also holds under a burst.
 * `notary_chain` is the local notary's append-only hash chain: each record's hash covers the previous
 * record's hash, so its primary key (the height) refuses two records claiming the same place.
 */
export async function up(db: Kysely<unknown>, dialect: 'sqlite' | 'postgres'): Promise<void> {
  await db.schema
    .createTable('notary_chain')
    .addColumn('height', 'integer', (c) => c.primaryKey())
    .addColumn('prev_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('works_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('record_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('rights_works')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('works_name', 'varchar(100)', (c) => c.notNull())
    // sys_works_type dictionary code.
    .addColumn('works_type', 'varchar(20)', (c) => c.notNull())
    // Comma-separated, as the spec's tag field.
    .addColumn('tag', 'varchar(200)', (c) => c.notNull())
    .addColumn('works_abstract', 'text')
    // 1 image, 2 video, 3 text, 4 file (SPEC §3).
    .addColumn('file_type', 'integer', (c) => c.notNull())
    // The primary file in storage (files.name) and what the server computed of it.
    .addColumn('file_name', 'varchar(80)', (c) => c.notNull())
    .addColumn('file_sha256', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    // The rights statement exactly as hashed (UTF-8), and its SHA-256: the spec's worksHash.
    .addColumn('statement', 'text', (c) => c.notNull())
    .addColumn('works_hash', 'varchar(64)', (c) => c.notNull().unique())
    // Beijing time, ISO 8601 with +08:00; the same instant as the token's genTime.
    .addColumn('works_hash_time', 'varchar(32)', (c) => c.notNull())
    // KB-CZ-<year>-<6 digits>: set from the id right after the insert, in the same transaction.
    .addColumn('certificate_storage_no', 'varchar(32)', (c) => c.unique())
    .addColumn('org', 'varchar(100)', (c) => c.notNull())
    .addColumn('notary', 'varchar(20)', (c) => c.notNull())
    .addColumn('tsa_serial', 'varchar(64)', (c) => c.notNull())
    // The RFC 3161 TimeStampToken (DER, base64) and the certificate of the key that signed it (PEM).
    .addColumn('timestamp_token', 'text', (c) => c.notNull())
    .addColumn('tsa_certificate', 'text', (c) => c.notNull())
    .addColumn('chain_height', 'integer', (c) => c.notNull())
    .addColumn('chain_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rights_works_user').on('rights_works').columns(['user_id', 'id']).execute()
  await db.schema.createIndex('rights_works_type').on('rights_works').columns(['works_type', 'id']).execute()

  await db.schema
    .createTable('rights_work_files')
    .addColumn('id', idColumn(dialect), (c) => c.primaryKey())
    .addColumn('work_id', 'integer', (c) => c.notNull().references('rights_works.id').onDelete('cascade'))
    .addColumn('file_name', 'varchar(80)', (c) => c.notNull())
    .addColumn('original_name', 'varchar(255)', (c) => c.notNull())
    // 1 the work file itself, 0 a description image.
    .addColumn('file_primary', 'integer', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('rights_work_files_work')
    .on('rights_work_files')
    .columns(['work_id', 'sort'])
    .execute()
}
