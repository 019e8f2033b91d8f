import type { Kysely, Transaction } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { BusinessError, CODE } from '../lib/envelope.ts'
import { createAccount } from './accounts.ts'
import { VerificationCodes } from './verification-codes.ts'

export const ACCOUNT_EXISTS = '该账号已注册，请直接登录'

async function accountExistsIn(
  db: Kysely<Database> | Transaction<Database>,
  account: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.or([eb('account', '=', account), eb('email', '=', account)]))
    .executeTakeFirst()
  return !!row
}

/** Whether an account answers to this phone or email (its account name or its bound email). */
export function accountExists(db: Db, account: string): Promise<boolean> {
  return accountExistsIn(db.kysely, account)
}

/** The id of the user whose invite code this is (any case), if any. */
export async function inviterId(db: Db, inviteCode: string): Promise<number | undefined> {
  const row = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('invite_code', '=', inviteCode.toUpperCase())
    .executeTakeFirst()
  return row?.id
}

/**
 * Spends the checked code and creates the account in one transaction; answers the new user's id.
 * An account that exists, or is taken meanwhile by a racing sign-up, is refused with ACCOUNT_EXISTS.
 */
export function signUp(
  db: Db,
  input: { codeId: number; account: string; passwordHash: string; invitedBy: number | undefined },
): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    await VerificationCodes.markUsed(trx, input.codeId)
    // The code proves the caller owns the phone or mailbox, so telling them it is taken reveals nothing.
    if (await accountExistsIn(trx, input.account)) throw new BusinessError(CODE.badRequest, ACCOUNT_EXISTS)
    const id = await createAccount(trx, {
      account: input.account,
      passwordHash: input.passwordHash,
      invitedBy: input.invitedBy,
    })
    // Taken between the check and the insert by a racing sign-up.
    if (id === undefined) throw new BusinessError(CODE.badRequest, ACCOUNT_EXISTS)
    return id
  })
}
