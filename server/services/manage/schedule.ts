import type { Kysely } from 'kysely'
import {
  applySchedule,
  checkSchedule,
  isScheduleField,
  type ScheduleField,
  scheduleItems,
  timeRefusal,
} from '../../../definitions/competition/schedule.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { Schedule } from '../../../schemas/api/schedule.ts'
import { beijingIso, formatBeijing } from '../../../schemas/beijing-time.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { roundState } from '../judging/rounds.ts'
import { roundProgress } from '../results/leaderboard.ts'
import { writeAudit } from '../staff/audit.ts'

type K = Kysely<Database>

/** The Chinese answers of the console's 赛程 (README "The schedule in the console"). */
export const SCHEDULE_MSG = {
  unknownField: (field: string) => `没有可修改的日期“${field}”`,
  saved: '赛程已保存，各页面即时生效',
  restored: '已恢复为文件中的时间',
  notOverridden: '这个日期没有在后台修改过，已是文件中的时间',
  unknownRound: (id: string) => `没有这一轮：${id}`,
  roundNotOpen: (title: string) => `“${title}”尚未开始，不能提前结束`,
  roundClosed: (title: string) => `“${title}”已经结束`,
  sheetsMissing: (title: string, missing: number) =>
    `“${title}”还有 ${missing} 份评分未提交，全部提交后才能提前结束本轮`,
  closedEarly: (title: string) => `“${title}”已提前结束，评委不能再修改评分`,
  /** The results time moved while a publication is scheduled at the old one (publication.ts moves it). */
  scheduledElsewhere: (publishAt: string) =>
    `注意：已安排的结果公布仍在 ${formatBeijing(Date.parse(publishAt))}，如需按新时间公布，请在“结果”中重新安排`,
} as const

/** The competition's changeable dates — in force, in the file, who changed them — and its rounds. */
export async function scheduleOf(k: K, registry: CompetitionRegistry, c: Competition): Promise<Schedule> {
  const file = registry.fileById(c.competitionId) ?? c
  const fileValues = new Map(scheduleItems(file).map((i) => [i.field, i.value]))
  const [rows, publication] = await Promise.all([
    k
      .selectFrom('competition_schedule_overrides as o')
      .leftJoin('users as u', 'u.id', 'o.set_by')
      .select(['o.field', 'o.set_at', 'u.account'])
      .where('o.competition_id', '=', c.competitionId)
      .execute(),
    scheduledPublication(k, c.competitionId),
  ])
  const set = new Map(rows.map((r) => [r.field, r]))
  const now = Date.now()
  const rounds = await Promise.all(
    (c.judging?.rounds ?? []).map(async (r) => {
      const progress = await roundProgress(k, c.competitionId, r.id)
      return {
        roundId: r.id,
        title: r.title,
        state: roundState(r, now),
        assigned: progress.assigned,
        missing: progress.assigned - progress.submitted,
      }
    }),
  )
  return {
    competitionId: c.competitionId,
    title: c.title,
    items: scheduleItems(c).map((item) => {
      const row = set.get(item.field)
      return {
        field: item.field,
        label: item.label,
        value: item.value,
        file: fileValues.get(item.field) ?? item.value,
        overridden: Boolean(row),
        setBy: row?.account ?? null,
        setAt: row?.set_at ?? null,
      }
    }),
    rounds,
    scheduledPublishAt: publication,
  }
}

async function scheduledPublication(k: K, competitionId: number) {
  const row = await k
    .selectFrom('result_publications')
    .select(['status', 'publish_at'])
    .where('competition_id', '=', competitionId)
    .executeTakeFirst()
  return row?.status === 'scheduled' ? row.publish_at : null
}

/**
 * Sets (`value`) or removes (null: back to the file's) the console's date for `field`, after checking
 * the competition with every console date in place by the checker's own rules (definitions/
 * competition/schedule.ts); one transaction with its audit entry (before/after). Concurrent changes
 * to one competition are made one after the other: each takes the competition's row first, so two
 * dates that are each fine alone cannot together break the order.
 */
export async function changeScheduleDate(
  k: K,
  actorId: number,
  registry: CompetitionRegistry,
  c: Competition,
  field: string,
  value: string | null,
  action = value === null ? 'schedule.restore' : 'schedule.set',
): Promise<string> {
  const file = registry.fileById(c.competitionId)
  if (!file || !isScheduleField(file, field))
    throw new BusinessError(CODE.badRequest, SCHEDULE_MSG.unknownField(field))
  const label = scheduleItems(file).find((i) => i.field === field)!.label
  if (value !== null) {
    const refusal = timeRefusal(value)
    if (refusal) throw new BusinessError(CODE.badRequest, `${label}：${refusal}`)
  }
  await k.transaction().execute(async (trx) => {
    // The row lock (PostgreSQL) or the write lock (SQLite) that puts concurrent changes in turn.
    await trx
      .updateTable('competitions')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', c.competitionId)
      .execute()
    const rows = await trx
      .selectFrom('competition_schedule_overrides')
      .select(['field', 'value'])
      .where('competition_id', '=', c.competitionId)
      .execute()
    const overrides = new Map(rows.map((r) => [r.field, r.value]))
    const fileValue = scheduleItems(file).find((i) => i.field === field)!.value
    const before = overrides.get(field) ?? fileValue
    if (value === null && !overrides.has(field))
      throw new BusinessError(CODE.badRequest, SCHEDULE_MSG.notOverridden)
    if (value === null) overrides.delete(field)
    else overrides.set(field, value)
    const errors: string[] = []
    checkSchedule(applySchedule(file, overrides), (_at, message) => errors.push(message))
    if (errors.length) throw new BusinessError(CODE.badRequest, [...new Set(errors)].join('；'))
    const at = new Date().toISOString()
    if (value === null)
      await trx
        .deleteFrom('competition_schedule_overrides')
        .where('competition_id', '=', c.competitionId)
        .where('field', '=', field)
        .execute()
    else
      await trx
        .insertInto('competition_schedule_overrides')
        .values({ competition_id: c.competitionId, field, value, set_by: actorId, set_at: at })
        .onConflict((oc) =>
          oc.columns(['competition_id', 'field']).doUpdateSet({ value, set_by: actorId, set_at: at }),
        )
        .execute()
    await writeAudit(trx, {
      actorId,
      action,
      targetType: 'competition',
      targetId: c.competitionId,
      competitionId: c.competitionId,
      detail: { field, label, before, after: value ?? fileValue, file: fileValue },
    })
  })
  return label
}

/** What the answer to a change says: saved, plus a word when a publication is scheduled at another time. */
export async function scheduleSavedMessage(k: K, c: Competition, field: string, restored: boolean) {
  const base = restored ? SCHEDULE_MSG.restored : SCHEDULE_MSG.saved
  if (field !== 'phases.results') return base
  const publishAt = await scheduledPublication(k, c.competitionId)
  if (!publishAt || Date.parse(publishAt) === Date.parse(c.phases.results)) return base
  return `${base}。${SCHEDULE_MSG.scheduledElsewhere(publishAt)}`
}

/**
 * Ends an open round now (its closes set to this minute's second in Beijing time), once every assigned
 * sheet is in; refused otherwise, naming how many are missing. Judges' saves are then refused as in
 * any closed round, and the round counts as done for the leaderboard and awards.
 */
export async function closeRoundEarly(
  k: K,
  actorId: number,
  registry: CompetitionRegistry,
  c: Competition,
  roundId: string,
  now = Date.now(),
): Promise<string> {
  const round = c.judging?.rounds.find((r) => r.id === roundId)
  if (!round) throw new BusinessError(CODE.notFound, SCHEDULE_MSG.unknownRound(roundId))
  const state = roundState(round, now)
  if (state === 'upcoming') throw new BusinessError(CODE.badRequest, SCHEDULE_MSG.roundNotOpen(round.title))
  if (state === 'closed') throw new BusinessError(CODE.badRequest, SCHEDULE_MSG.roundClosed(round.title))
  const progress = await roundProgress(k, c.competitionId, round.id)
  const missing = progress.assigned - progress.submitted
  if (missing > 0) throw new BusinessError(CODE.badRequest, SCHEDULE_MSG.sheetsMissing(round.title, missing))
  const field: ScheduleField = `judging.rounds.${round.id}.closes`
  await changeScheduleDate(k, actorId, registry, c, field, beijingIso(now), 'schedule.closeRound')
  return SCHEDULE_MSG.closedEarly(round.title)
}
