import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import type { ObjectStore, S3Settings } from './object-store-contract.ts'

/** STORAGE=s3 (object-store.ts): loaded only then, so a local start does not load the AWS SDK. */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3'
  private readonly client: S3Client
  private readonly settings: S3Settings
  /** Fetches in progress by local path: concurrent first uses share one download. */
  private readonly fetching = new Map<string, Promise<boolean>>()

  constructor(settings: S3Settings) {
    this.settings = settings
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: by default the SDK sends streamed bodies aws-chunked
      // with a trailing checksum, which several S3-compatible stores keep as the object's bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    })
  }

  async put(key: string, localFile: string): Promise<void> {
    const { size } = await fs.promises.stat(localFile)
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: this.settings.prefix + key,
        Body: fs.createReadStream(localFile),
        ContentLength: size,
      }),
    )
  }

  fetch(key: string, localFile: string): Promise<boolean> {
    if (fs.existsSync(localFile)) return Promise.resolve(true)
    let pending = this.fetching.get(localFile)
    if (!pending) {
      pending = this.download(key, localFile).finally(() => this.fetching.delete(localFile))
      this.fetching.set(localFile, pending)
    }
    return pending
  }

  async remove(key: string, localFile: string): Promise<void> {
    // S3 answers a missing key's delete as done.
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.settings.prefix + key }),
    )
    await fs.promises.rm(localFile, { force: true })
  }

  private async download(key: string, localFile: string): Promise<boolean> {
    let body: Readable
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.settings.prefix + key }),
      )
      body = answer.Body as Readable
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return false
      throw error
    }
    await fs.promises.mkdir(path.dirname(localFile), { recursive: true })
    // Whole or not at all: another reader never sees half a file under the real name.
    const temp = `${localFile}.${randomBytes(6).toString('hex')}.fetch`
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' }))
      await fs.promises.rename(temp, localFile)
    } finally {
      await fs.promises.rm(temp, { force: true })
    }
    return true
  }
}
