import type { UserInfo } from '../../schemas/api/account.ts'
import type { Db } from '../db/connect.ts'
import type { UserTable } from '../db/schema.ts'
import { isPasswordHash } from '../lib/passwords.ts'
import { createAccount } from './accounts.ts'
import { createSession, isFirstSession, revokeSession } from './sessions.ts'

/** The user object of SPEC §3 "User info": what the header and stores read. */
export function userInfo(
  user: Pick<UserTable, 'username' | 'nickname' | 'profile_photo' | 'password_hash'> & { id: number },
  firstSignIn: boolean,
): UserInfo {
  return {
    id: user.id,
    username: user.username,
    nickname: user.nickname ?? user.username,
    profilePhoto: user.profile_photo ?? '',
    // False for an account made by WeChat sign-in until it sets one (settings).
    hasPassword: isPasswordHash(user.password_hash),
    firstSignIn,
  }
}

/** The signed-in user as the header reads it; `token` tells whether this is the account's first session. */
export async function userBase(db: Db, userId: number, token: string | undefined): Promise<UserInfo> {
  const user = await db.kysely
    .selectFrom('users')
    .select(['id', 'username', 'nickname', 'profile_photo', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
  return userInfo(user, !!token && (await isFirstSession(db.kysely, token)))
}

const idByOpenid = (db: Db, openid: string) =>
  db.kysely.selectFrom('users').select('id').where('wechat_openid', '=', openid).executeTakeFirst()

/**
 * The account of a WeChat user, found by openid or made on first sign-in and named by the WeChat
 * nickname. Undefined only when neither finds nor makes one.
 */
export async function wechatAccount(
  db: Db,
  wechatUser: { openid: string; nickname?: string },
): Promise<number | undefined> {
  const known = await idByOpenid(db, wechatUser.openid)
  if (known) return known.id
  const created = await createAccount(db.kysely, {
    account: `wx_${wechatUser.openid}`.slice(0, 64),
    username: wechatUser.nickname,
    wechatOpenid: wechatUser.openid,
  })
  if (created !== undefined) return created
  // A second tab's sign-in made it a moment ago.
  return (await idByOpenid(db, wechatUser.openid))?.id
}

/**
 * The account a password sign-in names, by its account name or e-mail address. The same indexed
 * lookup whether or not the name finds an account: the phone and the e-mail address of one account
 * then count against one limit, and an unknown name against its own.
 */
export function passwordAccount(db: Db, account: string) {
  return db.kysely
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where((eb) => eb.or([eb('account', '=', account), eb('email', '=', account)]))
    .executeTakeFirst()
}

/** A new session for the user; answers its token. */
export function startSession(db: Db, userId: number, ttlMs: number): Promise<string> {
  return createSession(db.kysely, userId, ttlMs)
}

/** Revokes the session of this token (logout). */
export function endSession(db: Db, token: string): Promise<void> {
  return revokeSession(db.kysely, token)
}
