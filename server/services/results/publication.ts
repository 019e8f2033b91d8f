import type { Kysely, Transaction } from 'kysely'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { Publication } from '../../../schemas/api/results.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { lockRound } from '../judging/round-lock.ts'
import { OutboxMessages } from '../messages.ts'
import { writeAudit } from '../staff/audit.ts'
import { confirmedAwardsRefusal } from './awards.ts'
import { roundStatus, roundsOf } from './leaderboard.ts'
import { publicationRow } from './publication-row.ts'
import { RESULTS_MSG } from './refusals.ts'

type K = Kysely<Database>

/**
 * Publishing results (README "Leaderboard and publishing results"): on demand (立即公布) once the awards
 * are confirmed and the final round is done, or at the definition's results time (按计划公布), which
 * writes a `scheduled` row the scheduler (scheduler.ts) publishes when the time comes — also after a
 * restart, since it reads the rows at every start. Whoever publishes, one conditional statement decides:
 * of any number of publishers (a burst of requests, two instances' schedulers) exactly one changes the
 * row, and only it writes the audit entry and queues the entrants' messages, in the same transaction,
 * and then — once that is committed — sets going what follows a publication (`Published`).
 */

/**
 * What follows a publication once it is committed: the certificates job (competition/certificate-
 * jobs.ts). Never throws: the results are out whatever happens to it.
 */
export type Published = (c: Competition) => Promise<void>

async function awardsConfirmed(k: K, competitionId: number) {
  const row = await k
    .selectFrom('result_awards')
    .select('id')
    .where('competition_id', '=', competitionId)
    .limit(1)
    .executeTakeFirst()
  return Boolean(row)
}

/** Why 立即公布 is refused now, or null when it is allowed. */
async function publishRefusal(k: K, c: Competition, now: number): Promise<string | null> {
  const row = await publicationRow(k, c.competitionId)
  if (row?.status === 'published' && row.published_at) return RESULTS_MSG.published(row.published_at)
  const awards = await confirmedAwardsRefusal(k, c, now)
  if (awards === RESULTS_MSG.noAwards) return awards
  const round = roundsOf(c).at(-1)!
  const status = await roundStatus(k, c, round, now)
  if (!status.done) return RESULTS_MSG.roundNotDone(round.title, round.closes, status.missing)
  return awards
}

/** Why 按计划公布 is refused now, or null when it is allowed. */
async function scheduleRefusal(k: K, c: Competition, now: number): Promise<string | null> {
  const row = await publicationRow(k, c.competitionId)
  if (row?.status === 'published' && row.published_at) return RESULTS_MSG.published(row.published_at)
  const awards = await confirmedAwardsRefusal(k, c, now)
  if (awards) return awards
  if (Date.parse(c.phases.results) <= now) return RESULTS_MSG.schedulePassed(c.phases.results)
  return null
}

export async function publicationOf(k: K, c: Competition, now = Date.now()): Promise<Publication> {
  roundsOf(c)
  const [row, confirmed, publish, schedule] = await Promise.all([
    publicationRow(k, c.competitionId),
    awardsConfirmed(k, c.competitionId),
    publishRefusal(k, c, now),
    scheduleRefusal(k, c, now),
  ])
  return {
    status: row?.status ?? 'none',
    resultsAt: c.phases.results,
    publishAt: row?.publish_at ?? null,
    publishedAt: row?.published_at ?? null,
    awardsConfirmed: confirmed,
    publishRefusal: publish,
    scheduleRefusal: schedule,
  }
}

/**
 * 立即公布: refused with the reason unless allowed; true when this request published, false when the
 * results were already out (a repeated press, or a concurrent request that published a moment ago).
 */
export async function publishNow(
  k: K,
  actorId: number,
  c: Competition,
  published: Published,
  now = Date.now(),
): Promise<boolean> {
  const refusal = await publishRefusal(k, c, now)
  if (refusal) {
    const row = await publicationRow(k, c.competitionId)
    if (row?.status === 'published') return false
    throw new BusinessError(CODE.badRequest, refusal)
  }
  const outcome = await publish(k, c, actorId, published, now)
  if (typeof outcome === 'object') throw new BusinessError(CODE.badRequest, outcome.refused)
  return outcome === 'published'
}

/** 按计划公布: a `scheduled` row at the definition's results time (UTC ISO); answers the time. */
export async function schedulePublication(
  k: K,
  actorId: number,
  c: Competition,
  now = Date.now(),
): Promise<string> {
  const refusal = await scheduleRefusal(k, c, now)
  if (refusal) throw new BusinessError(CODE.badRequest, refusal)
  const publishAt = new Date(Date.parse(c.phases.results)).toISOString()
  const at = new Date(now).toISOString()
  await k.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('result_publications')
      .values({ competition_id: c.competitionId, status: 'scheduled', publish_at: publishAt, updated_at: at })
      .onConflict((oc) => oc.column('competition_id').doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
      const done = await trx
        .updateTable('result_publications')
        .set((eb) => ({ publish_at: publishAt, updated_at: at, version: eb('version', '+', 1) }))
        .where('competition_id', '=', c.competitionId)
        .where('status', '=', 'scheduled')
        .executeTakeFirst()
      if (Number(done.numUpdatedRows) !== 1) {
        const row = await publicationRow(trx, c.competitionId)
        throw new BusinessError(CODE.badRequest, RESULTS_MSG.published(row?.published_at ?? at))
      }
    }
    await writeAudit(trx, {
      actorId,
      action: 'results.schedule',
      targetType: 'competition',
      targetId: c.competitionId,
      competitionId: c.competitionId,
      detail: { after: { status: 'scheduled', publishAt } },
    })
  })
  return publishAt
}

/** What a publisher met: it published, they were already out, or the awards no longer stand (why). */
export type PublishOutcome = 'published' | 'already' | { refused: string }

/**
 * Publishes the competition's results unless they are: the row goes to `published` by one conditional
 * INSERT (no row yet) or UPDATE (the version read), so concurrent publishers — on one instance or on
 * several sharing PostgreSQL — publish once. Every path (立即公布, the schedule, a job) asks the same
 * question first, under every round's lock so no sheet is saved meanwhile: do the confirmed awards
 * still stand (awards.ts confirmedAwardsRefusal)? Only the one publisher that published calls
 * `published`, after the commit (a job sent sooner could run before the publication is visible).
 * `actorId` null: the scheduler.
 */
export async function publish(
  k: K,
  c: Competition,
  actorId: number | null,
  published: Published,
  now = Date.now(),
): Promise<PublishOutcome> {
  const outcome = await publishOnce(k, c, actorId, now)
  if (outcome === 'published') await published(c)
  return outcome
}

async function publishOnce(
  k: K,
  c: Competition,
  actorId: number | null,
  now: number,
): Promise<PublishOutcome> {
  const at = new Date(now).toISOString()
  return k.transaction().execute(async (trx): Promise<PublishOutcome> => {
    for (const round of roundsOf(c)) await lockRound(trx, c.competitionId, round.id)
    const row = await publicationRow(trx, c.competitionId)
    if (row?.status === 'published') return 'already'
    const refusal = await confirmedAwardsRefusal(trx, c, now)
    if (refusal) return { refused: refusal }
    let changed: boolean
    if (!row) {
      const inserted = await trx
        .insertInto('result_publications')
        .values({
          competition_id: c.competitionId,
          status: 'published',
          published_at: at,
          published_by: actorId,
          updated_at: at,
          version: 1,
        })
        .onConflict((oc) => oc.column('competition_id').doNothing())
        .executeTakeFirst()
      changed = Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1
    } else {
      const updated = await trx
        .updateTable('result_publications')
        .set({
          status: 'published',
          published_at: at,
          published_by: actorId,
          updated_at: at,
          version: row.version + 1,
        })
        .where('competition_id', '=', c.competitionId)
        .where('status', '=', 'scheduled')
        .where('version', '=', row.version)
        .executeTakeFirst()
      changed = Number(updated.numUpdatedRows) === 1
    }
    if (!changed) return 'already'
    await writeAudit(trx, {
      actorId,
      action: 'results.publish',
      targetType: 'competition',
      targetId: c.competitionId,
      competitionId: c.competitionId,
      detail: {
        before: { status: row?.status ?? 'none', publishAt: row?.publish_at ?? null },
        after: { status: 'published', publishedAt: at, by: actorId === null ? 'schedule' : 'organiser' },
      },
    })
    await notifyEntrants(trx, c)
    return 'published'
  })
}

/**
 * Item 10: every entrant of the competition (each registration's account) is told the results are out,
 * with their highest award (the definition's order of levels), by text message or e-mail.
 */
async function notifyEntrants(trx: Transaction<Database>, c: Competition): Promise<void> {
  const entrants = await trx
    .selectFrom('competition_registrations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'u.account'])
    .where('r.competition_id', '=', c.competitionId)
    .orderBy('r.id')
    .execute()
  const awards = await trx
    .selectFrom('result_awards')
    .select(['registration_id', 'award_id', 'award_title'])
    .where('competition_id', '=', c.competitionId)
    .where('award_id', 'is not', null)
    .execute()
  const order = (c.awards?.levels ?? []).map((l) => l.id)
  const best = new Map<number, { rank: number; title: string }>()
  for (const a of awards) {
    const rank = order.indexOf(a.award_id!)
    const held = best.get(a.registration_id)
    if (rank >= 0 && a.award_title && (!held || rank < held.rank))
      best.set(a.registration_id, { rank, title: a.award_title })
  }
  const messages = new OutboxMessages(trx)
  const sent = new Set<string>()
  for (const e of entrants) {
    if (sent.has(e.account)) continue
    sent.add(e.account)
    const award = best.get(e.id)?.title
    await messages.send(e.account, {
      subject: `${c.title}：评审结果已公布`,
      body: award
        ? `【咖簿网】“${c.title}”评审结果已公布，恭喜您的作品获得${award}！请登录咖簿网，在“我的赛事”中查看结果和证书。`
        : `【咖簿网】“${c.title}”评审结果已公布。请登录咖簿网，在“我的赛事”中查看结果。`,
    })
  }
}

/** Every scheduled publication, due or not (the scheduler arms a timer for each). */
export async function scheduledRows(k: K) {
  return k
    .selectFrom('result_publications')
    .select(['competition_id', 'publish_at'])
    .where('status', '=', 'scheduled')
    .execute()
}
