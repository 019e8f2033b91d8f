import type { Db } from '../db/connect.ts'
import { nowIso } from '../lib/time.ts'

export interface LandingSignup {
  slug: string
  form: string
  phone: string
  /** The validated form, stored as JSON text: each page's form may differ, and staff export it as is. */
  data: unknown
  userId: number | null
}

/**
 * Stores a campaign page sign-up; answers its id, or undefined when this phone has already signed up on
 * this page. The unique key (slug, phone) decides in the insert itself — not a look-up before it — so a
 * burst of identical submissions stores one row and every other copy gets the duplicate answer, on
 * PostgreSQL too (a look-up first let several through to the insert, which then failed with a 500).
 */
export async function addLandingSignup(db: Db, signup: LandingSignup): Promise<number | undefined> {
  const row = await db.kysely
    .insertInto('landing_signups')
    .values({
      slug: signup.slug,
      form: signup.form,
      phone: signup.phone,
      data: JSON.stringify(signup.data),
      user_id: signup.userId,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['slug', 'phone']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}
