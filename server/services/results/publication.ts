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

/** Why 按计划公布 is refused now (whatever the time chosen), or null when it is allowed. */
async function scheduleRefusal(k: K, c: Competition, now: number): Promise<string | null> {
  const row = await publicationRow(k, c.competitionId)
  if (row?.status === 'published' && row.published_at) return RESULTS_MSG.published(row.published_at)
  return confirmedAwardsRefusal(k, c, now)
}

/** Why `publishAt` (chosen, else the definition's results time) cannot be a publication's time. */
export function scheduleTimeRefusal(
  c: Competition,
  publishAt: string | undefined,
  now: number,
): string | null {
  if (publishAt === undefined)
    return Date.parse(c.phases.results) <= now ? RESULTS_MSG.schedulePassed(c.phases.results) : null
  const at = Date.parse(publishAt)
  if (!/(Z|[+-]\d\d:\d\d)$/.test(publishAt) || Number.isNaN(at)) return RESULTS_MSG.scheduleInvalid
  if (at <= now + MIN_LEAD_MS) return RESULTS_MSG.scheduleTooSoon
  if (at > now + MAX_AHEAD_MS) return RESULTS_MSG.scheduleTooFar
  return null
}

/** A chosen time at least a minute on (a sooner one is 立即公布) and within a year. */
const MIN_LEAD_MS = 60_000
const MAX_AHEAD_MS = 366 * 86_400_000

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
    reopenReason: row?.status === 'reopened' ? (row.reopen_reason ?? '') : null,
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

/**
 * 按计划公布: a `scheduled` row at the chosen time, or the definition's results time (UTC ISO);
 * answers the time. A scheduled publication is moved by scheduling again; a reopened one (a
 * correction) keeps its snapshot, so publishing it tells only those whose result changed.
 */
export async function schedulePublication(
  k: K,
  actorId: number,
  c: Competition,
  chosen?: string,
  now = Date.now(),
): Promise<string> {
  const refusal = (await scheduleRefusal(k, c, now)) ?? scheduleTimeRefusal(c, chosen, now)
  if (refusal) throw new BusinessError(CODE.badRequest, refusal)
  const publishAt = new Date(Date.parse(chosen ?? c.phases.results)).toISOString()
  const at = new Date(now).toISOString()
  await k.transaction().execute(async (trx) => {
    const before = await publicationRow(trx, c.competitionId)
    const inserted = await trx
      .insertInto('result_publications')
      .values({ competition_id: c.competitionId, status: 'scheduled', publish_at: publishAt, updated_at: at })
      .onConflict((oc) => oc.column('competition_id').doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) {
      const done = await trx
        .updateTable('result_publications')
        .set((eb) => ({
          status: 'scheduled',
          publish_at: publishAt,
          updated_at: at,
          version: eb('version', '+', 1),
        }))
        .where('competition_id', '=', c.competitionId)
        .where('status', 'in', ['scheduled', 'reopened'])
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
      detail: {
        before: { status: before?.status ?? 'none', publishAt: before?.publish_at ?? null },
        after: { status: 'scheduled', publishAt },
      },
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
        .where('status', 'in', ['scheduled', 'reopened'])
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
        correction: row?.snapshot ? true : undefined,
      },
    })
    await notifyEntrants(trx, c, row?.snapshot ? parseSnapshot(row.snapshot) : undefined)
    return 'published'
  })
}

/**
 * Every entrant of the competition (each registration's account) is told the results are out, with
 * their highest award (the definition's order of levels), by text message or e-mail. A correction
 * (`before`: what was published then) tells only the entrants whose award or rank changed, once.
 */
async function notifyEntrants(trx: Transaction<Database>, c: Competition, before?: Snapshot): Promise<void> {
  const entrants = await trx
    .selectFrom('competition_registrations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'u.account'])
    .where('r.competition_id', '=', c.competitionId)
    .orderBy('r.id')
    .execute()
  const now = await snapshotOf(trx, c.competitionId)
  const best = bestAwards(now, c)
  const bestBefore = before ? bestAwards(before, c) : undefined
  const messages = new OutboxMessages(trx)
  const sent = new Set<string>()
  for (const e of entrants) {
    if (sent.has(e.account)) continue
    if (before && sameOutcome(before, now, e.id)) continue
    sent.add(e.account)
    const award = best.get(e.id)
    const was = bestBefore?.get(e.id)
    await messages.send(e.account, before ? correctionNotice(c, award, was) : publicationNotice(c, award))
  }
}

const publicationNotice = (c: Competition, award: string | undefined) => ({
  subject: `${c.title}：评审结果已公布`,
  body: award
    ? `【咖簿网】“${c.title}”评审结果已公布，恭喜您的作品获得${award}！请登录咖簿网，在“我的赛事”中查看结果和证书。`
    : `【咖簿网】“${c.title}”评审结果已公布。请登录咖簿网，在“我的赛事”中查看结果。`,
})

const correctionNotice = (c: Competition, award: string | undefined, was: string | undefined) => ({
  subject: `${c.title}：评审结果已更正`,
  body:
    award === was
      ? `【咖簿网】“${c.title}”评审结果已更正：您的作品名次有调整，奖项不变。请登录咖簿网，在“我的赛事”中查看结果。`
      : `【咖簿网】“${c.title}”评审结果已更正：您的作品${award ? `现获得${award}` : '现未获奖'}（原为${was ?? '未获奖'}）。请登录咖簿网，在“我的赛事”中查看结果和证书。`,
})

/** What was published for each work: its registration, award and rank (result_awards, migration 0031). */
export type Snapshot = Array<{
  workId: number
  registrationId: number
  award: string | null
  title: string | null
  rank: number | null
}>

export async function snapshotOf(k: K | Transaction<Database>, competitionId: number): Promise<Snapshot> {
  const rows = await k
    .selectFrom('result_awards')
    .select(['work_id', 'registration_id', 'award_id', 'award_title', 'rank'])
    .where('competition_id', '=', competitionId)
    .orderBy('work_id')
    .execute()
  return rows.map((r) => ({
    workId: r.work_id,
    registrationId: r.registration_id,
    award: r.award_id,
    title: r.award_title,
    rank: r.rank,
  }))
}

const parseSnapshot = (text: string): Snapshot => {
  try {
    const v = JSON.parse(text)
    return Array.isArray(v) ? (v as Snapshot) : []
  } catch {
    return []
  }
}

/** Each registration's highest award title (levels in the definition's order). */
function bestAwards(snapshot: Snapshot, c: Competition): Map<number, string> {
  const order = (c.awards?.levels ?? []).map((l) => l.id)
  const best = new Map<number, { rank: number; title: string }>()
  for (const a of snapshot) {
    if (!a.award || !a.title) continue
    const rank = order.indexOf(a.award)
    const held = best.get(a.registrationId)
    if (rank >= 0 && (!held || rank < held.rank)) best.set(a.registrationId, { rank, title: a.title })
  }
  return new Map([...best].map(([id, b]) => [id, b.title]))
}

/** Whether a registration's works have the same award and rank in both snapshots. */
function sameOutcome(before: Snapshot, now: Snapshot, registrationId: number): boolean {
  const key = (s: Snapshot) =>
    JSON.stringify(
      s
        .filter((x) => x.registrationId === registrationId)
        .map((x) => [x.workId, x.award, x.rank])
        .sort(),
    )
  return key(before) === key(now)
}

/** Every scheduled publication, due or not (the scheduler arms a timer for each). */
export async function scheduledRows(k: K) {
  return k
    .selectFrom('result_publications')
    .select(['competition_id', 'publish_at'])
    .where('status', '=', 'scheduled')
    .execute()
}
