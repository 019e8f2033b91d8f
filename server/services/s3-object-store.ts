import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3'
import { connectionFailureOf } from '../lib/faults.ts'
import { type ObjectStore, ObjectStoreUnavailable, type S3Settings } from './object-store-contract.ts'

/** The key readiness asks about: nobody writes it, so the store answers 404 (or 403 without ListBucket). */
const PROBE_KEY = '.kabu-ready-probe'

/** The HTTP status the store answered with, when it answered at all. */
const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode

/**
 * What a failed request throws: ObjectStoreUnavailable when the store is down (no connection, a
 * timeout, a 5xx answer), so the error handler answers 503 and names the object store; the SDK's own
 * error when the store refused (AccessDenied…), and a local error (a full disk) as it is.
 */
function storeFailure(error: unknown): unknown {
  const status = statusOf(error)
  const reason = status !== undefined && status >= 500 ? `HTTP ${status}` : connectionFailureOf(error)
  return reason ? new ObjectStoreUnavailable(reason, error) : error
}

const SILENT = { debug() {}, info() {}, warn() {}, error() {} }

/** STORAGE=s3 (object-store.ts): loaded only then, so a local start does not load the AWS SDK. */
export class S3ObjectStore implements ObjectStore {
  readonly kind = 's3'
  private readonly client: S3Client
  /** Readiness asks once, no retries: a store that refuses is reported at once, not after 2 s. */
  private readonly prober: S3Client
  private readonly settings: S3Settings
  /** Fetches in progress by local path: concurrent first uses share one download. */
  private readonly fetching = new Map<string, Promise<boolean>>()

  constructor(settings: S3Settings) {
    this.settings = settings
    const config = {
      // The SDK's default logger drops everything but one warning it writes to the console when a
      // streamed upload fails ("An error was encountered in a non-retryable streaming request."): a bare
      // line beside the JSON log, repeating a failure this store reports with its context
      // (ObjectStoreUnavailable, logged at warn). A logger of our own that keeps nothing silences it;
      // it must keep nothing, as the SDK's logger middleware would hand it each failed command's input.
      logger: SILENT,
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: by default the SDK sends streamed bodies aws-chunked
      // with a trailing checksum, which several S3-compatible stores keep as the object's bytes.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    } as const
    this.client = new S3Client(config)
    this.prober = new S3Client({ ...config, maxAttempts: 1 })
  }

  async put(key: string, localFile: string): Promise<void> {
    const { size } = await fs.promises.stat(localFile)
    await this.client
      .send(
        new PutObjectCommand({
          Bucket: this.settings.bucket,
          Key: this.settings.prefix + key,
          Body: fs.createReadStream(localFile),
          ContentLength: size,
        }),
      )
      .catch((error: unknown) => {
        throw storeFailure(error)
      })
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
    await this.client
      .send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.settings.prefix + key }))
      .catch((error: unknown) => {
        throw storeFailure(error)
      })
    await fs.promises.rm(localFile, { force: true })
  }

  async probe(signal: AbortSignal): Promise<void> {
    try {
      await this.prober.send(
        new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.settings.prefix + PROBE_KEY }),
        { abortSignal: signal },
      )
    } catch (error) {
      // An answer below 500 is an answer: 404 for the key nobody writes, 403 where listing is not granted.
      const status = statusOf(error)
      if (status !== undefined && status < 500) return
      const failure = storeFailure(error)
      throw failure instanceof ObjectStoreUnavailable
        ? failure
        : new ObjectStoreUnavailable(
            signal.aborted ? 'no answer in time' : String((error as Error).name),
            error,
          )
    }
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
      throw storeFailure(error)
    }
    await fs.promises.mkdir(path.dirname(localFile), { recursive: true })
    // Whole or not at all: another reader never sees half a file under the real name.
    const temp = `${localFile}.${randomBytes(6).toString('hex')}.fetch`
    try {
      // The store may go away mid-download; a local error (a full disk) stays what it is.
      await pipeline(body, fs.createWriteStream(temp, { flags: 'wx' })).catch((error: unknown) => {
        throw storeFailure(error)
      })
      await fs.promises.rename(temp, localFile)
    } finally {
      await fs.promises.rm(temp, { force: true })
    }
    return true
  }
}
