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

/**
 * Who an attempt is against: the account the typed name found (its phone and its e-mail address are
 * one account, so they share one counter), or — when it found none — the typed name itself, so an
 * unknown name is counted and refused exactly like a registered one and the limit tells nothing.
 */
export interface LoginSubject {
  userId?: number
  /** What was typed (account or e-mail address). */
  name: string
}

const subjectKey = ({ userId, name }: LoginSubject) =>
  userId === undefined ? `login:name:${name.trim().toLowerCase()}` : `login:user:${userId}`
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

  async claim(subject: LoginSubject, address: string): Promise<LoginAttempt> {
    const keys = [subjectKey(subject), addressKey(address)] as const
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
  async forgive(userId: number): Promise<void> {
    await this.limits.clear(subjectKey({ userId, name: '' }))
  }
}
