import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { LocalObjectStore } from './object-store.ts'
import type { ObjectStore } from './object-store-contract.ts'

/** What users may upload, by extension, with the bytes each kind must start with. */
export const UPLOAD_TYPES: Record<string, { mime: string; magic: Array<number[]> }> = {
  jpg: { mime: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  jpeg: { mime: 'image/jpeg', magic: [[0xff, 0xd8, 0xff]] },
  png: { mime: 'image/png', magic: [[0x89, 0x50, 0x4e, 0x47]] },
  gif: { mime: 'image/gif', magic: [[0x47, 0x49, 0x46, 0x38]] },
  webp: { mime: 'image/webp', magic: [[0x52, 0x49, 0x46, 0x46]] },
  bmp: { mime: 'image/bmp', magic: [[0x42, 0x4d]] },
  // Little- and big-endian TIFF, and BigTIFF.
  tif: {
    mime: 'image/tiff',
    magic: [
      [0x49, 0x49, 0x2a, 0x00],
      [0x4d, 0x4d, 0x00, 0x2a],
      [0x49, 0x49, 0x2b, 0x00],
      [0x4d, 0x4d, 0x00, 0x2b],
    ],
  },
  // PostScript text (%!PS), or the DOS EPS binary header that carries a preview.
  eps: {
    mime: 'application/postscript',
    magic: [
      [0x25, 0x21, 0x50, 0x53],
      [0xc5, 0xd0, 0xd3, 0xc6],
    ],
  },
  pdf: { mime: 'application/pdf', magic: [[0x25, 0x50, 0x44, 0x46]] },
  mp4: { mime: 'video/mp4', magic: [] },
  txt: { mime: 'text/plain; charset=utf-8', magic: [] },
  zip: { mime: 'application/zip', magic: [[0x50, 0x4b, 0x03, 0x04]] },
}
/**
 * The type kept for an extension, or undefined. Own keys only: a file named `f.constructor` or
 * `f.__proto__` must not find Object.prototype's members in the table.
 */
export function uploadType(ext: string): (typeof UPLOAD_TYPES)[string] | undefined {
  return Object.hasOwn(UPLOAD_TYPES, ext) ? UPLOAD_TYPES[ext] : undefined
}

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024
/** Where an upload streams before it is checked and moved into place: `files/.upload-<random>`. */
const TEMP_PREFIX = '.upload-'
const TOO_LARGE = '文件大小不能超过20MB'
export const INCOMPLETE = '上传内容不完整或格式有误'

export interface StoredFile {
  name: string
  sha256: string
  size: number
  mime: string
}

/**
 * Files live under DATA_DIR/files by content hash (`<sha256>.<ext>`), so the same upload is stored
 * once and a client's file name is display data only. The object store (object-store.ts) shares them
 * between instances: an upload is in it before it is answered, and `localPath` brings a copy to an
 * instance that has none.
 */
declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage
  }
}

export class FileStorage {
  readonly root: string
  private readonly dataDir: string
  private readonly store: ObjectStore
  constructor(dataDir: string, store: ObjectStore = new LocalObjectStore()) {
    this.dataDir = dataDir
    this.root = path.join(dataDir, 'files')
    this.store = store
    fs.mkdirSync(this.root, { recursive: true })
  }

  /**
   * The local path of a stored file, fetched from the object store when this instance has no copy yet
   * (it may have been uploaded through another instance). The file may still not exist: callers check.
   */
  async localPath(name: string): Promise<string> {
    const file = this.pathOf(name)
    await this.store.fetch(this.keyOf(file), file)
    return file
  }

  /** Shares a file this instance derived (a rendition, a certificate, an evidence package). */
  async keepDerived(localFile: string): Promise<void> {
    await this.store.put(this.keyOf(localFile), localFile)
  }

  /** Brings a derived file another instance made, if there is one; false when none was made yet. */
  fetchDerived(localFile: string): Promise<boolean> {
    return this.store.fetch(this.keyOf(localFile), localFile)
  }

  /** Removes a derived file from the store and from this instance (another's copy goes with its sweep). */
  removeDerived(localFile: string): Promise<void> {
    return this.store.remove(this.keyOf(localFile), localFile)
  }

  /** Which store the instances share: STORAGE=local (DATA_DIR itself) or s3. */
  get storeKind(): ObjectStore['kind'] {
    return this.store.kind
  }

  /** Resolves when the shared store answers before `signal` aborts (readiness, services/health.ts). */
  probeStore(signal: AbortSignal): Promise<void> {
    return this.store.probe(signal)
  }

  /** DATA_DIR, under which derived files are kept (their store keys are their paths there). */
  get dataRoot(): string {
    return this.dataDir
  }

  /** The object store's key of a file under DATA_DIR: its path there, with forward slashes. */
  private keyOf(localFile: string): string {
    return path.relative(this.dataDir, localFile).split(path.sep).join('/')
  }

  /**
   * Opens the temporary file an upload streams into. The one seam of this class: the disk-full tests
   * replace it with a stream to /dev/full, whose every write fails with a real ENOSPC from the kernel
   * (a full filesystem cannot be mounted portably in CI). 'wx': the random name is never an existing file.
   */
  openTemp: (file: string) => fs.WriteStream = (file) => fs.createWriteStream(file, { flags: 'wx' })

  pathOf(name: string): string {
    return path.join(this.root, name.slice(0, 2), name)
  }

  /** Streams to a temporary file while hashing, checks the type, then moves it into place. */
  async save(stream: Readable, ext: string): Promise<StoredFile> {
    const type = uploadType(ext)
    if (!type) throw new Error(`unsupported type ${ext}`)
    // busboy destroys the file stream of a truncated body before the handler sees it; piping a
    // destroyed stream would wait forever.
    if (stream.destroyed) throw new UploadError(INCOMPLETE)
    const temp = path.join(this.root, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`)
    const hash = createHash('sha256')
    let size = 0
    let head = Buffer.alloc(0)
    stream.on('data', (chunk: Buffer) => {
      hash.update(chunk)
      size += chunk.length
      if (head.length < 16) head = Buffer.concat([head, chunk]).subarray(0, 16)
    })
    try {
      await pipeline(stream, this.openTemp(temp)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw new UploadError(TOO_LARGE)
        // Disk errors (they carry a syscall) go to the error handler (a full disk answers 507); anything
        // else is the client's stream breaking off.
        throw error.syscall ? error : new UploadError(INCOMPLETE)
      })
      if ((stream as Readable & { truncated?: boolean }).truncated) throw new UploadError(TOO_LARGE)
      if (size === 0) throw new UploadError('文件内容为空')
      if (type.magic.length && !type.magic.some((m) => m.every((byte, i) => head[i] === byte))) {
        throw new UploadError('文件内容与扩展名不符')
      }
      const sha256 = hash.digest('hex')
      const name = `${sha256}.${ext}`
      const target = this.pathOf(name)
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.renameSync(temp, target)
      // In the shared store before the upload is answered: the next request may reach another instance.
      await this.store.put(this.keyOf(target), target)
      return { name, sha256, size, mime: type.mime }
    } finally {
      fs.rmSync(temp, { force: true })
    }
  }
}

export class UploadError extends Error {}

const HOUR_MS = 3600_000

/**
 * How long a temporary upload file must have gone unwritten before it is taken for the leftover of an
 * interrupted upload: an hour, or twice REQUEST_TIMEOUT_MS if that is longer. An upload in progress
 * writes its file with every chunk, and one that sends nothing for REQUEST_TIMEOUT_MS is cut off (and
 * removes its own file), so nothing this old belongs to a live upload — on this instance or on another
 * one sharing DATA_DIR.
 */
export const staleTempAfterMs = (requestTimeoutMs: number) => Math.max(HOUR_MS, 2 * requestTimeoutMs)

/**
 * Removes `files/.upload-*` last written more than `staleAfterMs` ago: what a process killed during an
 * upload leaves (save() removes its own file on every other way out). Age decides, not ownership, so
 * several instances on one DATA_DIR may all sweep. Answers how many it removed.
 */
export async function sweepTempFiles(
  storage: FileStorage,
  staleAfterMs: number,
  now = Date.now(),
): Promise<number> {
  let removed = 0
  for (const entry of await fs.promises.readdir(storage.root, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.startsWith(TEMP_PREFIX)) continue
    const file = path.join(storage.root, entry.name)
    const stat = await fs.promises.stat(file).catch(() => undefined)
    if (!stat || now - stat.mtimeMs <= staleAfterMs) continue
    // force: another instance's sweep may have removed it a moment ago.
    await fs.promises.rm(file, { force: true })
    removed++
  }
  return removed
}
