import type { FastifyInstance } from 'fastify'
import { hashPassword } from '../../server/lib/passwords.ts'
import { maskIdentity } from '../../server/services/identity-vault.ts'

/** A server, or just a connection to its database: the test helpers that write rows need no more. */
export type WithDatabase = Pick<FastifyInstance, 'db'> | { db: Pick<FastifyInstance['db'], 'kysely'> }

/** Adds an account straight to the database (sign-up is a later issue); answers its account name. */
export async function insertUser(
  app: WithDatabase,
  account: string,
  password: string,
  username: string = account,
): Promise<string> {
  await app.db.kysely
    .insertInto('users')
    .values({
      account,
      email: null,
      password_hash: await hashPassword(password),
      username,
      nickname: null,
      profile_photo: null,
      money_fen: 0,
      integral: 0,
      created_at: new Date().toISOString(),
    })
    .execute()
  return account
}

/**
 * Adds each account (the demo password), signs it in, and records its id and token in `ids` and
 * `tokens`, as the staff and entrant tests set up their cast.
 */
export async function addSignedIn(
  app: WithDatabase,
  api: { login(account: string): Promise<string> },
  accounts: readonly string[],
  password: string,
  into: { ids: Map<string, number>; tokens: Map<string, string> },
): Promise<void> {
  for (const account of accounts) {
    await insertUser(app, account, password)
    const row = await app.db.kysely
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
    into.ids.set(account, row.id)
    into.tokens.set(account, await api.login(account))
  }
}

/**
 * Records `userId` as verified (实名认证) under `name`, straight in the database as the real-name route
 * stores it, with a made-up identity number of its own: competition certificates name the verified
 * person (README "Competition certificates"), so an entrant written directly needs this to get one.
 */
export async function insertVerified(
  app: Pick<FastifyInstance, 'db' | 'vault'>,
  userId: number,
  name: string,
): Promise<void> {
  const identity = `9${String(userId).padStart(8, '0')}`
  await app.db.kysely
    .insertInto('realname_auths')
    .values({
      user_id: userId,
      username: name,
      identity_type: '3',
      identity_digest: app.vault.digest('3', identity),
      identity_sealed: app.vault.seal(identity),
      identity_masked: maskIdentity(identity),
      gender: null,
      birthday: null,
      city_id: '320505',
      professional: '2',
      professional_name: '产品设计师',
      rights_eligible: 0,
      created_at: new Date().toISOString(),
    })
    .execute()
  await app.db.kysely.updateTable('users').set({ username: name }).where('id', '=', userId).execute()
}
