import fs from 'node:fs'
import path from 'node:path'
import { readConfig } from './config.ts'
import { connect } from './db/connect.ts'
import { migrate } from './db/migrate.ts'
import { StartLock } from './db/start-lock.ts'
import { readSecretKey } from './lib/secret-file.ts'
import { rotateIdentityKey } from './services/identity-rotation.ts'
import { KeyRing } from './services/key-ring.ts'

// `NEW_IDENTITY_KEY=<64 hex> npm run rotate-identity-key`, with every instance stopped (README
// "Production: rotating the identity key"). The current key is the instances' own (IDENTITY_KEY or
// SECRETS_DIR/identity.key), checked against the database first. Kept in the file, the file is replaced
// once the database has switched (the old one kept beside it); kept in IDENTITY_KEY, the variable is the
// operator's to change. Neither key is ever printed.
const config = readConfig()
const fresh = process.env.NEW_IDENTITY_KEY
if (!fresh) {
  console.error(
    'NEW_IDENTITY_KEY must hold the new key: 64 hex characters (for example: openssl rand -hex 32)',
  )
  process.exit(2)
}
const db = connect(config)
// In turn with a start, as migrations are: an instance starting now waits for the rotation to finish.
const lock = await StartLock.acquire(db, config.dataDir)
try {
  await migrate(db)
  const keys = await KeyRing.open(db.kysely, config.secretsDir)
  const current = await keys.key('identity')
  const newKey = readSecretKey({ envVar: 'NEW_IDENTITY_KEY', file: '' }, fresh, { create: false })
  const { resealed } = await rotateIdentityKey(db.kysely, current, newKey)
  console.log(`re-sealed ${resealed} identities under the new identity key`)
  if (process.env.IDENTITY_KEY) {
    console.log('now set IDENTITY_KEY to the new key on every instance before starting them')
  } else {
    const file = path.join(config.secretsDir, 'identity.key')
    const kept = `${file}.replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`
    fs.renameSync(file, kept)
    fs.writeFileSync(file, newKey.toString('hex'), { mode: 0o600, flag: 'wx' })
    console.log(
      `${file} now holds the new key (the old one: ${kept}; delete it once the backups hold the new one)`,
    )
  }
} catch (error) {
  console.error(`identity key not rotated: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await lock.release()
  await db.kysely.destroy()
}
