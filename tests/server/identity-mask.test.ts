import { describe, expect, it } from 'vitest'
import { maskIdentity } from '../../server/services/identity-vault.ts'

const shown = (masked: string) => masked.replace(/\*/g, '').length

describe('masking document numbers', () => {
  it('never shows more than a third of the characters, whatever the length', () => {
    for (let n = 1; n <= 40; n++) {
      const number = 'E1234567890ABCDEFGHJKLMNPQRSTUVWXYZ98765'.slice(0, n)
      const masked = maskIdentity(number)
      expect(masked).toHaveLength(n)
      expect(shown(masked), `${number} → ${masked}`).toBeLessThanOrEqual(Math.floor(n / 3))
    }
  })

  it('keeps the end of a number recognisable to its owner', () => {
    expect(maskIdentity('11010519900307123x')).toBe('11************123X')
    expect(maskIdentity('E12345678')).toBe('E******78')
    expect(maskIdentity('E12')).toBe('**2')
  })
})
