import type { Kysely } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'

/**
 * Who may fetch a stored upload (GET /api/files/:name and its thumbnails). An upload is private —
 * a competition's property-right proof, an entry form's file, a work not yet registered — until a
 * public record shows it; then anyone may, and caches may keep it (the name is its content hash).
 *
 * - 'public': a public record names it; served `public, max-age=31536000, immutable`.
 * - 'uploader': the viewer uploaded this content; served `private, no-store`.
 * - 'none': anyone else, answered exactly as a file that does not exist.
 */
export type FileAccess = 'public' | 'uploader' | 'none'

export const FILE_CACHE = {
  public: 'public, max-age=31536000, immutable',
  uploader: 'private, no-store',
} as const

/**
 * Whether a public record shows the file. Every place the public pages show an upload belongs here,
 * each found through an index: a registered work's files (primary and description images), and a
 * profile photo that is an upload.
 */
async function shownPublicly(db: Kysely<Database>, name: string): Promise<boolean> {
  const work = await db
    .selectFrom('rights_work_files')
    .select('work_id')
    .where('file_name', '=', name)
    .limit(1)
    .executeTakeFirst()
  if (work) return true
  const photo = await db
    .selectFrom('users')
    .select('id')
    .where('profile_photo', '=', `/api/files/${name}`)
    .limit(1)
    .executeTakeFirst()
  return !!photo
}

/**
 * The access a viewer has to a stored file. `viewer` is asked only for a file no public record
 * shows; a missing file and someone else's private one take the same steps and answer 'none'.
 */
export async function fileAccess(
  { kysely: db }: Db,
  name: string,
  viewer: () => Promise<number | undefined>,
): Promise<FileAccess> {
  if (await shownPublicly(db, name)) return 'public'
  const userId = await viewer()
  if (userId === undefined) return 'none'
  const uploaded = await db
    .selectFrom('file_uploads')
    .select('user_id')
    .where('name', '=', name)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return uploaded ? 'uploader' : 'none'
}
