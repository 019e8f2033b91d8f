import { createHash } from 'node:crypto'
import path from 'node:path'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { MissingSecretError, readSecretKey, type SecretSource } from '../lib/secret-file.ts'

/**
 * The keys every instance on one database must share, each with what a second, different one would
 * break: the refusal says it, so whoever reads the log knows why the instance will not start.
 */
export const SHARED_KEYS = {
  identity: {
    envVar: 'IDENTITY_KEY',
    stake:
      'it seals identity numbers: with another key an instance reads none of them and lets one identity verify a second account',
  },
  signing: {
    envVar: 'SIGNING_KEY',
    stake:
      'it signs WeChat sign-in states, shared document links and hand-off codes: instances with different keys refuse each other’s',
  },
  'payment-sandbox': {
    envVar: 'PAYMENT_SANDBOX_KEY',
    stake:
      'it signs the sandbox cashier’s links and notifications: an order made on one instance could not be paid through another',
  },
  'wechat-sandbox': {
    envVar: 'WECHAT_SANDBOX_KEY',
    stake:
      'it signs the sandbox WeChat’s one-time codes: a sign-in begun on one instance would fail on another',
  },
  'notary-tsa': {
    envVar: '',
    stake:
      'the time-stamping authority’s key and certificate (notary-tsa.key, notary-tsa.crt): tokens stamped by different instances would name different authorities',
  },
} as const

export type SharedKeyName = keyof typeof SHARED_KEYS

const README = 'README "Production"'

/** A fingerprint tells two keys apart and cannot be turned back into either (the key is 32 random bytes). */
export function fingerprintOf(name: SharedKeyName, material: Buffer): string {
  return createHash('sha256').update(`kabu key fingerprint\n${name}\n`).update(material).digest('hex')
}

const short = (fingerprint: string) => fingerprint.slice(0, 12)

/**
 * The shared keys of one instance, checked against the database (issue 25 item 1). The first start on a
 * database records each key's fingerprint (key_fingerprints); every later start of any instance compares
 * its keys with those, and refuses to start on a difference or on a key the database has and the
 * instance lacks — rather than making a new one, which is what lost identities before. Opened after the
 * migrations, inside the start lock: two instances starting together on an empty database record once.
 */
export class KeyRing {
  private readonly db: Kysely<Database>
  readonly secretsDir: string
  private readonly recorded: Map<string, string>
  private readonly env: NodeJS.ProcessEnv

  private constructor(
    db: Kysely<Database>,
    secretsDir: string,
    recorded: Map<string, string>,
    env: NodeJS.ProcessEnv,
  ) {
    this.db = db
    this.secretsDir = secretsDir
    this.recorded = recorded
    this.env = env
  }

  static async open(db: Kysely<Database>, secretsDir: string, env = process.env): Promise<KeyRing> {
    const rows = await db.selectFrom('key_fingerprints').select(['name', 'fingerprint']).execute()
    return new KeyRing(db, secretsDir, new Map(rows.map((r) => [r.name, r.fingerprint])), env)
  }

  /** Whether this instance may make the key: no instance has recorded one yet. */
  mayCreate(name: SharedKeyName): boolean {
    return !this.recorded.has(name)
  }

  /** A 32-byte key from its variable or SECRETS_DIR/<name>.key, the same as every other instance's. */
  async key(name: Exclude<SharedKeyName, 'notary-tsa'>): Promise<Buffer> {
    const source: SecretSource = {
      envVar: SHARED_KEYS[name].envVar,
      file: path.join(this.secretsDir, `${name}.key`),
    }
    const fromEnv = Boolean(this.env[source.envVar])
    let key: Buffer
    try {
      key = readSecretKey(source, this.env[source.envVar], { create: this.mayCreate(name) })
    } catch (error) {
      if (error instanceof MissingSecretError) throw this.missing(name, `${name}.key`, source.envVar)
      throw error
    }
    await this.agree(name, fromEnv ? source.envVar : source.file, key)
    return key
  }

  /** The refusal for a key the database knows and this instance does not have. */
  missing(name: SharedKeyName, file: string, envVar?: string): Error {
    const fingerprint = this.recorded.get(name) ?? ''
    const fix = envVar
      ? `set ${envVar} as on the other instances, or put the first instance's ${file} in ${this.secretsDir}`
      : `put the first instance's ${file} in ${this.secretsDir}`
    return new Error(
      `Not starting: this database was set up with an ${name} key (fingerprint ${short(fingerprint)}…) that this instance does not have; ${SHARED_KEYS[name].stake}. To fix: ${fix} (SECRETS_DIR: a folder every instance shares). See ${README}.`,
    )
  }

  /**
   * Records the key's fingerprint if no instance has yet, else compares: an instance whose key differs
   * from the database's refuses to start.
   */
  async agree(name: SharedKeyName, source: string, material: Buffer): Promise<void> {
    const fingerprint = fingerprintOf(name, material)
    // A start on a database that has them writes nothing; a first start records, and reads back what
    // won if another instance recorded at the same moment.
    if (!this.recorded.has(name)) {
      await this.db
        .insertInto('key_fingerprints')
        .values({ name, fingerprint, recorded_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute()
      const row = await this.db
        .selectFrom('key_fingerprints')
        .select('fingerprint')
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
      this.recorded.set(name, row.fingerprint)
    }
    const recorded = this.recorded.get(name) ?? ''
    if (recorded === fingerprint) return
    throw new Error(
      `Not starting: the ${name} key from ${source} (fingerprint ${short(fingerprint)}…) is not the key this database was set up with (fingerprint ${short(recorded)}…); ${SHARED_KEYS[name].stake}. Every instance on one database must use the same key: give this one the first instance's key. See ${README}.`,
    )
  }
}
