import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { bufferOf, type TaskInput, type WorkerPool } from '../../workers/pool.ts'
import type { Limit, RateLimits } from '../rate-limits.ts'
import type { FileStorage } from '../storage.ts'
import { MadeOnce } from './made-once.ts'

/** The worker tasks that draw a PDF (server/workers/tasks.ts). */
type PdfTask = 'competitionCertificatePdf' | 'receiptPdf' | 'certificatePdf'

export interface KeptPdfKind<K extends PdfTask> {
  /** The folder under DATA_DIR, and the key prefix in the object store. */
  folder: string
  task: K
  /** Raise when the task draws differently: every kept PDF of the kind is then made again on its next use. */
  layout: number
  /** What names the document (a certificate's or a receipt's number), the start of its file's name. */
  nameOf(input: TaskInput<K>): string
}

/** A limit a new PDF of a visitor's is claimed against; when it is used up, `refused` is thrown. */
export interface PdfClaim {
  key: string
  limit: Limit
  refused: () => Error
}

/** PDFs an instance keeps in memory besides the store (the most recent), per kind. */
const IN_MEMORY = 200

/**
 * PDFs kept in the object store (README "Files"), so any instance serves a document another made
 * instead of drawing it again. A file is named by the document and a hash of everything drawn on it
 * (the task's input and the kind's layout): a changed document gets a new file, and nothing kept goes
 * stale. Drawing runs in the worker pool; concurrent makings of one file on this instance share one.
 */
export class KeptPdfs<K extends PdfTask> {
  private readonly kind: KeptPdfKind<K>
  private readonly storage: FileStorage
  private readonly workers: WorkerPool
  private readonly made: MadeOnce
  private readonly making = new Map<string, Promise<Buffer>>()

  constructor(
    kind: KeptPdfKind<K>,
    deps: { storage: FileStorage; workers: WorkerPool; rateLimits: RateLimits },
  ) {
    this.kind = kind
    this.storage = deps.storage
    this.workers = deps.workers
    this.made = new MadeOnce(deps.rateLimits, IN_MEMORY)
  }

  /** DATA_DIR/<folder>/<name>-<content hash>.pdf; its path there is its key in the store. */
  fileOf(input: TaskInput<K>): string {
    const hash = createHash('sha256')
      .update(JSON.stringify([this.kind.layout, input]))
      .digest('hex')
    // A number is letters, digits and dashes; anything else could leave the folder.
    const name = this.kind.nameOf(input).replace(/[^\w.-]/g, '_')
    return path.join(this.storage.dataRoot, this.kind.folder, `${name}-${hash.slice(0, 16)}.pdf`)
  }

  /** The kept PDF (fetched from the store when this instance has no copy), or undefined. */
  async kept(input: TaskInput<K>): Promise<Buffer | undefined> {
    const file = this.fileOf(input)
    return (await this.storage.fetchDerived(file)) ? fs.promises.readFile(file) : undefined
  }

  /** Draws the PDF and keeps it for every instance. */
  make(input: TaskInput<K>): Promise<Buffer> {
    const file = this.fileOf(input)
    let pending = this.making.get(file)
    if (!pending) {
      pending = (async () => {
        const pdf = bufferOf(await this.workers.run(this.kind.task, input))
        await fs.promises.mkdir(path.dirname(file), { recursive: true })
        // Renamed into place whole: a reader never finds half a file.
        const temp = `${file}.${randomBytes(6).toString('hex')}.tmp`
        await fs.promises.writeFile(temp, pdf)
        await fs.promises.rename(temp, file)
        await this.storage.keepDerived(file)
        return pdf
      })().finally(() => this.making.delete(file))
      this.making.set(file, pending)
    }
    return pending
  }

  /**
   * A visitor's download: the kept file, else made on the spot — once per content on this instance
   * (MadeOnce), a new one counted against `claim`'s limit — and kept too.
   */
  async forVisitor(input: TaskInput<K>, claim: PdfClaim): Promise<Buffer> {
    return (await this.kept(input)) ?? this.made.get(this.fileOf(input), claim, () => this.make(input))
  }
}
