import { formatPhase } from '../../../definitions/competition/phases.ts'
import { formatBeijing } from '../../../schemas/beijing-time.ts'

/** The Chinese answers of the leaderboard, awards and publication (README "Leaderboard and publishing results"). */
export const RESULTS_MSG = {
  lastRound: (title: string) => `“${title}”是最后一轮，没有下一轮可晋级`,
  noWorks: '请至少选择一件晋级作品',
  notInPrevious: (title: string) => `所选作品不在“${title}”的参评作品中`,
  nextOpened: (title: string, opens: string) =>
    `“${title}”已于 ${formatPhase(opens)} 开始，不能再调整晋级名单`,
  advanced: '晋级名单已确认',
  unknownWork: '所选作品不在终评的参评作品中',
  ineligibleChoice: (entry: string) => `${entry}，不能获奖`,
  ineligibleAwarded: (entries: string) => `${entries}，不能获奖：请在“获奖名单”中改选后重新确认，再公布结果`,
  awardsStale: (entries: string) =>
    `确认获奖名单后，参评作品或评分有变化（${entries}），请重新确认获奖名单后再公布`,
  alreadyPublished: (at: string) =>
    `结果已于 ${formatBeijing(Date.parse(at))} 公布，本次未重复公布，也未再次通知参赛者`,
  unknownAward: (id: string) => `没有这个奖项：${id}`,
  /**
   * The final round is not done: sheets are missing, or — none missing (none assigned yet, say) — it
   * is simply still open until its close, which the console's 赛程 can bring forward (issue 32).
   */
  roundNotDone: (title: string, closes: string, missing: number) =>
    missing > 0
      ? `“${title}”尚未结束（${formatPhase(closes)} 截止），还有 ${missing} 份评分未提交`
      : `“${title}”仍在进行（${formatPhase(closes)} 结束），目前没有待提交的评分；如评审已完成，可在“赛程”中提前结束本轮`,
  awardsConfirmed: '获奖名单已确认',
  published: (at: string) => `结果已于 ${formatBeijing(Date.parse(at))} 公布，不能再修改`,
  noAwards: '请先确认获奖名单，再公布结果',
  schedulePassed: (results: string) => `赛事定义的结果公布时间 ${formatPhase(results)} 已过，请选择立即公布`,
  publishedNow: '结果已公布，并已通知参赛者',
  scheduled: (at: string) => `已安排于 ${formatBeijing(Date.parse(at))} 公布结果`,
  scheduleInvalid: '请选择计划公布时间（北京时间）',
  scheduleTooSoon: '计划公布时间须晚于现在至少 1 分钟；要马上公布请选“立即公布”',
  scheduleTooFar: '计划公布时间不能晚于一年以后',
  unscheduled: '已取消按计划公布',
  notScheduled: '现在没有按计划公布的安排',
  reopenReason: '请写明撤回更正的原因（2–200 字）',
  notPublished: '结果尚未公布，无需撤回；可直接修改获奖名单',
  reopened: '已撤回公布：结果暂不公开，可修改获奖名单后重新公布（只通知结果有变化的参赛者）',
  alreadyReopened: '结果已撤回，正在更正',
} as const
