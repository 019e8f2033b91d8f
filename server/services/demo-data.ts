import { randomBytes } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { DEMO_PASSWORD, demoUsers } from '../db/seed/demo-users.ts'
import { isPasswordHash, verifyPassword } from '../lib/passwords.ts'
import { nowIso } from '../lib/time.ts'

/**
 * Demo data — the accounts with the password the README publishes, the directory's invented designers,
 * the demo works, news, quotations, videos, documents and survey answers — is for trying the portal,
 * never for a deployment real people use (README "Demo data"). SEED_DEMO=1 asks for it and SEED_DEMO=0
 * declines it; unset, development has it and production (NODE_ENV=production) does not.
 */
export function demoDataRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  const value = (env.SEED_DEMO ?? '').trim()
  if (value === '1') return true
  if (value === '0') return false
  if (value)
    throw new Error(`SEED_DEMO takes 1 (add the demo data) or 0 (leave it out), not ${JSON.stringify(value)}`)
  return env.NODE_ENV !== 'production'
}

/** A production start with demo data is refused unless ALLOW_DEMO_DATA=1 says it is a public demo site. */
export function guardDemoData(demo: boolean, env: NodeJS.ProcessEnv = process.env): void {
  if (demo && env.NODE_ENV === 'production' && env.ALLOW_DEMO_DATA !== '1') {
    throw new Error(
      'NODE_ENV=production with SEED_DEMO=1: the demo accounts sign in with a password the README publishes. Leave SEED_DEMO unset, or set ALLOW_DEMO_DATA=1 too for a public demo site',
    )
  }
}

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
