import { createHash, randomBytes } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { isoIn, nowIso } from '../lib/time.ts'

const sha256 = (token: string) => createHash('sha256').update(token).digest('hex')

/** Issues a random token; only its hash is stored, so the database alone cannot sign anyone in. */
export async function createSession(db: Kysely<Database>, userId: number, ttlMs: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      created_at: nowIso(),
      expires_at: isoIn(ttlMs),
      revoked_at: null,
    })
    .execute()
  return token
}

/** The live session behind a token — unknown, expired and revoked tokens have none. */
async function liveSession(db: Kysely<Database>, token: string) {
  return db
    .selectFrom('sessions')
    .select(['id', 'user_id'])
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst()
}

/** The user id behind a live token, or undefined for unknown, expired or revoked tokens. */
export async function resolveSession(db: Kysely<Database>, token: string): Promise<number | undefined> {
  return (await liveSession(db, token))?.user_id
}

/** The id of the live session behind a token (hand-off codes name it), or undefined. */
export async function sessionIdOf(db: Kysely<Database>, token: string): Promise<number | undefined> {
  return (await liveSession(db, token))?.id
}

/**
 * Whether the session behind a token is its user's first: no earlier sign-in exists (sessions are
 * revoked, never deleted), so the account was made by it — sign-up, or WeChat's first scan.
 */
export async function isFirstSession(db: Kysely<Database>, token: string): Promise<boolean> {
  const session = await liveSession(db, token)
  if (!session) return false
  const earlier = await db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', session.user_id)
    .where('id', '<', session.id)
    .limit(1)
    .executeTakeFirst()
  return !earlier
}

export async function revokeSession(db: Kysely<Database>, token: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('token_hash', '=', sha256(token))
    .where('revoked_at', 'is', null)
    .execute()
}

/** Ends every other sign-in of a user (after a password change): the caller's own token stays live. */
export async function revokeOtherSessions(
  db: Kysely<Database>,
  userId: number,
  keepToken: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('token_hash', '!=', sha256(keepToken))
    .execute()
}
