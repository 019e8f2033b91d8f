import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/**
 * A 32-byte key from an environment variable (64 hex characters) or, failing that, from
 * DATA_DIR/secrets/<name>.key, created on first use with owner-only permissions. Several instances on
 * one database must share the variable (or the file), or each would refuse the others' signatures.
 */
export function secretKey(dataDir: string, name: string, envValue: string | undefined): Buffer {
  if (envValue) return Buffer.from(envValue, 'hex')
  const file = path.join(dataDir, 'secrets', `${name}.key`)
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' })
    } catch (error) {
      // Another process made it between the check and the write: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex')
}
