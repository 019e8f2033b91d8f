import type { Kysely } from 'kysely'
import type { RoundEntries } from '../../../definitions/competition/judging.ts'
import { rankByRange, topPerRange } from '../../../definitions/competition/scoring.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { Advancement } from '../../../schemas/api/results.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { confirmedAdvancements, roundEntries, roundResults, ruleEntries } from '../judging/entries.ts'
import { roundState } from '../judging/rounds.ts'
import { writeAudit } from '../staff/audit.ts'
import { roundIndex, roundsOf } from './leaderboard.ts'
import { RESULTS_MSG } from './refusals.ts'

type K = Kysely<Database>

const ruleText = (rule: RoundEntries) =>
  rule === 'allSubmitted'
    ? '全部已提交作品'
    : rule === 'passedPrevious'
      ? '上一轮资格审查通过的作品'
      : `上一轮每个类别前 ${rule.topPerRange} 名（名次线上并列的一并晋级）`

/**
 * Which entries enter round `index` (index ≥ 1): the rule's suggestion from the round before and the
 * set in force — the organiser's confirmed rows when there are any (judging/entries.ts roundEntries).
 */
export async function advancementOf(
  k: K,
  c: Competition,
  index: number,
  now = Date.now(),
): Promise<Advancement> {
  const rounds = roundsOf(c)
  const round = rounds[index]!
  const previous = rounds[index - 1]!
  const [suggested, current, confirmed] = await Promise.all([
    ruleEntries(k, c, index),
    roundEntries(k, c, index),
    k
      .selectFrom('judging_advancements')
      .select((eb) => eb.fn.max('decided_at').as('at'))
      .where('competition_id', '=', c.competitionId)
      .where('round_id', '=', round.id)
      .executeTakeFirst(),
  ])
  let tieAtBoundary = false
  if (typeof round.entries === 'object' && previous.mode === 'score') {
    const results = await roundResults(k, previous, c.competitionId, await roundEntries(k, c, index - 1))
    const n = round.entries.topPerRange
    for (const ranking of rankByRange(results.map((r) => ({ item: r, result: r.result }))).values())
      tieAtBoundary ||= topPerRange(ranking, n).tieAtBoundary
  }
  const state = roundState(round, now)
  return {
    roundId: round.id,
    title: round.title,
    rule: ruleText(round.entries),
    state,
    opens: round.opens,
    editable: state === 'upcoming',
    confirmed: Boolean(confirmed?.at),
    suggested: suggested.map((e) => e.workId),
    workIds: current.map((e) => e.workId),
    tieAtBoundary,
    decidedAt: confirmed?.at ? String(confirmed.at) : null,
  }
}

/**
 * The organiser confirms the entries of round `fromRoundId` that enter the next round: each must be an
 * entry of that round, and only while the next round has not opened. The set replaces what was
 * confirmed before, in one transaction with its audit entry (before and after).
 */
export async function confirmAdvancement(
  k: K,
  actorId: number,
  c: Competition,
  fromRoundId: string,
  workIds: number[],
  now = Date.now(),
): Promise<Advancement> {
  const index = roundIndex(c, fromRoundId) + 1
  const rounds = roundsOf(c)
  if (index >= rounds.length)
    throw new BusinessError(CODE.badRequest, RESULTS_MSG.lastRound(rounds.at(-1)!.title))
  const round = rounds[index]!
  if (roundState(round, now) !== 'upcoming')
    throw new BusinessError(CODE.badRequest, RESULTS_MSG.nextOpened(round.title, round.opens))
  const wanted = [...new Set(workIds)].sort((a, b) => a - b)
  if (!wanted.length) throw new BusinessError(CODE.badRequest, RESULTS_MSG.noWorks)
  const eligible = new Set((await roundEntries(k, c, index - 1)).map((e) => e.workId))
  if (wanted.some((id) => !eligible.has(id)))
    throw new BusinessError(CODE.badRequest, RESULTS_MSG.notInPrevious(rounds[index - 1]!.title))
  const at = new Date(now).toISOString()
  await k.transaction().execute(async (trx) => {
    const before = [...(await confirmedAdvancements(trx, c.competitionId, round.id))].sort((a, b) => a - b)
    if (before.join() === wanted.join()) return
    const keep = new Set(wanted)
    const gone = before.filter((id) => !keep.has(id))
    if (gone.length)
      await trx
        .deleteFrom('judging_advancements')
        .where('competition_id', '=', c.competitionId)
        .where('round_id', '=', round.id)
        .where('work_id', 'in', gone)
        .execute()
    const added = wanted.filter((id) => !before.includes(id))
    if (added.length)
      await trx
        .insertInto('judging_advancements')
        .values(
          added.map((work_id) => ({
            competition_id: c.competitionId,
            round_id: round.id,
            work_id,
            decided_by: actorId,
            decided_at: at,
          })),
        )
        // A concurrent confirmation of the same set: the row is there already, which is the point.
        .onConflict((oc) => oc.columns(['competition_id', 'round_id', 'work_id']).doNothing())
        .execute()
    await writeAudit(trx, {
      actorId,
      action: 'results.advance',
      targetType: 'round',
      targetId: round.id,
      competitionId: c.competitionId,
      detail: { before, after: wanted },
    })
  })
  return advancementOf(k, c, index, now)
}
