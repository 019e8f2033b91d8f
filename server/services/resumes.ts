import type { ResumeForm } from '../../schemas/forms/resume.ts'
import type { Db } from '../db/connect.ts'
import { nowIso } from '../lib/time.ts'

/** The personal area's résumé (SPEC §2 /mine/cv): one a user, kept as the form sent it. */

export async function loadResume(db: Db, userId: number): Promise<ResumeForm | undefined> {
  const row = await db.kysely
    .selectFrom('resumes')
    .select('data')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ? (JSON.parse(row.data) as ResumeForm) : undefined
}

/** Stores the user's résumé, replacing the one kept. */
export async function saveResume(db: Db, userId: number, form: ResumeForm): Promise<void> {
  const row = { data: JSON.stringify(form), updated_at: nowIso() }
  await db.kysely
    .insertInto('resumes')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute()
}
