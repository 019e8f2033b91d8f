import { workerData } from 'node:worker_threads'
import type { QuestionnaireSummary } from '../../schemas/api/articles.ts'
import type { CertificationInfo } from '../../schemas/api/certificates.ts'
import type { ResumeForm } from '../../schemas/forms/resume.ts'
import { questionnairePdf as drawQuestionnaire } from '../services/articles/questionnaire-pdf.ts'
import { certificatePdf as drawCertificate } from '../services/certificate/render.ts'
import {
  type CertificatePdfInput,
  competitionCertificatePdf as drawCompetitionCertificate,
} from '../services/competition/certificate-pdf.ts'
import { type BlindCopyOutcome, makeBlindCopy } from '../services/judging/blind-copy.ts'
import { receiptPdf as drawReceipt, type ReceiptPdfInput } from '../services/receipt-pdf.ts'
import { resumePdf as drawResume } from '../services/resume-pdf.ts'
import {
  type DepositCertificate,
  depositCertificatePdf as drawDeposit,
} from '../services/works/certificate-pdf.ts'
import { type EvidenceInput, packEvidence } from '../services/works/evidence-zip.ts'
import { makeRendition, type RenditionOutcome } from '../services/works/rendition-image.ts'
import { warmRenderer } from './render-task.ts'

/**
 * What the worker threads do (server/workers/pool.ts runs each by name). Every task takes and returns
 * plain data — the threads share nothing with the server but files — and answers what went wrong as
 * data where the caller must tell cases apart, since an error crossing threads loses its class.
 */

export { render } from './render-task.ts'

/** What every thread is started with (server/workers/pool.ts). */
export interface ThreadData {
  /** The built SPA whose page renderer the thread loads before it takes a task. */
  renderer?: string
}

/**
 * Piscina waits for this before it counts a started thread ready (its `name` option names it; no
 * task runs it). A thread started to replace one a render was given up on — under load, when loading
 * the renderer takes longest — is thus given a page only once it can render one, and the load is on
 * no page's time. A renderer that fails to load fails the page renders, not the thread: PDFs and
 * pictures go on.
 */
export const threadReady: Promise<() => void> = (async () => {
  const staticDir = (workerData as ThreadData | undefined)?.renderer
  if (staticDir) await warmRenderer(staticDir).catch(() => {})
  return () => {}
})()

/**
 * The one check of every definition file (definitions/check-all.ts), for a reload: off the event loop,
 * since it reads and checks every file. Loaded on first use, so threads that only render never load it.
 */
export const checkDefinitions = async ({ root, production }: { root: string; production: boolean }) => {
  const { checkAllDefinitions } = await import('../../definitions/check-all.ts')
  const { filesDigest } = await import('../../definitions/core/files-digest.ts')
  // Taken with the check: which files this instance read (services/live-definitions.ts compares them).
  const digest = filesDigest(root)
  return { ...checkAllDefinitions(root, { production }), digest }
}

export const certificatePdf = ({ cert, verifyUrl }: { cert: CertificationInfo; verifyUrl: string }) =>
  drawCertificate(cert, verifyUrl)

/** A competition certificate (README "Competition certificates"). */
export const competitionCertificatePdf = (input: CertificatePdfInput) => drawCompetitionCertificate(input)

export const depositCertificatePdf = (certificate: DepositCertificate) => drawDeposit(certificate)

export const receiptPdf = (receipt: ReceiptPdfInput) => drawReceipt(receipt)

export const resumePdf = ({ resume, cityNames }: { resume: ResumeForm; cityNames: string[] }) =>
  drawResume(resume, cityNames)

export const questionnairePdf = ({
  summary,
  printedAt,
}: {
  summary: QuestionnaireSummary
  printedAt: string
}) => drawQuestionnaire(summary, printedAt)

export const evidencePackage = (input: EvidenceInput) => packEvidence(input)

export const rendition = (input: {
  source: string
  target: string
  width: number
}): Promise<RenditionOutcome> => makeRendition(input.source, input.target, input.width)

/** A judge's copy of an upload without its metadata (README "Judging": blind rounds). */
export const blindCopy = (input: { source: string; target: string }): Promise<BlindCopyOutcome> =>
  makeBlindCopy(input.source, input.target)
