import type { Competition } from '../../../definitions/competition/types.ts'
import { COMPETITION_MSG as M, type Registration } from '../competition-entries.ts'

/**
 * When a competition's certificates exist — the one rule for 我的赛事, the certificate and its posting.
 * A competition that gives awards issues them once its results are published, whenever that is: a
 * number issued earlier would certify participation for an entry that then wins. One without awards
 * issues them from its results time. A disqualified entry has none (checked with the entry).
 */
export const certificatesOut = (c: Competition, published: boolean, now = Date.now()): boolean =>
  c.awards?.levels.length ? published : now >= Date.parse(c.phases.results)

/**
 * Why an entry has no certificate once certificates are out, or null when it has one: it must be
 * finalised (确认提交), not disqualified, and its entrant must have verified their real name — a
 * certificate names the verified person (issue 32 item 7), so it waits until they verify. The one
 * rule for having a certificate: asked by the entrant (certifiedEntry), by 我的赛事 (which shows the
 * verification reason) and by the job that issues them all at publication (certifiedEntries).
 */
export function noCertificateReason(
  registration: Pick<Registration, 'finalised_at' | 'moderation'> | undefined,
  verified: boolean,
): string | null {
  if (!registration?.finalised_at) return M.noCertificate
  if (registration.moderation === 'disqualified') return M.disqualifiedNoCertificate
  if (!verified) return M.verifyForCertificate
  return null
}
