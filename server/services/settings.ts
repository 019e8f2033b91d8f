import { randomInt } from 'node:crypto'
import type { Db } from '../db/connect.ts'
import { BusinessError, CODE } from '../lib/envelope.ts'
import { revokeOtherSessions } from './sessions.ts'

/** The personal area's settings (SPEC §2 /mine Setting and Info): nickname, password, invite code. */

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

export async function setNickname(db: Db, userId: number, nickname: string): Promise<void> {
  await db.kysely.updateTable('users').set({ nickname }).where('id', '=', userId).execute()
}

/** What a password change checks the current password against, and the name its attempts count under. */
export function passwordOwner(db: Db, userId: number): Promise<{ password_hash: string; account: string }> {
  return db.kysely
    .selectFrom('users')
    .select(['password_hash', 'account'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
}

/**
 * Replaces the password only over the hash the old password was checked against: of identical changes
 * racing, one changes it and the others find the old password wrong, as a second change one after
 * another does. Answers whether this one changed it; other devices then sign in again.
 */
export async function replacePassword(
  db: Db,
  userId: number,
  input: { checkedHash: string; newHash: string; keepToken: string },
): Promise<boolean> {
  const changed = await db.kysely
    .updateTable('users')
    .set({ password_hash: input.newHash })
    .where('id', '=', userId)
    .where('password_hash', '=', input.checkedHash)
    .executeTakeFirst()
  if (Number(changed.numUpdatedRows) !== 1) return false
  await revokeOtherSessions(db.kysely, userId, input.keepToken)
  return true
}

/** The user's invite code, given on first use. */
export async function inviteCode(db: Db, userId: number): Promise<string> {
  const k = db.kysely
  const currentCode = async () =>
    (await k.selectFrom('users').select('invite_code').where('id', '=', userId).executeTakeFirstOrThrow())
      .invite_code
  let code = await currentCode()
  // Written only while still empty, then read back: of two first requests racing, both answer the
  // code that was stored; a clash with another user's code (1 in 10^12) tries again.
  for (let attempt = 0; !code && attempt < 5; attempt++) {
    const fresh = Array.from({ length: 8 }, () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)]).join('')
    const taken = await k.selectFrom('users').select('id').where('invite_code', '=', fresh).executeTakeFirst()
    if (taken) continue
    await k
      .updateTable('users')
      .set({ invite_code: fresh })
      .where('id', '=', userId)
      .where('invite_code', 'is', null)
      .execute()
    code = await currentCode()
  }
  if (!code) throw new BusinessError(CODE.serverError, '邀请码生成失败，请稍后再试')
  return code
}

/** The users this user invited, newest first. */
export function invitedUsers(db: Db, userId: number): Promise<{ username: string; created_at: string }[]> {
  return db.kysely
    .selectFrom('users')
    .select(['username', 'created_at'])
    .where('invited_by', '=', userId)
    .orderBy('id', 'desc')
    .execute()
}
