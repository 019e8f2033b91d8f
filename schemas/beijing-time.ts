/**
 * Dates shown in Beijing time without Intl: a DateTimeFormat with a time zone loads ICU's zone and
 * locale data on first use, which measured ~25 ms of main thread here (~100 ms on a throttled phone)
 * in the middle of page start-up. Beijing has kept UTC+8 all year since 1991, so the wall clock is
 * plain arithmetic. The output matches Intl's zh-CN formats, which tests/unit/beijing-time.test.ts
 * checks against Intl itself.
 */
const UTC_OFFSET_MS = 8 * 3_600_000
const WEEKDAYS = '日一二三四五六'

const twoDigits = (n: number) => String(n).padStart(2, '0')

/** The Beijing wall clock at an instant, read through a Date shifted by the offset. */
const beijingClock = (at: number | Date) => new Date(+at + UTC_OFFSET_MS)

/** The calendar year in Beijing: the footer's copyright year. */
export const beijingYear = (at: number | Date): number => beijingClock(at).getUTCFullYear()

/**
 * "2026年12月20日 09:05" (zh-CN dateStyle long + timeStyle short), or with the weekday,
 * "2026年12月20日星期日 09:05" (dateStyle full).
 */
export function formatBeijing(at: number | Date, { weekday = false }: { weekday?: boolean } = {}): string {
  const d = beijingClock(at)
  const date = `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`
  const day = weekday ? `星期${WEEKDAYS[d.getUTCDay()]}` : ''
  return `${date}${day} ${twoDigits(d.getUTCHours())}:${twoDigits(d.getUTCMinutes())}`
}

/** "2027年11月23日": a date on Beijing's calendar (certificate validity). */
export function formatBeijingDate(at: number | Date | string): string {
  const d = beijingClock(typeof at === 'string' ? new Date(at) : at)
  return `${d.getUTCFullYear()}年${d.getUTCMonth() + 1}月${d.getUTCDate()}日`
}

/** "2026-11-23T22:05:09+08:00": an instant as ISO 8601 on Beijing's clock (whole seconds). */
export function beijingIso(at: number | Date): string {
  return `${beijingClock(at).toISOString().slice(0, 19)}+08:00`
}
