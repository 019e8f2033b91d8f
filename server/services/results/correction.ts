import type { Kysely } from 'kysely'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { writeAudit } from '../staff/audit.ts'
import { snapshotOf } from './publication.ts'
import { publicationRow } from './publication-row.ts'
import { RESULTS_MSG } from './refusals.ts'

type K = Kysely<Database>

/**
 * Correcting published results on the record (README "Correcting published results"): an organiser
 * reopens them with a reason. The publication goes to `reopened` — not public meanwhile, so nothing
 * wrong stays in public while it is put right — keeping what was published (the snapshot), and every
 * rule that a publication locks (moderation, sheets, awards) takes changes again. Publishing again
 * (now or scheduled) runs the same checks as the first time, tells only the entrants whose result
 * changed, and the certificates job re-issues every certificate whose award changed. One conditional
 * UPDATE decides: of a burst exactly one reopens and writes the audit entry.
 */
export async function reopenResults(
  k: K,
  actorId: number,
  c: Competition,
  reason: string,
  now = Date.now(),
): Promise<boolean> {
  const text = reason.trim()
  if (text.length < 2 || text.length > 200) throw new BusinessError(CODE.badRequest, RESULTS_MSG.reopenReason)
  const at = new Date(now).toISOString()
  return k.transaction().execute(async (trx) => {
    const row = await publicationRow(trx, c.competitionId)
    if (row?.status === 'reopened') return false
    if (row?.status !== 'published') throw new BusinessError(CODE.badRequest, RESULTS_MSG.notPublished)
    const snapshot = await snapshotOf(trx, c.competitionId)
    const done = await trx
      .updateTable('result_publications')
      .set({
        status: 'reopened',
        publish_at: null,
        reopen_reason: text,
        snapshot: JSON.stringify(snapshot),
        updated_at: at,
        version: row.version + 1,
      })
      .where('competition_id', '=', c.competitionId)
      .where('status', '=', 'published')
      .where('version', '=', row.version)
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) !== 1) return false
    await writeAudit(trx, {
      actorId,
      action: 'results.reopen',
      targetType: 'competition',
      targetId: c.competitionId,
      competitionId: c.competitionId,
      detail: {
        before: { status: 'published', publishedAt: row.published_at, awards: snapshot },
        after: { status: 'reopened' },
        reason: text,
      },
    })
    return true
  })
}

/**
 * Cancels a scheduled publication: the row is removed (or, for a correction, goes back to
 * `reopened` with its snapshot), so the timer or job that comes at the time finds nothing to publish.
 */
export async function cancelScheduled(
  k: K,
  actorId: number,
  c: Competition,
  now = Date.now(),
): Promise<void> {
  const at = new Date(now).toISOString()
  await k.transaction().execute(async (trx) => {
    const row = await publicationRow(trx, c.competitionId)
    if (row?.status !== 'scheduled') throw new BusinessError(CODE.badRequest, RESULTS_MSG.notScheduled)
    const done = row.snapshot
      ? await trx
          .updateTable('result_publications')
          .set({ status: 'reopened', publish_at: null, updated_at: at, version: row.version + 1 })
          .where('competition_id', '=', c.competitionId)
          .where('status', '=', 'scheduled')
          .where('version', '=', row.version)
          .executeTakeFirst()
      : await trx
          .deleteFrom('result_publications')
          .where('competition_id', '=', c.competitionId)
          .where('status', '=', 'scheduled')
          .where('version', '=', row.version)
          .executeTakeFirst()
    const changed = Number('numUpdatedRows' in done ? done.numUpdatedRows : done.numDeletedRows)
    if (changed !== 1) throw new BusinessError(CODE.badRequest, RESULTS_MSG.notScheduled)
    await writeAudit(trx, {
      actorId,
      action: 'results.unschedule',
      targetType: 'competition',
      targetId: c.competitionId,
      competitionId: c.competitionId,
      detail: {
        before: { status: 'scheduled', publishAt: row.publish_at },
        after: { status: row.snapshot ? 'reopened' : 'none' },
      },
    })
  })
}
