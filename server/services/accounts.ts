import { randomBytes } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import { FORMATS } from '../../schemas/formats.ts'
import type { Database } from '../db/schema.ts'
import { nowIso } from '../lib/time.ts'

/** The name an account shows until its owner sets a nickname or verifies: 用户3456, or the mail's local part. */
export function defaultUsername(account: string): string {
  return FORMATS.phone.test(account)
    ? `用户${account.slice(-4)}`
    : (account.split('@')[0] ?? account).slice(0, 20)
}

/**
 * Creates an account. A phone sign-up is its own account name; an email sign-up signs in by the
 * address too (the login query matches account or email). WeChat accounts pass no password hash and
 * get one nobody knows, so only WeChat signs them in until a password is set by reset. Answers the
 * new id, or undefined when the account name is taken.
 */
export async function createAccount(
  db: Kysely<Database> | Transaction<Database>,
  fields: {
    account: string
    passwordHash?: string
    username?: string
    wechatOpenid?: string
    invitedBy?: number
  },
): Promise<number | undefined> {
  const isEmail = !FORMATS.phone.test(fields.account) && FORMATS.email.test(fields.account)
  const row = await db
    .insertInto('users')
    .values({
      account: fields.account,
      email: isEmail ? fields.account : null,
      password_hash: fields.passwordHash ?? `unusable:${randomBytes(16).toString('hex')}`,
      username: fields.username ?? defaultUsername(fields.account),
      nickname: null,
      profile_photo: null,
      money_fen: 0,
      integral: 0,
      created_at: nowIso(),
      wechat_openid: fields.wechatOpenid ?? null,
      invited_by: fields.invitedBy ?? null,
    })
    // A name already taken answers undefined rather than failing the transaction.
    .onConflict((oc) => oc.column('account').doNothing())
    .returning('id')
    .executeTakeFirst()
  return row?.id
}

/**
 * Takes the user's row lock for the rest of the transaction (a write that changes nothing): on
 * PostgreSQL, concurrent transactions of one user then run one after another and each sees what the
 * previous one committed — a count under a limit, or which address is the default. SQLite runs
 * transactions one at a time anyway.
 */
export async function lockUser(trx: Transaction<Database>, userId: number): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ money_fen: eb.ref('money_fen') }))
    .where('id', '=', userId)
    .execute()
}
