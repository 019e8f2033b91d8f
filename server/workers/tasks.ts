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

/**
 * What the worker threads do (server/workers/pool.ts runs each by name). Every task takes and returns
 * plain data — the threads share nothing with the server but files — and answers what went wrong as
 * data where the caller must tell cases apart, since an error crossing threads loses its class.
 */

export { render, warmRenderer as warm } from './render-task.ts'

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
