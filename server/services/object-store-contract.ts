/**
 * Where the files of every instance are kept (issue 25 item 2, README "Production: files"). Each
 * instance works on local copies under DATA_DIR (workers read paths; a content-addressed file never
 * changes, so a copy is never stale); the store is what the instances share:
 * - `local` (STORAGE=local, the default): DATA_DIR itself. One instance, or several on one shared
 *   DATA_DIR.
 * - `s3` (STORAGE=s3): an S3-compatible bucket. A file is in the bucket before its upload is answered,
 *   and an instance that lacks a copy fetches it on first use.
 * Keys are paths under DATA_DIR: `files/ab/<sha256>.<ext>`, `works/<id>/evidence.zip`, `thumbs/…`.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3'
  /** Keeps the local file `localFile` under `key` for every instance. */
  put(key: string, localFile: string): Promise<void>
  /**
   * Makes sure `localFile` holds the object `key`, fetching it when there is no local copy; false when
   * the store has no such object.
   */
  fetch(key: string, localFile: string): Promise<boolean>
  /** Removes the object `key` for every instance, and this instance's copy `localFile`; none is no error. */
  remove(key: string, localFile: string): Promise<void>
  /**
   * Resolves when the store answers (readiness, routes/health.ts); rejects with an ObjectStoreUnavailable
   * when it does not before `signal` aborts. The local store is this instance's own DATA_DIR: always.
   */
  probe(signal: AbortSignal): Promise<void>
}

/**
 * The object store could not be reached, timed out or answered a server error (HTTP 5xx): what a
 * request meets while the store is down. server/lib/faults.ts reads `code` and `reason`, and the error
 * handler answers 503 and logs `object store unavailable` — not the database, which is fine.
 */
export class ObjectStoreUnavailable extends Error {
  readonly code = 'OBJECT_STORE_UNAVAILABLE'
  /** The socket error (ECONNREFUSED…), TimeoutError, or the HTTP status the store answered. */
  readonly reason: string
  constructor(reason: string, cause: unknown) {
    super(`object store unavailable: ${reason}`, { cause })
    this.name = 'ObjectStoreUnavailable'
    this.reason = reason
  }
}

export interface S3Settings {
  endpoint?: string
  bucket: string
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** Path-style addresses (`endpoint/bucket/key`), which MinIO, s3rver and most non-AWS stores need. */
  forcePathStyle: boolean
  /** Prepended to every key, so one bucket can hold several portals. */
  prefix: string
}
