import type { Kysely } from 'kysely'
import type { CertificateSettings } from '../../../definitions/competition/certificate.ts'
import { formatPhase } from '../../../definitions/competition/phases.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { CertificateVerification, CompetitionCertificate } from '../../../schemas/api/competition.ts'
import type { Db } from '../../db/connect.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { findRegistration, COMPETITION_MSG as M, type Registration } from '../competition-entries.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { isPublished } from '../results/published.ts'
import { certificatesOut, noCertificateReason } from './certificate-availability.ts'
import type { CertificatePdfInput } from './certificate-pdf.ts'
import {
  type CertificateRow,
  certificateByNumber,
  fieldsOf,
  issueCertificate,
  verifiedNameOf,
} from './certificate-records.ts'
import { competitionOf } from './lookup.ts'

/**
 * A finalised, not disqualified entry of the user's once certificates are out (certificatesOut): the
 * one rule for having a certificate (and for asking to have it posted).
 */
export async function certifiedEntry(
  db: Kysely<Database>,
  registry: CompetitionRegistry,
  userId: number,
  competitionId: unknown,
): Promise<{ c: Competition; registration: Registration }> {
  const c = competitionOf(registry, competitionId)
  if (!certificatesOut(c, await isPublished(db, c.competitionId)))
    throw new BusinessError(
      CODE.badRequest,
      Date.now() < Date.parse(c.phases.results)
        ? M.noCertificateYet(formatPhase(c.phases.results))
        : M.resultsNotPublished,
    )
  const registration = await findRegistration(db, userId, c.competitionId)
  const refusal = noCertificateReason(registration, (await verifiedNameOf(db, userId)) !== null)
  if (refusal || !registration) throw new BusinessError(CODE.badRequest, refusal ?? M.noCertificate)
  return { c, registration }
}

/** Entries a page of certifiedEntries reads at most: a large competition is never read whole. */
const ENTRY_PAGE = 500

/**
 * Every entry of the competition that has a certificate (noCertificateReason, as for certifiedEntry), or only
 * the entry `registrationId`, a page at a time in id order; none while certificates are not out.
 */
export async function* certifiedEntries(
  db: Kysely<Database>,
  c: Competition,
  registrationId?: number,
): AsyncGenerator<Registration> {
  if (!certificatesOut(c, await isPublished(db, c.competitionId))) return
  for (let afterId = 0; ; ) {
    let query = db
      .selectFrom('competition_registrations as r')
      .leftJoin('realname_auths as v', 'v.user_id', 'r.user_id')
      .selectAll('r')
      .select('v.user_id as verified')
      .where('r.competition_id', '=', c.competitionId)
      .where('r.id', '>', afterId)
    if (registrationId !== undefined) query = query.where('r.id', '=', registrationId)
    const page = await query.orderBy('r.id').limit(ENTRY_PAGE).execute()
    // An entrant not yet verified is skipped: their certificate is issued once they verify
    // (CertificateJobs.entrantVerified) or on their first request after.
    for (const { verified, ...entry } of page)
      if (noCertificateReason(entry, verified !== null) === null) yield entry
    if (page.length < ENTRY_PAGE) return
    afterId = page.at(-1)!.id
  }
}

/** GET /tbCompetitionInfo/getUserCertificate data of an issued certificate. */
export function certificateView(
  row: CertificateRow,
  verifyUrl: string,
  postage: Pick<CertificateSettings, 'postage' | 'freePostage'>,
): CompetitionCertificate {
  const f = fieldsOf(row)
  return {
    number: row.number,
    name: f.entrant,
    competitionId: row.competition_id,
    competitionTitle: f.competition,
    year: f.year,
    works: f.works,
    issuedAt: row.issued_at,
    award: f.award,
    coAuthors: f.coAuthors,
    advisers: f.advisers,
    verifyUrl,
    postageFen: postage.freePostage ? 0 : postage.postage,
    freePostage: postage.freePostage,
  }
}

/** What the PDF is drawn from. */
export const pdfInputOf = (row: CertificateRow, verifyUrl: string): CertificatePdfInput => ({
  number: row.number,
  issuedAt: row.issued_at,
  fields: fieldsOf(row),
  verifyUrl,
})

/** The user's current certificate of a competition, issued on first request once results are out. */
export async function certificateOf(
  { kysely: db }: Db,
  registry: CompetitionRegistry,
  userId: number,
  competitionId: unknown,
): Promise<CertificateRow> {
  const { c, registration } = await certifiedEntry(db, registry, userId, competitionId)
  return issueCertificate(db, c, registration)
}

/** The public check of a number: what it certifies, and whether and by what it was superseded. */
export async function verifyCertificate(
  { kysely: db }: Db,
  number: string,
): Promise<CertificateVerification | undefined> {
  const found = await certificateByNumber(db, number)
  if (!found) return undefined
  const f = fieldsOf(found.row)
  return {
    number: found.row.number,
    entrant: f.entrant,
    coAuthors: f.coAuthors,
    advisers: f.advisers,
    competitionTitle: f.competition,
    year: f.year,
    works: f.works,
    award: f.award,
    issuedAt: found.row.issued_at,
    supersededAt: found.row.superseded_at,
    currentNumber: found.current,
  }
}
