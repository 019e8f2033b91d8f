import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'

/** A site path that may name a file of public/: an image, a PDF… (no query, no fragment). */
const FILE_PATH = /^\/[^?#\s]+\.[A-Za-z0-9]{2,5}$/

/** How long after the last change under public/ the versions are taken again (a copy writes in bursts). */
const SETTLE_MS = 200

/**
 * Content-hashed addresses for the files staff put under public/ (issue 34 item 1): every such path in
 * what the definitions serve — a cover, a poster, a logo, a PDF — is sent as `/path?v=<hash>`, the first
 * 12 hex digits of the file's SHA-256. A browser may keep such an address for a year (plugins/spa.ts
 * sends it `immutable` while the hash is the file's); a file replaced under the same name gets a new
 * hash, so the page names new bytes at once — public/ is watched, and every definition served from
 * memory is stamped again (services/live-definitions.ts). A path that names no file is left alone.
 */
export class PublicVersions {
  private readonly dir: string
  private readonly hashes = new Map<string, string | null>()
  private watcher: fs.FSWatcher | undefined
  private timer: NodeJS.Timeout | undefined

  constructor(publicDir: string) {
    this.dir = publicDir
  }

  /** The hash of the file a site path names, or undefined when it names none. */
  versionOf(sitePath: string): string | undefined {
    if (!FILE_PATH.test(sitePath)) return undefined
    let known = this.hashes.get(sitePath)
    if (known === undefined) {
      known = this.hash(sitePath)
      this.hashes.set(sitePath, known)
    }
    return known ?? undefined
  }

  /**
   * The hash of a file the definitions name, as last taken; undefined for any other path. For what a
   * request asks: an address no definition names is never hashed (nor remembered) for it.
   */
  knownVersionOf(sitePath: string): string | undefined {
    return this.hashes.get(sitePath) ?? undefined
  }

  /** `value` with every string that names a file of public/ given its hash (a copy; `value` is kept). */
  stamp<T>(value: T): T {
    return this.walk(value) as T
  }

  /** Calls `onChange` (settled) after files under public/ are added, replaced or removed. */
  watch(log: FastifyBaseLogger, onChange: () => void): void {
    if (this.watcher || !fs.existsSync(this.dir)) return
    this.watcher = fs.watch(this.dir, { recursive: true }, () => {
      clearTimeout(this.timer)
      this.timer = setTimeout(() => {
        this.rehash()
          .then(onChange)
          .catch((error: unknown) => log.warn({ err: error }, 'public/ files not hashed again'))
      }, SETTLE_MS)
    })
    this.watcher.on('error', (error) => log.warn({ err: error }, 'public/ is no longer watched'))
  }

  close(): void {
    clearTimeout(this.timer)
    this.watcher?.close()
    this.watcher = undefined
  }

  /**
   * The paths in use hashed again, reading off the event loop, then swapped in at once: stamping what
   * the definitions serve afterwards finds every hash ready. A path first met later is hashed then.
   */
  private async rehash(): Promise<void> {
    const fresh = new Map<string, string | null>()
    for (const sitePath of this.hashes.keys()) fresh.set(sitePath, await this.hashAsync(sitePath))
    this.hashes.clear()
    for (const [sitePath, hash] of fresh) this.hashes.set(sitePath, hash)
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') {
      const version = this.versionOf(value)
      return version ? `${value}?v=${version}` : value
    }
    if (Array.isArray(value)) return value.map((item) => this.walk(item))
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.walk(item)]))
    return value
  }

  private hash(sitePath: string): string | null {
    const file = this.fileOf(sitePath)
    return file ? digest(fs.readFileSync(file)) : null
  }

  private async hashAsync(sitePath: string): Promise<string | null> {
    const file = this.fileOf(sitePath)
    return file ? digest(await fs.promises.readFile(file)) : null
  }

  /** The file of public/ a site path names; undefined for anything that would leave public/. */
  private fileOf(sitePath: string): string | undefined {
    let relative: string
    try {
      relative = decodeURIComponent(sitePath.slice(1))
    } catch {
      return undefined
    }
    if (relative.split('/').some((part) => part === '..' || part.startsWith('.'))) return undefined
    try {
      const root = fs.realpathSync(this.dir)
      const file = fs.realpathSync(path.resolve(root, relative))
      return file.startsWith(root + path.sep) && fs.statSync(file).isFile() ? file : undefined
    } catch {
      return undefined
    }
  }
}

const digest = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 12)
