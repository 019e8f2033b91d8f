import type { STAGES } from '../../schemas/api/competition.ts'
import { formatBeijing } from '../../schemas/beijing-time.ts'

/**
 * A competition's phases (SPEC §2 Competitions), written by staff as ISO times with the +08:00 offset
 * (Asia/Shanghai has no daylight saving, so the offset is the zone). The server enforces them; the
 * pages show them. Pure functions of the definition and a clock, so tests pass any `now`.
 */
export interface Phases {
  /** 报名开始 */
  registrationOpens: string
  /** 报名截止 */
  registrationCloses: string
  /** 作品提交截止 */
  submissionDeadline: string
  /** 结果公布 */
  results: string
}

export const PHASE_KEYS = [
  'registrationOpens',
  'registrationCloses',
  'submissionDeadline',
  'results',
] as const
export const PHASE_LABELS: Record<keyof Phases, string> = {
  registrationOpens: '报名开始',
  registrationCloses: '报名截止',
  submissionDeadline: '作品提交截止',
  results: '结果公布',
}

/** An ISO time that names Beijing time explicitly; the checker refuses anything else. */
export const BEIJING_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?\+08:00$/

/** Where a competition stands at `now`. */
export type Stage = (typeof STAGES)[number]

export const STAGE_LABELS: Record<Stage, string> = {
  upcoming: '即将开始',
  registering: '报名中',
  submitting: '作品提交中',
  judging: '评审中',
  finished: '已结束',
}

const at = (iso: string) => Date.parse(iso)

/** 2026年9月1日 09:00, in Beijing time whatever the machine's zone. */
export const formatPhase = (iso: string) => formatBeijing(at(iso))

export function stageAt(phases: Phases, now: number): Stage {
  if (now < at(phases.registrationOpens)) return 'upcoming'
  if (now < at(phases.registrationCloses)) return 'registering'
  if (now < at(phases.submissionDeadline)) return 'submitting'
  if (now < at(phases.results)) return 'judging'
  return 'finished'
}

/** What the stage bar says once the results are published, whichever date comes first. */
export const RESULTS_PUBLISHED_LABEL = '结果已公布'

/**
 * The stage the pages show: 'finished' (结果已公布) once the competition's results are published —
 * an early publication ends the competition before its dates say so — else where the dates put `now`.
 */
export function shownStage(phases: Phases, now: number, resultsPublished: boolean) {
  const stage: Stage = resultsPublished ? 'finished' : stageAt(phases, now)
  return { stage, stageLabel: resultsPublished ? RESULTS_PUBLISHED_LABEL : STAGE_LABELS[stage] }
}

/** What an entrant may do now, each with the Chinese refusal naming the phase and its dates. */
export type PhaseAction = 'register' | 'submit'

/**
 * Undefined when `action` is allowed at `now`, else the message the server answers (and the page
 * shows): registering runs from registrationOpens to registrationCloses; adding, completing, paying
 * and finalising works run from registrationOpens to submissionDeadline.
 */
export function phaseRefusal(phases: Phases, action: PhaseAction, now: number): string | undefined {
  const opens = formatPhase(phases.registrationOpens)
  if (action === 'register') {
    const window = `报名时间：${opens} 至 ${formatPhase(phases.registrationCloses)}`
    if (now < at(phases.registrationOpens)) return `报名尚未开始（${window}）`
    if (now >= at(phases.registrationCloses)) return `报名已截止（${window}）`
    return undefined
  }
  const window = `作品提交时间：${opens} 至 ${formatPhase(phases.submissionDeadline)}`
  if (now < at(phases.registrationOpens)) return `作品提交尚未开始（${window}）`
  if (now >= at(phases.submissionDeadline)) return `作品提交已截止（${window}）`
  return undefined
}
