import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import { isPasswordHash, verifyPassword } from '../../lib/passwords.ts'
import { nowIso } from '../../lib/time.ts'
import type { Database } from '../schema.ts'
import { DEMO_PASSWORD, demoUsers } from './demo-users.ts'

/**
 * A production start without demo data: a demo account that an older version (or a development start)
 * seeded and that still signs in with the published password gets an unusable password hash and loses
 * every session, and the log names it. An account whose owner has since set their own password is left
 * alone, and so is one already locked — so the next start finds nothing to do and writes nothing. Its
 * owner, if it has one, gets back in through a password reset by SMS.
 */
export async function lockPublishedDemoAccounts(
  db: Kysely<Database>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<string[]> {
  const accounts = demoUsers.map((u) => u.account)
  const rows = await db
    .selectFrom('users')
    .select(['id', 'account', 'password_hash'])
    .where('account', 'in', accounts)
    .orderBy('account')
    .execute()
  const locked: string[] = []
  for (const row of rows) {
    if (!isPasswordHash(row.password_hash) || !(await verifyPassword(DEMO_PASSWORD, row.password_hash)))
      continue
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: `unusable:demo-locked:${randomBytes(12).toString('hex')}` })
        .where('id', '=', row.id)
        .where('password_hash', '=', row.password_hash)
        .execute()
      await trx
        .updateTable('sessions')
        .set({ revoked_at: nowIso() })
        .where('user_id', '=', row.id)
        .where('revoked_at', 'is', null)
        .execute()
    })
    locked.push(row.account)
  }
  if (locked.length)
    log.warn(
      { accounts: locked },
      'demo accounts locked: they signed in with the password the README publishes (production start without demo data)',
    )
  return locked
}
