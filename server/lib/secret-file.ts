import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Where a 32-byte key came from, for messages that must say which one to fix. */
export interface SecretSource {
  envVar: string
  /** SECRETS_DIR/<name>.key */
  file: string
}

/** A key the database says exists but this instance has neither in its variable nor in its file. */
export class MissingSecretError extends Error {}

/**
 * A 32-byte key from an environment variable (64 hex characters) or, failing that, from
 * SECRETS_DIR/<name>.key; the file is created with owner-only permissions only when `create` says the
 * key is new (no instance has used one yet). Every instance on one database must share the variable or
 * the file (server/services/keys/key-ring.ts checks that they do).
 */
export function readSecretKey(
  source: SecretSource,
  envValue: string | undefined,
  { create }: { create: boolean },
): Buffer {
  if (envValue !== undefined && envValue !== '') {
    if (!/^[0-9a-fA-F]{64}$/.test(envValue.trim())) {
      throw new Error(
        `${source.envVar} must be 64 hex characters (32 bytes); it is ${envValue.length} characters`,
      )
    }
    return Buffer.from(envValue.trim(), 'hex')
  }
  if (!fs.existsSync(source.file)) {
    if (!create) throw new MissingSecretError(source.file)
    fs.mkdirSync(path.dirname(source.file), { recursive: true, mode: 0o700 })
    try {
      fs.writeFileSync(source.file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' })
    } catch (error) {
      // Another process made it between the check and the write: read theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
  }
  const text = fs.readFileSync(source.file, 'utf8').trim()
  if (!/^[0-9a-fA-F]{64}$/.test(text))
    throw new Error(`${source.file} must hold 64 hex characters (32 bytes)`)
  return Buffer.from(text, 'hex')
}
