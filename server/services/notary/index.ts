import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { LocalNotary } from './local.ts'
import { LocalTsa } from './local-tsa.ts'
import type { NotaryProvider } from './provider.ts'

/** NOTARY_PROVIDER names one of these; a real notary cloud is added here (README "作品确权"). */
const PROVIDERS: Record<string, (dataDir: string, db: Kysely<Database>) => Promise<NotaryProvider>> = {
  local: async (dataDir, db) => new LocalNotary(await LocalTsa.open(dataDir), db),
}

export const DEFAULT_NOTARY = 'local'

export async function createNotary(
  name: string,
  dataDir: string,
  db: Kysely<Database>,
): Promise<NotaryProvider> {
  const make = PROVIDERS[name]
  if (!make) {
    throw new Error(`NOTARY_PROVIDER "${name}" is not known; known: ${Object.keys(PROVIDERS).join(', ')}`)
  }
  return make(dataDir, db)
}
