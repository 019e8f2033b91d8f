import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { nowIso } from '../lib/time.ts'

export interface EventEntry {
  id: number
  data: Record<string, unknown>
  createdAt: string
}

/**
 * Stores a user's entry to an event's form; answers its id, or undefined when this user has already
 * entered. The unique key (slug, user_id) decides in the insert itself, so a burst stores one row.
 */
export async function addEventEntry(
  db: Kysely<Database>,
  entry: { slug: string; userId: number; form: string; phone: string; data: unknown },
): Promise<number | undefined> {
  const row = await db
    .insertInto('event_entries')
    .values({
      slug: entry.slug,
      user_id: entry.userId,
      form: entry.form,
      phone: entry.phone,
      data: JSON.stringify(entry.data),
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['slug', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

/** The user's entry to an event, if any: what the submit page shows once submitted. */
export async function eventEntryOf(
  db: Kysely<Database>,
  slug: string,
  userId: number,
): Promise<EventEntry | undefined> {
  const row = await db
    .selectFrom('event_entries')
    .select(['id', 'data', 'created_at'])
    .where('slug', '=', slug)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return (
    row && { id: row.id, data: JSON.parse(row.data) as Record<string, unknown>, createdAt: row.created_at }
  )
}

/**
 * Records an on-site check-in. A phone checks in once per event: a repeat answers the first check-in
 * (`repeat: true`) with its time, so the visitor sees they are already in.
 */
export async function checkIn(
  db: Kysely<Database>,
  visit: { slug: string; name: string; phone: string },
): Promise<{ repeat: boolean; checkedInAt: string }> {
  const createdAt = nowIso()
  const inserted = await db
    .insertInto('event_check_ins')
    .values({ slug: visit.slug, name: visit.name, phone: visit.phone, created_at: createdAt })
    .onConflict((oc) => oc.columns(['slug', 'phone']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (inserted) return { repeat: false, checkedInAt: createdAt }
  const first = await db
    .selectFrom('event_check_ins')
    .select('created_at')
    .where('slug', '=', visit.slug)
    .where('phone', '=', visit.phone)
    .executeTakeFirstOrThrow()
  return { repeat: true, checkedInAt: first.created_at }
}
