import type { FastifyInstance } from 'fastify'
import { hashPassword } from '../../server/lib/passwords.ts'

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
