import type { Kysely } from 'kysely'

/** Each designer's résumé (/mine/cv): the validated form as JSON text, one per user. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resumes')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .execute()
}
