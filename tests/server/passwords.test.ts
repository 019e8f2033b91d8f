import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from '../../server/lib/passwords.ts'

describe('scrypt passwords', () => {
  it('verifies the right password and rejects others', async () => {
    const stored = await hashPassword('Kabu2026!')
    expect(stored).not.toContain('Kabu2026!')
    expect(await verifyPassword('Kabu2026!', stored)).toBe(true)
    expect(await verifyPassword('kabu2026!', stored)).toBe(false)
    expect(await verifyPassword('Kabu2026!', 'plain-text')).toBe(false)
  })

  it('salts each hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'))
  })
})
