import { type Limit, minutesOf, type RateLimits } from './rate-limits.ts'

/**
 * Sign-in limits: 5 failures per account and 20 per client address in 15 minutes. Attempts are
 * claimed before the password is hashed, so a burst gets at most the allowed number evaluated; a
 * success gives its claims back. The owner's way back in is a password reset (/forgetPwd), which
 * clears the account's count — see README "Sign-in limits".
 */
export const LOGIN_LIMITS = {
  perAccount: { windowMs: 15 * 60_000, max: 5 },
  perAddress: { windowMs: 15 * 60_000, max: 20 },
} as const satisfies Record<string, Limit>

export const accountKey = (account: string) => `login:account:${account.trim().toLowerCase()}`
const addressKey = (address: string) => `login:address:${address}`

export interface LoginAttempt {
  /** Minutes to wait when refused; 0 when the attempt may be evaluated. */
  waitMinutes: number
  /** Settles the claim once the password has been checked. */
  settle(success: boolean): Promise<void>
}

export class LoginThrottle {
  private readonly limits: RateLimits
  constructor(limits: RateLimits) {
    this.limits = limits
  }

  async claim(account: string, address: string): Promise<LoginAttempt> {
    const keys = [accountKey(account), addressKey(address)] as const
    // A refused attempt costs nothing (claimAll gives both back), so the owner knocking on a locked
    // account does not also lock out their own address (and the reverse).
    const claim = await this.limits.claimAll([
      [keys[0], LOGIN_LIMITS.perAccount],
      [keys[1], LOGIN_LIMITS.perAddress],
    ])
    if (!claim.allowed) return { waitMinutes: minutesOf(claim.retryAfterMs), settle: async () => {} }
    return {
      waitMinutes: 0,
      settle: async (success) => {
        // A failure keeps both claims. A success clears the account's count and gives the address
        // its claim back, so colleagues behind one office address are not limited by sign-ins.
        if (success) await Promise.all([this.limits.clear(keys[0]), this.limits.release(keys[1])])
      },
    }
  }

  /** After the owner proved who they are (a password reset): their account is no longer locked. */
  async forgive(...accounts: Array<string | null>): Promise<void> {
    await this.limits.clear(...accounts.filter((a): a is string => !!a).map(accountKey))
  }
}
