/**
 * Counts failed sign-ins per account and per client address in a sliding window and refuses further
 * attempts once a limit is reached. Kept in memory: the portal runs as one process; a restart
 * forgives, which is acceptable for a window of minutes.
 */
export interface ThrottleLimits {
  windowMs: number
  perAccount: number
  perAddress: number
}

export const DEFAULT_LIMITS: ThrottleLimits = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 20 }

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>()
  private readonly limits: ThrottleLimits
  private readonly now: () => number

  constructor(limits: ThrottleLimits = DEFAULT_LIMITS, now: () => number = Date.now) {
    this.limits = limits
    this.now = now
  }

  /** Minutes until the caller may try again, or 0 when an attempt is allowed. */
  blockedForMinutes(account: string, address: string): number {
    const a = this.recent(`a:${account}`)
    const b = this.recent(`i:${address}`)
    const waits: number[] = []
    if (a.length >= this.limits.perAccount) waits.push(a[0]! + this.limits.windowMs - this.now())
    if (b.length >= this.limits.perAddress) waits.push(b[0]! + this.limits.windowMs - this.now())
    return waits.length ? Math.max(1, Math.ceil(Math.max(...waits) / 60_000)) : 0
  }

  recordFailure(account: string, address: string): void {
    for (const key of [`a:${account}`, `i:${address}`]) {
      this.failures.set(key, [...this.recent(key), this.now()])
    }
  }

  /** A successful sign-in clears the account's count, not the address's. */
  recordSuccess(account: string): void {
    this.failures.delete(`a:${account}`)
  }

  private recent(key: string): number[] {
    const cutoff = this.now() - this.limits.windowMs
    const kept = (this.failures.get(key) ?? []).filter((t) => t > cutoff)
    if (kept.length) this.failures.set(key, kept)
    else this.failures.delete(key)
    return kept
  }
}
