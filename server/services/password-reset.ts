import type { Db } from '../db/connect.ts'
import { nowIso } from '../lib/time.ts'
import { VerificationCodes } from './verification-codes.ts'

/** Password reset by SMS code (/forgetPwd): the account a phone signs in to. */
export async function accountOfPhone(db: Db, phone: string): Promise<number | undefined> {
  const user = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('account', '=', phone)
    .executeTakeFirst()
  return user?.id
}

/** Spends the code and sets the new password; every existing sign-in ends, so whoever knew the old one is out. */
export async function resetPassword(
  db: Db,
  userId: number,
  codeId: number,
  passwordHash: string,
): Promise<void> {
  await db.kysely.transaction().execute(async (trx) => {
    await VerificationCodes.markUsed(trx, codeId)
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute()
    await trx
      .updateTable('sessions')
      .set({ revoked_at: nowIso() })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .execute()
  })
}
