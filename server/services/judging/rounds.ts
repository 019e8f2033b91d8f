import type { JudgingRound } from '../../../definitions/competition/judging.ts'
import { roundSettings } from '../../../definitions/competition/judging.ts'
import { formatPhase } from '../../../definitions/competition/phases.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import type { CompetitionRegistry } from '../competitions.ts'

/** What the judging endpoints answer when they refuse (README "Judging"). */
export const JUDGING_MSG = {
  unknownCompetition: '没有这个赛事',
  noJudging: '本赛事没有评审安排（赛事定义中没有 judging）',
  unknownRound: (id: string) => `没有这个评审轮次：${id}`,
  notOpen: (r: JudgingRound) => `“${r.title}”尚未开始（评审时间：${windowOf(r)}），现在不能修改`,
  closed: (r: JudgingRound) => `“${r.title}”已结束（评审时间：${windowOf(r)}），现在不能修改`,
  assignClosed: (r: JudgingRound) => `“${r.title}”已结束（评审时间：${windowOf(r)}），不能再分配作品`,
  notAssigned: '这件作品没有分配给您评审',
  incomplete: '评分未填完整，不能提交',
  submittedNeedsAll: '评分已提交：修改后请提交完整的评分',
  reasonNeeded: '请写明回避原因',
  alreadyConflict: '您已声明回避这件作品',
  withdrawn: '这件作品已退出评审（已退回修改或被取消参赛资格），不能再查看或评分',
  published: '评审结果已公布，评分已锁定，不能再修改',
  publishedAssign: '评审结果已公布，不能再分配作品',
} as const

export const windowOf = (r: JudgingRound) => `${formatPhase(r.opens)} 至 ${formatPhase(r.closes)}`

export type RoundState = 'upcoming' | 'open' | 'closed'

/**
 * Where a round stands at `now`; `published` (the competition's results are out) closes every round
 * whatever its dates say — a published result is a snapshot no sheet may change.
 */
export function roundState(r: JudgingRound, now: number, published = false): RoundState {
  if (published) return 'closed'
  if (now < Date.parse(r.opens)) return 'upcoming'
  if (now >= Date.parse(r.closes)) return 'closed'
  return 'open'
}

/** Undefined while the round takes changes at `now`, else the refusal naming its dates. */
export function roundRefusal(r: JudgingRound, now: number): string | undefined {
  const state = roundState(r, now)
  return state === 'upcoming'
    ? JUDGING_MSG.notOpen(r)
    : state === 'closed'
      ? JUDGING_MSG.closed(r)
      : undefined
}

export function requireOpen(r: JudgingRound, now = Date.now()): void {
  const refusal = roundRefusal(r, now)
  if (refusal) throw new BusinessError(CODE.badRequest, refusal)
}

/**
 * Whether judges of a competition's round judge it blind (roundSettings: blind unless the definition
 * says otherwise); a round the definitions no longer have counts as blind, so it opens nothing.
 */
export const blindRound =
  (registry: CompetitionRegistry) =>
  (competitionId: number, roundId: string): boolean => {
    const round = registry.byId(competitionId)?.judging?.rounds.find((r) => r.id === roundId)
    return !round || roundSettings(round).blind
  }

/** The competition and round a request names; unknown ones are 404 business errors. */
export function findRound(
  registry: CompetitionRegistry,
  competitionId: number,
  roundId: string,
): { c: Competition; round: ReturnType<typeof roundSettings>; index: number } {
  const c = registry.byId(competitionId)
  if (!c) throw new BusinessError(CODE.notFound, JUDGING_MSG.unknownCompetition)
  if (!c.judging) throw new BusinessError(CODE.notFound, JUDGING_MSG.noJudging)
  const index = c.judging.rounds.findIndex((r) => r.id === roundId)
  if (index < 0) throw new BusinessError(CODE.notFound, JUDGING_MSG.unknownRound(roundId))
  return { c, round: roundSettings(c.judging.rounds[index]!), index }
}
