import { hashPassword } from '../../lib/passwords.ts'
import { nowIso } from '../../lib/time.ts'
import type { Db } from '../connect.ts'
import { DEMO_PASSWORD, demoUsers } from './demo-users.ts'
import { menus } from './menus.ts'
import { partnerNames } from './partners.ts'

export const partnerLogoPath = (index: number) => `partners/partner-${String(index + 1).padStart(2, '0')}.svg`

/**
 * Demo data for a fresh database. Idempotent: every row has a natural key and is inserted only when
 * missing, so restarting never duplicates and never overwrites what staff have since edited.
 */
export async function seed(db: Db): Promise<void> {
  const k = db.kysely
  const existing = new Set((await k.selectFrom('users').select('account').execute()).map((u) => u.account))
  for (const user of demoUsers) {
    if (existing.has(user.account)) continue
    await k
      .insertInto('users')
      .values({ ...user, password_hash: await hashPassword(DEMO_PASSWORD), created_at: nowIso() })
      .onConflict((oc) => oc.column('account').doNothing())
      .execute()
  }

  await k
    .insertInto('menus')
    .values(menus.map((m, sort) => ({ ...m, sort })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()

  await k
    .insertInto('partners')
    .values(
      partnerNames.map((name, i) => ({
        key: `partner-${i + 1}`,
        name,
        logo: partnerLogoPath(i),
        url: null,
        sort: i,
      })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
}
