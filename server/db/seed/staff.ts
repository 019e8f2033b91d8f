import type { Kysely } from 'kysely'
import { grantRole } from '../../services/staff/roles.ts'
import type { Database } from '../schema.ts'
import { DEMO_STAFF } from './demo-users.ts'

/**
 * The demo staff's roles (demo data only): the admin, and the judges on the active competition with
 * the lowest id (no slug is named in server code; in this repository that is the first demo
 * competition). Given once per account: an account that has any role-audit entry — the seed's own
 * grant, or staff revoking it since — is left alone, so a restart neither duplicates nor undoes what
 * staff changed, and writes nothing.
 */
export async function seedDemoStaff(k: Kysely<Database>): Promise<void> {
  const users = await k
    .selectFrom('users')
    .select(['id', 'account'])
    .where(
      'account',
      'in',
      DEMO_STAFF.map((s) => s.account),
    )
    .execute()
  if (!users.length) return
  const touched = new Set(
    (
      await k
        .selectFrom('audit_log')
        .select('target_id')
        .where('target_type', '=', 'user')
        .where(
          'target_id',
          'in',
          users.map((u) => String(u.id)),
        )
        .execute()
    ).map((r) => r.target_id),
  )
  const competition = await k
    .selectFrom('competitions')
    .select('id')
    .where('active', '=', 1)
    .orderBy('id')
    .executeTakeFirst()
  for (const staff of DEMO_STAFF) {
    const user = users.find((u) => u.account === staff.account)
    if (!user || touched.has(String(user.id))) continue
    if (staff.role === 'admin') await grantRole(k, null, user.id, { role: 'admin' }, 'seed')
    // Without a competition (`npm run seed` before the first start synced them) the judges wait for the next start.
    else if (competition)
      await grantRole(k, null, user.id, { role: staff.role, competitionId: competition.id }, 'seed')
  }
}
