import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { IdentityVault } from './identity-vault.ts'
import { fingerprintOf } from './key-ring.ts'

/**
 * Re-seals every verified identity under a new identity key, and recomputes the digests that keep one
 * identity to one account, in one transaction with the key's new fingerprint: a failure half-way leaves
 * the database on the old key, whole. Instances must be stopped: one still running would seal new
 * verifications with the old key after the switch (README "Production: rotating the identity key").
 */
export async function rotateIdentityKey(
  db: Kysely<Database>,
  oldKey: Buffer,
  newKey: Buffer,
): Promise<{ resealed: number }> {
  if (oldKey.equals(newKey)) throw new Error('the new identity key is the current one')
  const before = new IdentityVault(oldKey)
  const after = new IdentityVault(newKey)
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('realname_auths')
      .select(['user_id', 'identity_type', 'identity_sealed'])
      .orderBy('user_id')
      .execute()
    for (const row of rows) {
      // Opening fails on a row sealed with some other key: the rotation stops and nothing changes.
      const number = before.open(row.identity_sealed)
      await trx
        .updateTable('realname_auths')
        .set({
          identity_digest: after.digest(row.identity_type, number),
          identity_sealed: after.seal(number),
        })
        .where('user_id', '=', row.user_id)
        .execute()
    }
    await trx
      .updateTable('key_fingerprints')
      .set({ fingerprint: fingerprintOf('identity', newKey), recorded_at: new Date().toISOString() })
      .where('name', '=', 'identity')
      .execute()
    return { resealed: rows.length }
  })
}
