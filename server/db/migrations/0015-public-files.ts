import type { Kysely } from 'kysely'

/**
 * Uploads are private unless a public record shows them (README "Uploaded files: who may fetch them"):
 * serving a file asks whether any public record names it. Rights-confirmed works' files are found
 * through `rights_work_files_name` (0014); a profile photo that is an upload is found through this.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_profile_photo').on('users').column('profile_photo').execute()
}
