import { describe, expect, it } from 'vitest'
import { LoginThrottle } from '../../server/services/login-throttle.ts'

describe('LoginThrottle', () => {
  it('forgives failures once the window has passed', () => {
    let now = 0
    const throttle = new LoginThrottle({ windowMs: 60_000, perAccount: 2, perAddress: 10 }, () => now)
    throttle.recordFailure('a', 'ip')
    throttle.recordFailure('a', 'ip')
    expect(throttle.blockedForMinutes('a', 'ip')).toBe(1)
    now = 60_001
    expect(throttle.blockedForMinutes('a', 'ip')).toBe(0)
  })

  it('clears the account count after a success', () => {
    const throttle = new LoginThrottle({ windowMs: 60_000, perAccount: 2, perAddress: 10 })
    throttle.recordFailure('a', 'ip')
    throttle.recordSuccess('a')
    throttle.recordFailure('a', 'ip')
    expect(throttle.blockedForMinutes('a', 'ip')).toBe(0)
  })
})
