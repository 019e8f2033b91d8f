import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { KeyRing } from '../key-ring.ts'
import { LocalNotary } from './local.ts'
import { LocalTsa } from './local-tsa.ts'
import type { NotaryProvider } from './provider.ts'

/** NOTARY_PROVIDER names one of these; a real notary cloud is added here (README "作品确权"). */
const PROVIDERS: Record<string, (keys: KeyRing, db: Kysely<Database>) => Promise<NotaryProvider>> = {
  local: async (keys, db) => new LocalNotary(await LocalTsa.open(keys), db),
}

export const DEFAULT_NOTARY = 'local'

export async function createNotary(
  name: string,
  keys: KeyRing,
  db: Kysely<Database>,
): Promise<NotaryProvider> {
  const make = PROVIDERS[name]
  if (!make) {
    throw new Error(`NOTARY_PROVIDER "${name}" is not known; known: ${Object.keys(PROVIDERS).join(', ')}`)
  }
  return make(keys, db)
}
