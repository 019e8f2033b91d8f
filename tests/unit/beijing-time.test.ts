import { describe, expect, it } from 'vitest'
import { beijingYear, formatBeijing } from '../../schemas/beijing-time.ts'

const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('zh-CN', { ...options, timeZone: 'Asia/Shanghai' })
const long = intl({ dateStyle: 'long', timeStyle: 'short' })
const full = intl({ dateStyle: 'full', timeStyle: 'short' })
const year = intl({ year: 'numeric' })

// Every 7 h 13 min over eight years, through year ends, leap days and every weekday and hour.
const instants = Array.from({ length: 10_000 }, (_, i) => Date.UTC(2022, 0, 1) + i * 26_000_000 - 3_600_000)

describe('Beijing time without Intl', () => {
  it('writes the same text as Intl zh-CN in Asia/Shanghai', () => {
    for (const at of instants) {
      expect(formatBeijing(at)).toBe(long.format(at))
      expect(formatBeijing(at, { weekday: true })).toBe(full.format(at))
    }
  })

  it('reads the Beijing year, which starts at 16:00 UTC on 31 December', () => {
    for (const at of instants) expect(`${beijingYear(at)}年`).toBe(year.format(at))
    expect(beijingYear(Date.parse('2026-12-31T15:59:59Z'))).toBe(2026)
    expect(beijingYear(Date.parse('2026-12-31T16:00:00Z'))).toBe(2027)
  })
})
