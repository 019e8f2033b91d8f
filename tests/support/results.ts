import type { FastifyInstance } from 'fastify'
import { nowIso } from '../../server/lib/time.ts'

/**
 * Published results written straight into their tables (migration 0023: result_awards and
 * result_publications), for tests of what entrants and the public read (issue 24 item 7). The
 * organisers' confirm-and-publish flow writes the same rows through its API; the end-to-end journey
 * uses that, these tests only need the rows in place.
 */
export interface ResultRow {
  workId: number
  registrationId: number
  range: string
  result: string | null
  rank: number | null
  award: { id: string; title: string } | null
}

/** The confirmed awards of a competition (replacing any), not yet public. */
export async function writeResultAwards(app: FastifyInstance, competitionId: number, rows: ResultRow[]) {
  const k = app.db.kysely
  await k.deleteFrom('result_awards').where('competition_id', '=', competitionId).execute()
  const decidedBy = (await k.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow()).id
  if (rows.length)
    await k
      .insertInto('result_awards')
      .values(
        rows.map((r) => ({
          competition_id: competitionId,
          work_id: r.workId,
          registration_id: r.registrationId,
          range: r.range,
          result: r.result,
          rank: r.rank,
          award_id: r.award?.id ?? null,
          award_title: r.award?.title ?? null,
          decided_by: decidedBy,
          decided_at: nowIso(),
        })),
      )
      .execute()
}

/** The publication row: `scheduled` (still private) or `published` now. */
export async function setPublication(
  app: FastifyInstance,
  competitionId: number,
  status: 'scheduled' | 'published',
  at = nowIso(),
) {
  const row = {
    status,
    publish_at: status === 'scheduled' ? at : null,
    published_at: status === 'published' ? at : null,
    published_by: null,
    updated_at: nowIso(),
  }
  await app.db.kysely
    .insertInto('result_publications')
    .values({ competition_id: competitionId, ...row })
    .onConflict((oc) => oc.column('competition_id').doUpdateSet(row))
    .execute()
}

/** A judge's submitted sheet on a work, with the assignment it belongs to. */
export async function writeSubmittedSheet(
  app: FastifyInstance,
  sheet: {
    competitionId: number
    roundId: string
    workId: number
    judgeId: number
    comment: string
    scores?: Record<string, number>
    pass?: boolean
    assigned?: boolean
  },
) {
  const k = app.db.kysely
  const now = nowIso()
  if (sheet.assigned !== false)
    await k
      .insertInto('judging_assignments')
      .values({
        competition_id: sheet.competitionId,
        round_id: sheet.roundId,
        work_id: sheet.workId,
        judge_id: sheet.judgeId,
        assigned_at: now,
      })
      .execute()
  await k
    .insertInto('judging_sheets')
    .values({
      competition_id: sheet.competitionId,
      round_id: sheet.roundId,
      work_id: sheet.workId,
      judge_id: sheet.judgeId,
      scores: JSON.stringify(sheet.scores ?? {}),
      pass: sheet.pass === undefined ? null : sheet.pass ? 1 : 0,
      comment: sheet.comment,
      submitted: 1,
      created_at: now,
      updated_at: now,
      submitted_at: now,
    })
    .execute()
}
