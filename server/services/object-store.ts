import fs from 'node:fs'
import type { ObjectStore, S3Settings } from './object-store-contract.ts'

/** STORAGE=local: DATA_DIR is the store (object-store-contract.ts). */
export class LocalObjectStore implements ObjectStore {
  readonly kind = 'local'
  async put(): Promise<void> {}
  async fetch(_key: string, localFile: string): Promise<boolean> {
    return fs.existsSync(localFile)
  }
  async remove(_key: string, localFile: string): Promise<void> {
    await fs.promises.rm(localFile, { force: true })
  }
  async probe(): Promise<void> {}
}

export type StorageSettings = { kind: 'local' } | { kind: 's3'; s3: S3Settings }

/** STORAGE and its settings from the environment (readConfig); refused at start when incomplete. */
export function parseStorage(env: NodeJS.ProcessEnv): StorageSettings {
  const kind = env.STORAGE || 'local'
  if (kind === 'local') return { kind }
  if (kind !== 's3') throw new Error(`STORAGE must be local or s3, not ${JSON.stringify(kind)}`)
  const missing = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name])
  if (missing.length) throw new Error(`STORAGE=s3 needs ${missing.join(', ')}`)
  return {
    kind,
    s3: {
      endpoint: env.S3_ENDPOINT || undefined,
      bucket: env.S3_BUCKET!,
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID!,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: env.S3_FORCE_PATH_STYLE !== '0',
      prefix: env.S3_PREFIX ?? '',
    },
  }
}

export async function openObjectStore(settings: StorageSettings = { kind: 'local' }): Promise<ObjectStore> {
  if (settings.kind === 'local') return new LocalObjectStore()
  const { S3ObjectStore } = await import('./s3-object-store.ts')
  return new S3ObjectStore(settings.s3)
}
