import type { WorkerPool } from '../../workers/pool.ts'
import { KeptPdfs, type PdfClaim } from '../pdf/kept-pdfs.ts'
import type { RateLimits } from '../rate-limits.ts'
import type { FileStorage } from '../storage.ts'
import type { CertificateRow } from './certificate-records.ts'
import { pdfInputOf } from './certificates.ts'

/** The page a certificate's QR code opens (README "Competition certificates": verification). */
export const certificateVerifyUrl = (origin: string, basePath: string, number: string) =>
  `${origin}${basePath}cert/verify?number=${number}`

/**
 * Competition certificate PDFs kept in the object store (README "Competition certificates") as
 * DATA_DIR/certificates/<number>-<content hash>.pdf, so any instance serves the file the certificates
 * job (certificate-jobs.ts) or a first download made. A re-issued certificate has a new number, so the
 * old number's file can never be served as the current one.
 */
export class CertificateFiles {
  private readonly pdfs: KeptPdfs<'competitionCertificatePdf'>

  constructor(deps: { storage: FileStorage; workers: WorkerPool; rateLimits: RateLimits }) {
    this.pdfs = new KeptPdfs(
      // Raise `layout` when certificate-pdf.ts draws differently.
      {
        folder: 'certificates',
        task: 'competitionCertificatePdf',
        layout: 1,
        nameOf: (input) => input.number,
      },
      deps,
    )
  }

  /** The kept PDF (fetched from the store when this instance has no copy), or undefined. */
  kept(row: CertificateRow, verifyUrl: string): Promise<Buffer | undefined> {
    return this.pdfs.kept(pdfInputOf(row, verifyUrl))
  }

  /** Draws the PDF and keeps it for every instance. */
  make(row: CertificateRow, verifyUrl: string): Promise<Buffer> {
    return this.pdfs.make(pdfInputOf(row, verifyUrl))
  }

  /** The entrant's download: the kept file, else made on the spot (counted against `claim`) and kept. */
  forEntrant(row: CertificateRow, verifyUrl: string, claim: PdfClaim): Promise<Buffer> {
    return this.pdfs.forVisitor(pdfInputOf(row, verifyUrl), claim)
  }
}
