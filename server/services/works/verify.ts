import type { WorkVerification } from '../../../schemas/api/works.ts'
import type { Db } from '../../db/connect.ts'

/** What a hash matches: a work's primary file, or its rights statement (worksHash). Nothing private. */
export async function verifyHash(db: Db, hash: string): Promise<WorkVerification> {
  const found = await db.kysely
    .selectFrom('rights_works')
    .innerJoin('users', 'users.id', 'rights_works.user_id')
    .select([
      'rights_works.id',
      'rights_works.works_name',
      'rights_works.works_hash',
      'rights_works.works_hash_time',
      'rights_works.certificate_storage_no',
      'users.username',
    ])
    .where((eb) =>
      eb.or([eb('rights_works.file_sha256', '=', hash), eb('rights_works.works_hash', '=', hash)]),
    )
    .executeTakeFirst()
  if (!found) return { hash, matched: false }
  return {
    hash,
    matched: true,
    matchedBy: found.works_hash === hash ? 'worksHash' : 'file',
    worksId: found.id,
    worksName: found.works_name,
    userName: found.username,
    worksHashTime: found.works_hash_time,
    certificateStorageNo: found.certificate_storage_no ?? '',
  }
}
