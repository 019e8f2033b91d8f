import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { bufferOf, type WorkerPool } from '../../workers/pool.ts'
import { MadeOnce } from '../pdf/made-once.ts'
import type { Limit, RateLimits } from '../rate-limits.ts'
import type { FileStorage } from '../storage.ts'
import type { CertificateRow } from './certificate-records.ts'
import { pdfInputOf } from './certificates.ts'

/** Raise when certificate-pdf.ts draws differently: every kept PDF is then made again on its next use. */
const LAYOUT = 1
/** Certificate PDFs an instance keeps in memory besides the store (the most recent). */
const IN_MEMORY = 200

/** The page a certificate's QR code opens (README "Competition certificates": verification). */
export const certificateVerifyUrl = (origin: string, basePath: string, number: string) =>
  `${origin}${basePath}cert/verify?number=${number}`

/**
 * Competition certificate PDFs kept in the object store (README "Competition certificates"), so any
 * instance serves the file the certificates job (certificate-jobs.ts) or a first download made
 * instead of drawing it again. A file is named by its number and a hash of everything drawn on it
 * (the record's fields, the verification address, the layout): a re-issued certificate has a new
 * number, so the old number's file can never be served as the current one, and nothing kept goes
 * stale. Drawing runs in the worker pool; concurrent makings of one file on this instance share one.
 */
export class CertificateFiles {
  private readonly storage: FileStorage
  private readonly workers: WorkerPool
  private readonly made: MadeOnce
  private readonly making = new Map<string, Promise<Buffer>>()

  constructor(deps: { storage: FileStorage; workers: WorkerPool; rateLimits: RateLimits }) {
    this.storage = deps.storage
    this.workers = deps.workers
    this.made = new MadeOnce(deps.rateLimits, IN_MEMORY)
  }

  /** DATA_DIR/certificates/<number>-<content hash>.pdf; its path there is its key in the store. */
  private fileOf(row: CertificateRow, verifyUrl: string): string {
    const hash = createHash('sha256')
      .update(JSON.stringify([LAYOUT, pdfInputOf(row, verifyUrl)]))
      .digest('hex')
    return path.join(this.storage.dataRoot, 'certificates', `${row.number}-${hash.slice(0, 16)}.pdf`)
  }

  /** The kept PDF (fetched from the store when this instance has no copy), or undefined. */
  async kept(row: CertificateRow, verifyUrl: string): Promise<Buffer | undefined> {
    const file = this.fileOf(row, verifyUrl)
    return (await this.storage.fetchDerived(file)) ? fs.promises.readFile(file) : undefined
  }

  /** Draws the PDF and keeps it for every instance. */
  make(row: CertificateRow, verifyUrl: string): Promise<Buffer> {
    const file = this.fileOf(row, verifyUrl)
    let pending = this.making.get(file)
    if (!pending) {
      pending = (async () => {
        const pdf = bufferOf(await this.workers.run('competitionCertificatePdf', pdfInputOf(row, verifyUrl)))
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
   * The entrant's download: the kept file, else made on the spot as before the job existed — once per
   * content on this instance (MadeOnce), a new one counted against `claim`'s limit — and kept too.
   */
  async forEntrant(
    row: CertificateRow,
    verifyUrl: string,
    claim: { key: string; limit: Limit; refused: () => Error },
  ): Promise<Buffer> {
    return (
      (await this.kept(row, verifyUrl)) ??
      this.made.get(this.fileOf(row, verifyUrl), claim, () => this.make(row, verifyUrl))
    )
  }
}
