import { describe, expect, it } from 'vitest'
import { LoginThrottle } from '../../server/services/login-throttle.ts'
import { RateLimits } from '../../server/services/rate-limits.ts'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp({ demoData: false })

/** A throttle on the test database with a clock the test moves. */
function throttleAt(clock: { now: number }) {
  return new LoginThrottle(new RateLimits(t.server.app.db.kysely, () => clock.now))
}

/** A name that finds no account: counted by what was typed. */
const typed = (name: string) => ({ name })

async function fail(throttle: LoginThrottle, account: string, address: string) {
  const attempt = await throttle.claim(typed(account), address)
  await attempt.settle(false)
  return attempt.waitMinutes
}

describe('LoginThrottle', () => {
  it('locks after five failures for the rest of the 15-minute window, then forgives', async () => {
    const clock = { now: Date.parse('2026-01-01T00:00:00Z') }
    const throttle = throttleAt(clock)
    for (let i = 0; i < 5; i++) expect(await fail(throttle, 'a@example.org', `ip-${i}`)).toBe(0)
    clock.now += 60_000
    expect((await throttle.claim(typed('A@example.org'), 'ip-9')).waitMinutes).toBe(14)
    clock.now += 14 * 60_000
    expect((await throttle.claim(typed('a@example.org'), 'ip-9')).waitMinutes).toBe(0)
  })

  it('clears the account count after a success', async () => {
    const throttle = throttleAt({ now: Date.parse('2026-01-02T00:00:00Z') })
    for (let i = 0; i < 4; i++) await fail(throttle, 'b@example.org', 'ip')
    await (await throttle.claim(typed('b@example.org'), 'ip')).settle(true)
    for (let i = 0; i < 5; i++) expect(await fail(throttle, 'b@example.org', 'ip-2')).toBe(0)
  })

  it('lets a forgiven account in at once', async () => {
    const throttle = throttleAt({ now: Date.parse('2026-01-03T00:00:00Z') })
    const account = { userId: 4242, name: 'c@example.org' }
    for (let i = 0; i < 5; i++) await (await throttle.claim(account, 'ip')).settle(false)
    expect((await throttle.claim(account, 'ip-3')).waitMinutes).toBeGreaterThan(0)
    await throttle.forgive(4242)
    expect((await throttle.claim(account, 'ip-3')).waitMinutes).toBe(0)
  })

  it('counts an account by who it is, not by the name typed', async () => {
    const throttle = throttleAt({ now: Date.parse('2026-01-05T00:00:00Z') })
    for (let i = 0; i < 5; i++) {
      const name = i % 2 ? 'd@example.org' : '13700009999'
      await (await throttle.claim({ userId: 4343, name }, `ip-${i}`)).settle(false)
    }
    expect((await throttle.claim({ userId: 4343, name: 'd@example.org' }, 'ip-9')).waitMinutes).toBe(15)
    // The same typed name before it found an account (or one typed by someone else) is its own count.
    expect((await throttle.claim(typed('d@example.org'), 'ip-9')).waitMinutes).toBe(0)
  })

  it('does not count refused attempts against the address', async () => {
    const throttle = throttleAt({ now: Date.parse('2026-01-04T00:00:00Z') })
    for (let i = 0; i < 5; i++) await fail(throttle, 'locked@example.org', `attacker-${i}`)
    // The owner knocks 30 times on the locked account from home: home is not locked for other accounts.
    for (let i = 0; i < 30; i++) await throttle.claim(typed('locked@example.org'), 'home')
    expect((await throttle.claim(typed('other@example.org'), 'home')).waitMinutes).toBe(0)
  })
})
