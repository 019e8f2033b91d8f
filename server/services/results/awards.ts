import type { Kysely } from 'kysely'
import { rankByRange, suggestAwards } from '../../../definitions/competition/scoring.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import { entryNumber } from '../../../schemas/api/judging.ts'
import type { AwardRow, Awards } from '../../../schemas/api/results.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { INELIGIBLE_LABEL, type IneligibleWork, ineligibleAmong } from '../judging/eligibility.ts'
import { roundEntries, roundResults } from '../judging/entries.ts'
import { writeAudit } from '../staff/audit.ts'
import { rangeLabelOf, roundStatus, roundsOf, workLabels } from './leaderboard.ts'
import { publicationRow } from './publication-row.ts'
import { RESULTS_MSG } from './refusals.ts'

type K = Kysely<Database>

/**
 * Award suggestions from the final round's ranking and the definition's award counts per range
 * (scoring.ts suggestAwards: a tie across a level's last place joins it whole and is flagged), beside
 * what the organiser confirmed in result_awards.
 */
export async function awardsOf(k: K, c: Competition, now = Date.now()): Promise<Awards> {
  const rounds = roundsOf(c)
  const index = rounds.length - 1
  const round = rounds[index]!
  const entries = await roundEntries(k, c, index)
  const [results, labels, status, confirmedRows, publication] = await Promise.all([
    roundResults(k, round, c.competitionId, entries),
    workLabels(
      k,
      entries.map((e) => e.workId),
    ),
    roundStatus(k, c, round, now),
    k.selectFrom('result_awards').selectAll().where('competition_id', '=', c.competitionId).execute(),
    publicationRow(k, c.competitionId),
  ])
  const levels = c.awards?.levels ?? []
  const confirmed = new Map(confirmedRows.map((r) => [r.work_id, r]))
  const rankings = rankByRange(results.map((r) => ({ item: r, result: r.result })))
  const order = [...c.ranges.default, ...(c.ranges.propositional ?? [])].map((r) => r.value)
  const ranges = [...new Set(results.map((r) => r.range))].sort(
    (a, b) => (order.indexOf(a) + 1 || 999) - (order.indexOf(b) + 1 || 999) || a.localeCompare(b),
  )
  return {
    roundId: round.id,
    roundTitle: round.title,
    roundDone: status.done,
    levels: levels.map(({ id, title, count }) => ({ id, title, count })),
    ranges: ranges.map((range) => {
      const ranking = rankings.get(range) ?? []
      const suggestion = new Map<number, { level: string; tie: boolean }>()
      for (const s of suggestAwards(ranking, levels))
        for (const e of s.entries) suggestion.set(e.item.workId, { level: s.level.id, tie: s.tieAtBoundary })
      const ranked = new Map(ranking.map((x) => [x.item.workId, x]))
      const rows = results
        .filter((r) => r.range === range)
        .map((r): AwardRow => {
          const label = labels.get(r.workId)
          const x = ranked.get(r.workId)
          return {
            workId: r.workId,
            entryNumber: entryNumber(r.workId),
            worksName: label?.worksName ?? '',
            entrant: label?.entrant ?? '',
            result: x?.result ?? null,
            rank: x?.rank ?? null,
            tied: x?.tied ?? false,
            suggested: suggestion.get(r.workId)?.level ?? null,
            tieAtBoundary: suggestion.get(r.workId)?.tie ?? false,
            confirmed: confirmed.get(r.workId)?.award_id ?? null,
          }
        })
        .sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9) || a.workId - b.workId)
      return { range, rangeLabel: rangeLabelOf(c, range), entries: rows }
    }),
    confirmed: confirmedRows.length > 0,
    decidedAt: confirmedRows.reduce<string | null>(
      (m, r) => (m && m > r.decided_at ? m : r.decided_at),
      null,
    ),
    published: publication?.status === 'published',
  }
}

/**
 * The organiser confirms the awards: one result_awards row per entry of the final round (its result
 * as a decimal string, its rank within the range, the chosen award or none). Entries the request does
 * not name keep their confirmed award, or take the suggestion when none is confirmed yet. Only once the
 * final round is done and before publication; one transaction with its audit entry.
 */
export async function confirmAwards(
  k: K,
  actorId: number,
  c: Competition,
  choices: Array<{ workId: number; awardId: string | null }>,
  now = Date.now(),
): Promise<Awards> {
  const current = await awardsOf(k, c, now)
  const published = await publicationRow(k, c.competitionId)
  if (published?.status === 'published' && published.published_at)
    throw new BusinessError(CODE.badRequest, RESULTS_MSG.published(published.published_at))
  const round = roundsOf(c).at(-1)!
  const status = await roundStatus(k, c, round, now)
  if (!status.done)
    throw new BusinessError(
      CODE.badRequest,
      RESULTS_MSG.roundNotDone(round.title, round.closes, status.missing),
    )
  const rows = current.ranges.flatMap((r) => r.entries.map((e) => ({ ...e, range: r.range })))
  const byWork = new Map(rows.map((r) => [r.workId, r]))
  const levels = new Map((c.awards?.levels ?? []).map((l) => [l.id, l]))
  const out = await ineligibleAmong(
    k,
    c.competitionId,
    choices.map((x) => x.workId),
  )
  for (const choice of choices) {
    const left = out.get(choice.workId)
    if (left) throw new BusinessError(CODE.badRequest, RESULTS_MSG.ineligibleChoice(describe(left)))
    if (!byWork.has(choice.workId)) throw new BusinessError(CODE.badRequest, RESULTS_MSG.unknownWork)
    if (choice.awardId !== null && !levels.has(choice.awardId))
      throw new BusinessError(CODE.badRequest, RESULTS_MSG.unknownAward(choice.awardId))
  }
  const chosen = new Map(choices.map((x) => [x.workId, x.awardId]))
  const labels = await workLabels(k, [...byWork.keys()])
  const at = new Date(now).toISOString()
  await k.transaction().execute(async (trx) => {
    // Read again inside: a publication that slipped in between is not overwritten.
    const publication = await publicationRow(trx, c.competitionId)
    if (publication?.status === 'published' && publication.published_at)
      throw new BusinessError(CODE.badRequest, RESULTS_MSG.published(publication.published_at))
    const before = await trx
      .selectFrom('result_awards')
      .select(['work_id', 'award_id'])
      .where('competition_id', '=', c.competitionId)
      .execute()
    const previous = new Map(before.map((r) => [r.work_id, r.award_id]))
    const after = rows.map((r) => {
      const awardId = chosen.has(r.workId)
        ? chosen.get(r.workId)!
        : previous.has(r.workId)
          ? previous.get(r.workId)!
          : r.suggested
      return { row: r, awardId }
    })
    const stale = before.map((r) => r.work_id).filter((id) => !byWork.has(id))
    if (stale.length)
      await trx
        .deleteFrom('result_awards')
        .where('competition_id', '=', c.competitionId)
        .where('work_id', 'in', stale)
        .execute()
    for (const { row, awardId } of after) {
      const level = awardId === null ? undefined : levels.get(awardId)
      const values = {
        registration_id: labels.get(row.workId)!.registrationId,
        range: row.range,
        result: row.result === null ? null : String(row.result),
        rank: row.rank,
        award_id: level?.id ?? null,
        award_title: level?.title ?? null,
        decided_by: actorId,
        decided_at: at,
      }
      await trx
        .insertInto('result_awards')
        .values({ competition_id: c.competitionId, work_id: row.workId, ...values })
        .onConflict((oc) => oc.columns(['competition_id', 'work_id']).doUpdateSet(values))
        .execute()
    }
    await writeAudit(trx, {
      actorId,
      action: 'results.awards',
      targetType: 'competition',
      targetId: c.competitionId,
      competitionId: c.competitionId,
      detail: {
        changes: after
          .filter(
            ({ row, awardId }) => (previous.get(row.workId) ?? null) !== awardId || !previous.has(row.workId),
          )
          .map(({ row, awardId }) => ({
            workId: row.workId,
            before: previous.has(row.workId) ? previous.get(row.workId) : 'unconfirmed',
            after: awardId,
            suggested: row.suggested,
          })),
      },
    })
  })
  return awardsOf(k, c, now)
}

/** 作品 00012《名称》已被取消资格: an entry out of judging as the organiser reads it. */
export const describe = (w: IneligibleWork) =>
  `${w.entryNumber}${w.worksName ? `《${w.worksName}》` : ''}${INELIGIBLE_LABEL[w.state]}`

/**
 * Why the confirmed awards cannot be published as they stand, or null (README "Moderation reaches
 * judging and awards"): none confirmed; an award that points at an entry out of judging (named); or
 * the final round changed since they were confirmed — an entry left or came back, a result or rank
 * moved — so what would be published is not what the organiser confirmed.
 */
export async function confirmedAwardsRefusal(k: K, c: Competition, now = Date.now()): Promise<string | null> {
  const rows = await k
    .selectFrom('result_awards')
    .select(['work_id', 'award_id', 'result', 'rank'])
    .where('competition_id', '=', c.competitionId)
    .orderBy('work_id')
    .execute()
  if (!rows.length) return RESULTS_MSG.noAwards
  const out = await ineligibleAmong(
    k,
    c.competitionId,
    rows.map((r) => r.work_id),
  )
  const awarded = rows.filter((r) => r.award_id !== null && out.has(r.work_id))
  if (awarded.length)
    return RESULTS_MSG.ineligibleAwarded(awarded.map((r) => describe(out.get(r.work_id)!)).join('；'))
  const current = (await awardsOf(k, c, now)).ranges.flatMap((r) => r.entries)
  const confirmed = new Map(rows.map((r) => [r.work_id, r]))
  const inRound = new Set(current.map((e) => e.workId))
  const changed = new Set<number>(rows.filter((r) => !inRound.has(r.work_id)).map((r) => r.work_id))
  for (const e of current) {
    const row = confirmed.get(e.workId)
    const result = e.result === null ? null : String(e.result)
    if (!row || row.result !== result || row.rank !== e.rank) changed.add(e.workId)
  }
  if (!changed.size) return null
  const names = [...changed]
    .sort((a, b) => a - b)
    .map((id) => (out.has(id) ? describe(out.get(id)!) : entryNumber(id)))
  return RESULTS_MSG.awardsStale(names.join('、'))
}
