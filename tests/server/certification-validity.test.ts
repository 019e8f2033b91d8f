import { describe, expect, it } from 'vitest'
import { addYears, nextValidity } from '../../server/services/certification.ts'

const at = (iso: string) => new Date(iso)

describe('certification validity arithmetic (renewal extends from the current expiry, not from today)', () => {
  it('adds calendar years on Beijing’s calendar', () => {
    expect(addYears(at('2026-11-23T02:00:00.000Z'), 1).toISOString()).toBe('2027-11-23T02:00:00.000Z')
    // 2028-02-29 08:00 in Beijing is 2028-02-29T00:00Z; a year later there is no 29 February.
    expect(addYears(at('2028-02-29T00:00:00.000Z'), 1).toISOString()).toBe('2029-02-28T00:00:00.000Z')
    // 23:30 UTC on 28 Feb is 07:30 on 29 Feb in Beijing: the Beijing date decides, so it ends on
    // 28 Feb 07:30 Beijing, which is 27 Feb in UTC.
    expect(addYears(at('2028-02-28T23:30:00.000Z'), 1).toISOString()).toBe('2029-02-27T23:30:00.000Z')
  })

  it('starts a first certification now', () => {
    const now = at('2026-11-23T02:00:00.000Z')
    expect(nextValidity(undefined, now)).toEqual({
      validFrom: '2026-11-23T02:00:00.000Z',
      validUntil: '2027-11-23T02:00:00.000Z',
    })
  })

  it('adds a renewal paid while valid to the current expiry', () => {
    const current = { valid_from: '2026-03-01T00:00:00.000Z', valid_until: '2027-03-01T00:00:00.000Z' }
    expect(nextValidity(current, at('2026-11-23T02:00:00.000Z'))).toEqual({
      validFrom: '2026-03-01T00:00:00.000Z',
      validUntil: '2028-03-01T00:00:00.000Z',
    })
  })

  it('starts a lapsed certification again from now', () => {
    const current = { valid_from: '2024-03-01T00:00:00.000Z', valid_until: '2025-03-01T00:00:00.000Z' }
    expect(nextValidity(current, at('2026-11-23T02:00:00.000Z'))).toEqual({
      validFrom: '2026-11-23T02:00:00.000Z',
      validUntil: '2027-11-23T02:00:00.000Z',
    })
  })
})
