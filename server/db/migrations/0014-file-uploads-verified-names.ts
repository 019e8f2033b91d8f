import { type Kysely, sql } from 'kysely'

/**
 * Two corrections found by a review of the works (issue 11):
 * - `file_uploads`: who uploaded each stored file. Files are stored once per content (`files.name`
 *   is the SHA-256), so `files.owner_id` names only the first uploader; a form may name a file only
 *   if its user uploaded that content themselves, otherwise anyone could register another user's
 *   published picture as their own work by its address. Filled from `files` for what exists.
 * - A verified account's `username` becomes its verified name, as `defaultUsername` always said it
 *   would: certificates and statements name the verified owner, and the screens (the work's 著作权人,
 *   the creator card, the directory) must name the same person. Nicknames stay what the owner set.
 * - An index of the works' files by name: a registration checks that its file is not a picture of
 *   someone else's registered work.
 * - A designer's works count is what the portal holds: the demo seed used to invent figures that the
 *   works directory contradicted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('file_uploads')
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_uploads_pk', ['name', 'user_id'])
    .execute()
  await db.schema.createIndex('rights_work_files_name').on('rights_work_files').column('file_name').execute()
  await sql`INSERT INTO file_uploads (name, user_id, created_at) SELECT name, owner_id, created_at FROM files`.execute(
    db,
  )
  await sql`
    UPDATE designer_profiles SET works_number =
      (SELECT COUNT(*) FROM rights_works w WHERE w.user_id = designer_profiles.user_id)
  `.execute(db)
  await sql`
    UPDATE users SET username = (SELECT r.username FROM realname_auths r WHERE r.user_id = users.id)
    WHERE EXISTS (SELECT 1 FROM realname_auths r WHERE r.user_id = users.id)
  `.execute(db)
}
