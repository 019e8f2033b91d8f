import type { Kysely } from 'kysely'
import type { Competition } from '../../../definitions/competition/types.ts'
import { MESSAGE_AUDIENCE_LABELS, type MessageAudience } from '../../../schemas/api/entrant-messages.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { eligibleWorkIds } from '../judging/eligibility.ts'
import { rangeOf, roundEntries } from '../judging/entries.ts'
import { publishedResults } from '../results/published.ts'
import { choiceLabel } from './labels.ts'

type K = Kysely<Database>

/** Who a console message goes to (README "Organisers' console"). */
export interface MessageFilter {
  audience: MessageAudience
  /** The judging round, for audience `round`. */
  roundId?: string
  /** A range (参赛类别) narrowing any audience: entrants with a work of that range among those that count. */
  range?: string
}

/** One account a message goes to, and the registration it is about. */
export interface Recipient {
  userId: number
  account: string
  registrationId: number
}

export const AUDIENCE_MSG = {
  roundMissing: '请选择评审轮次',
  roundUnknown: '没有这个评审轮次',
  rangeUnknown: '没有这个参赛类别',
} as const

const rangesOf = (c: Competition) => [...c.ranges.default, ...(c.ranges.propositional ?? [])]

/**
 * The filter as the server keeps it (the round only where it counts, no empty range), checked against
 * the competition's definition; a bad one is refused with words staff understand.
 */
export function checkedFilter(c: Competition, f: MessageFilter): MessageFilter {
  const range = f.range || undefined
  if (range !== undefined && !rangesOf(c).some((r) => r.value === range))
    throw new BusinessError(CODE.badRequest, AUDIENCE_MSG.rangeUnknown)
  if (f.audience !== 'round') return { audience: f.audience, range }
  if (!f.roundId) throw new BusinessError(CODE.badRequest, AUDIENCE_MSG.roundMissing)
  if (!c.judging?.rounds.some((r) => r.id === f.roundId))
    throw new BusinessError(CODE.badRequest, AUDIENCE_MSG.roundUnknown)
  return { audience: 'round', roundId: f.roundId, range }
}

/** The filter in the console's words, e.g. “初评”中的作品 · 参赛类别：产品设计. */
export function filterLabel(c: Competition, f: MessageFilter): string {
  const round = c.judging?.rounds.find((r) => r.id === f.roundId)
  const who =
    f.audience === 'round' && round ? `评审轮次“${round.title}”中的作品` : MESSAGE_AUDIENCE_LABELS[f.audience]
  return f.range ? `${who} · 参赛类别：${choiceLabel(rangesOf(c), f.range)}` : who
}

/**
 * The accounts a checked filter reaches, one per account (the first registration of an account when it
 * has several), in registration order. A disqualified entry is no longer in the competition's running:
 * only 全部报名者 and 已缴费 (money may still concern them) reach it; 已确认提交 and a round reach exactly
 * the entries judging takes (eligibility.ts), so a returned entry hears nothing meant for confirmed ones.
 */
export async function recipientsOf(k: K, c: Competition, f: MessageFilter): Promise<Recipient[]> {
  const registrations = await k
    .selectFrom('competition_registrations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.user_id', 'u.account', 'r.paid_order_id', 'r.moderation'])
    .where('r.competition_id', '=', c.competitionId)
    .orderBy('r.id')
    .execute()
  const works = await k
    .selectFrom('competition_works')
    .select(['id', 'registration_id', 'base'])
    .where('competition_id', '=', c.competitionId)
    .where('deleted_at', 'is', null)
    .execute()
  const inRange = (range: string) => f.range === undefined || range === f.range
  // The registrations whose works count for the filter (with the range applied to those works).
  let chosen: Set<number>
  if (f.audience === 'round') {
    const index = c.judging?.rounds.findIndex((r) => r.id === f.roundId) ?? -1
    const entries = await roundEntries(k, c, index)
    const entered = new Set(entries.filter((e) => inRange(e.range)).map((e) => e.workId))
    chosen = new Set(works.filter((w) => entered.has(w.id)).map((w) => w.registration_id))
  } else if (f.audience === 'awarded') {
    const published = await publishedResults(k, c.competitionId)
    chosen = new Set(
      (published?.entries ?? []).filter((e) => e.award && inRange(e.range)).map((e) => e.registrationId),
    )
  } else if (f.audience === 'submitted') {
    // 已确认提交 are the entries judging takes: the one eligibility rule, not a copy of it.
    const eligible = new Set((await eligibleWorkIds(k, c.competitionId).execute()).map((w) => w.id))
    chosen = new Set(
      works.filter((w) => eligible.has(w.id) && inRange(rangeOf(w.base))).map((w) => w.registration_id),
    )
  } else {
    chosen = new Set(works.filter((w) => inRange(rangeOf(w.base))).map((w) => w.registration_id))
    // Without a range an entrant counts before adding a work.
    if (f.range === undefined) for (const r of registrations) chosen.add(r.id)
  }
  const keeps = (r: (typeof registrations)[number]) => {
    if (!chosen.has(r.id)) return false
    if (f.audience === 'all') return true
    if (f.audience === 'paid') return r.paid_order_id !== null
    return r.moderation !== 'disqualified'
  }
  const seen = new Set<number>()
  const recipients: Recipient[] = []
  for (const r of registrations) {
    if (!keeps(r) || seen.has(r.user_id)) continue
    seen.add(r.user_id)
    recipients.push({ userId: r.user_id, account: r.account, registrationId: r.id })
  }
  return recipients
}

/** The filters the console offers for a competition: its rounds and ranges, labelled from the definition. */
export function filterChoices(c: Competition) {
  return {
    rounds: (c.judging?.rounds ?? []).map((r) => ({ value: r.id, label: r.title })),
    ranges: rangesOf(c).map((r) => ({ value: r.value, label: r.label })),
  }
}
