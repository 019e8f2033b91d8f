import type { Competition } from '../../../definitions/competition/types.ts'

/**
 * When a competition's certificates exist — the one rule for 我的赛事, the certificate and its posting.
 * A competition that gives awards issues them once its results are published, whenever that is: a
 * number issued earlier would certify participation for an entry that then wins. One without awards
 * issues them from its results time. A disqualified entry has none (checked with the entry).
 */
export const certificatesOut = (c: Competition, published: boolean, now = Date.now()): boolean =>
  c.awards?.levels.length ? published : now >= Date.parse(c.phases.results)
