import type { Kysely } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { nowIso } from '../lib/time.ts'
import type { StoredFile } from './storage.ts'

/**
 * Records an upload: the stored file once (its first uploader's name for it), and that this user
 * uploaded it — the same content may come from several users, each of whom may then use it.
 */
export async function recordUpload(
  { kysely: db }: Db,
  stored: StoredFile,
  originalName: string,
  userId: number,
): Promise<void> {
  const createdAt = nowIso()
  await db
    .insertInto('files')
    .values({ ...stored, original_name: originalName, owner_id: userId, created_at: createdAt })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
  await db
    .insertInto('file_uploads')
    .values({ name: stored.name, user_id: userId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['name', 'user_id']).doNothing())
    .execute()
}

/** The stored files among `names` that this user uploaded, with their sizes. */
export async function uploadsOf(
  db: Kysely<Database>,
  userId: number,
  names: readonly string[],
): Promise<Map<string, number>> {
  if (!names.length) return new Map()
  const rows = await db
    .selectFrom('files')
    .innerJoin('file_uploads', 'file_uploads.name', 'files.name')
    .select(['files.name', 'files.size'])
    .where('file_uploads.user_id', '=', userId)
    .where('files.name', 'in', [...new Set(names)])
    .execute()
  return new Map(rows.map((r) => [r.name, r.size]))
}
