import { BEIJING_TIME, PHASE_KEYS, PHASE_LABELS, type Phases } from './phases.ts'

/**
 * The date rules of a competition's schedule — its phases and its judging rounds' opens/closes — in
 * one place: `npm run check:definitions` applies them to a file, and the organisers' console (赛程,
 * server/services/manage/schedule.ts) to the file with the console's changes applied, so a date the
 * checker would refuse in the file is refused in the console with the same words.
 */

/** The checker's words for a time not written as Beijing time with its offset (schema pattern too). */
export const TIME_FORMAT_MSG = '时间必须写成北京时间并带时区 +08:00，如 2026-09-01T09:00:00+08:00'
export const NOT_REAL_TIME_MSG = '不是有效的日期时间（如 2 月 30 日、13 月、25 点）'

type Add = (at: string, message: string) => void

/** What the schedule reads of a judging round (judging.ts JudgingRound, which imports these rules). */
interface DatedRound {
  id: string
  title: string
  opens: string
  closes: string
}

/**
 * A Beijing time that names a real moment: Date.parse rolls 2026-02-30 over to 3 月 2 日 instead of
 * refusing it, so the written date and time must read back unchanged.
 */
export function isRealTime(iso: string): boolean {
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return false
  const beijing = new Date(at + 8 * 3600_000).toISOString()
  return beijing.slice(0, 16) === iso.slice(0, 16)
}

/** Why one time is refused on its own (format, then a real moment), or undefined when it is valid. */
export function timeRefusal(value: unknown): string | undefined {
  if (typeof value !== 'string' || !BEIJING_TIME.test(value)) return TIME_FORMAT_MSG
  if (!isRealTime(value)) return NOT_REAL_TIME_MSG
  return undefined
}

/**
 * The phases in order: registration closes after it opens; submission closes and results come no
 * earlier than the phase before. A time written wrongly is left to the schema's pattern message (the
 * file) or to timeRefusal (the console); here only a well-formed one that names no real moment is.
 */
export function checkPhaseDates(phases: unknown, add: Add): void {
  if (!phases || typeof phases !== 'object') return
  const p = phases as Record<string, unknown>
  const valid = PHASE_KEYS.filter((k) => typeof p[k] === 'string' && BEIJING_TIME.test(p[k] as string))
  for (const key of valid.filter((k) => !isRealTime(p[k] as string))) {
    add(`phases.${key}`, NOT_REAL_TIME_MSG)
    valid.splice(valid.indexOf(key), 1)
  }
  for (let i = 1; i < PHASE_KEYS.length; i++) {
    const a = PHASE_KEYS[i - 1]!
    const b = PHASE_KEYS[i]!
    if (!valid.includes(a) || !valid.includes(b)) continue
    const later =
      i === 1
        ? Date.parse(p[b] as string) <= Date.parse(p[a] as string)
        : Date.parse(p[b] as string) < Date.parse(p[a] as string)
    if (later)
      add(
        `phases.${b}`,
        `${PHASE_LABELS[b]}（${p[b]}）${i === 1 ? '必须晚于' : '不能早于'}${PHASE_LABELS[a]}（${p[a]}）`,
      )
  }
}

/** How long before registration closes a round may end at most (30 days). */
const EARLY_ROUND_MS = 30 * 86_400_000

/** `17 个月` or `45 天`: how far apart two moments are, for a message. */
const monthsBetween = (a: number, b: number) => {
  const days = Math.round(Math.abs(b - a) / 86_400_000)
  return days >= 60 ? `${Math.round(days / 30.44)} 个月` : `${days} 天`
}

/**
 * Each round's dates: real moments, closes after opens, opening no earlier than registration opens
 * and than the previous round closes, closing no later than the results and no more than 30 days
 * before registration closes.
 */
export function checkRoundDates(rounds: unknown[], phasesValue: unknown, add: Add): void {
  const phases = (phasesValue ?? {}) as Partial<Phases>
  const time = (iso: unknown) =>
    typeof iso === 'string' && /\+08:00$/.test(iso) && isRealTime(iso) ? Date.parse(iso) : undefined
  for (const [i, value] of rounds.entries()) {
    if (!value || typeof value !== 'object') continue
    const round = value as Partial<DatedRound>
    const at = `judging.rounds[${i}]`
    for (const key of ['opens', 'closes'] as const) {
      const v = round[key]
      if (typeof v === 'string' && /\+08:00$/.test(v) && !isRealTime(v))
        add(`${at}.${key}`, NOT_REAL_TIME_MSG)
    }
    const opens = time(round.opens)
    const closes = time(round.closes)
    if (opens !== undefined && closes !== undefined && closes <= opens)
      add(`${at}.closes`, `本轮结束（${round.closes}）必须晚于本轮开始（${round.opens}）`)
    const registrationOpens = time(phases.registrationOpens)
    if (opens !== undefined && registrationOpens !== undefined && opens < registrationOpens)
      add(
        `${at}.opens`,
        `本轮开始（${round.opens}）不能早于报名开始（${phases.registrationOpens}）：评审的是参赛者提交的作品`,
      )
    const results = time(phases.results)
    if (closes !== undefined && results !== undefined && closes > results)
      add(
        `${at}.closes`,
        `本轮结束（${round.closes}）不能晚于结果公布（${phases.results}）：评审须在公布结果前结束`,
      )
    // A round may judge while registration runs (a first batch), but one ending more than a month
    // before registration closes judges none of the later entries: a wrong year or month, most likely.
    const registrationCloses = time(phases.registrationCloses)
    if (
      closes !== undefined &&
      registrationCloses !== undefined &&
      closes < registrationCloses - EARLY_ROUND_MS
    )
      add(
        `${at}.closes`,
        `本轮结束（${round.closes}）比报名截止（${phases.registrationCloses}）早 ${monthsBetween(closes, registrationCloses)}：评审不能在报名截止一个多月前就结束（年份或月份写错了？）`,
      )
    const previous = (i > 0 ? rounds[i - 1] : undefined) as Partial<DatedRound> | undefined
    const previousCloses = time(previous?.closes)
    if (opens !== undefined && previousCloses !== undefined && opens < previousCloses)
      add(
        `${at}.opens`,
        `本轮开始（${round.opens}）不能早于上一轮“${previous?.title ?? previous?.id}”结束（${previous?.closes}）`,
      )
  }
}

/**
 * The `year` of a competition agrees with its dates: it lies between the year registration opens and
 * the year the results come (Beijing time). A file copied from last year with only one of them
 * changed is caught here.
 */
export function checkYear(year: unknown, phasesValue: unknown, add: Add): void {
  const phases = (phasesValue ?? {}) as Partial<Phases>
  const yearOf = (iso: unknown) =>
    typeof iso === 'string' && BEIJING_TIME.test(iso) && isRealTime(iso) ? Number(iso.slice(0, 4)) : undefined
  const first = yearOf(phases.registrationOpens)
  const last = yearOf(phases.results)
  if (typeof year !== 'number' || first === undefined || last === undefined) return
  if (year < first || year > last)
    add(
      'year',
      `届次年份 ${year} 与赛程不符：报名开始在 ${first} 年，结果公布在 ${last} 年（复制往届文件后只改了年份或只改了日期？）`,
    )
}

/** Every date rule of a competition's schedule (phases, then rounds), as the checker applies them. */
export function checkSchedule(d: { phases?: unknown; judging?: unknown }, add: Add): void {
  checkPhaseDates(d.phases, add)
  const judging = d.judging as { rounds?: unknown } | undefined
  checkRoundDates(Array.isArray(judging?.rounds) ? judging.rounds : [], d.phases, add)
}

/**
 * The dates staff may change in the console, by field path: registration close, submission close,
 * the results time, and each judging round's opens and closes (by round id, so a round keeps its
 * dates when rounds are reordered in the file).
 */
export type ScheduleField =
  | 'phases.registrationCloses'
  | 'phases.submissionDeadline'
  | 'phases.results'
  | `judging.rounds.${string}.${'opens' | 'closes'}`

export const PHASE_FIELDS = [
  'phases.registrationCloses',
  'phases.submissionDeadline',
  'phases.results',
] as const satisfies readonly ScheduleField[]

export interface ScheduleItem {
  field: ScheduleField
  /** 报名截止, “终评”开始 … */
  label: string
  /** The definition's own value (file or, for a console value, the one it replaces). */
  value: string
}

interface Scheduled {
  phases: Phases
  judging?: { rounds: DatedRound[] }
}

/** The changeable dates of a competition in the order the console lists them. */
export function scheduleItems(c: Scheduled): ScheduleItem[] {
  const phases = PHASE_FIELDS.map((field) => {
    const key = field.slice('phases.'.length) as keyof Phases
    return { field, label: PHASE_LABELS[key], value: c.phases[key] }
  })
  const rounds = (c.judging?.rounds ?? []).flatMap((r) =>
    (['opens', 'closes'] as const).map((end) => ({
      field: `judging.rounds.${r.id}.${end}` as ScheduleField,
      label: `“${r.title}”${end === 'opens' ? '开始' : '结束'}`,
      value: r[end],
    })),
  )
  return [...phases, ...rounds]
}

/** Whether `field` names a date of this competition that the console may change. */
export function isScheduleField(c: Scheduled, field: string): field is ScheduleField {
  return scheduleItems(c).some((item) => item.field === field)
}

/**
 * The competition with `overrides` (field path → Beijing time) in place of the file's dates; a field
 * it does not have (a round since removed from the file) is ignored. The input is not changed.
 */
export function applySchedule<C extends Scheduled>(c: C, overrides: ReadonlyMap<string, string>): C {
  if (!overrides.size) return c
  const phases = { ...c.phases }
  for (const field of PHASE_FIELDS) {
    const value = overrides.get(field)
    if (value !== undefined) phases[field.slice('phases.'.length) as keyof Phases] = value
  }
  const judging = c.judging && {
    ...c.judging,
    rounds: c.judging.rounds.map((r) => ({
      ...r,
      opens: overrides.get(`judging.rounds.${r.id}.opens`) ?? r.opens,
      closes: overrides.get(`judging.rounds.${r.id}.closes`) ?? r.closes,
    })),
  }
  return { ...c, phases, ...(judging ? { judging } : {}) }
}
