import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { nowIso } from '../lib/time.ts'
import type { RateLimits } from './rate-limits.ts'
import { createSession, sessionIdOf } from './sessions.ts'

/** How long a hand-off code opens the site: time enough to scan a QR code, not to keep it. */
export const HANDOFF_TTL_MS = 2 * 60_000

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * One-time codes that sign another browser in as a signed-in user (SPEC §2 `/redirect?token&url`):
 * `<session id>.<expiry base36>.<nonce>.<HMAC-SHA256>` under SIGNING_KEY. A code is minted only for a
 * live session, works once (claimed in the shared rate-limit table before the session is made, so two
 * racing redemptions cannot both pass), for two minutes, and only while the session that minted it is
 * live — signing out ends its codes too. It is never a session token: a token in a link could be
 * replayed for days, and would sign in whoever opened the link. It is redeemed only by the visitor's
 * own click on a page naming the account (server/routes/handoff.ts), never by opening a link.
 */
export class HandoffCodes {
  private readonly key: Buffer
  private readonly db: Kysely<Database>
  private readonly rateLimits: RateLimits

  constructor(key: Buffer, db: Kysely<Database>, rateLimits: RateLimits) {
    this.key = key
    this.db = db
    this.rateLimits = rateLimits
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(`handoff:${payload}`).digest('base64url')
  }

  /** A code for the session behind `token`, or undefined when that session is not live. */
  async mint(token: string, now = Date.now()): Promise<{ code: string; expiresAt: string } | undefined> {
    const sessionId = await sessionIdOf(this.db, token)
    if (sessionId === undefined) return undefined
    const expiresAt = now + HANDOFF_TTL_MS
    const payload = `${sessionId}.${expiresAt.toString(36)}.${randomBytes(12).toString('base64url')}`
    return { code: `${payload}.${this.sign(payload)}`, expiresAt: new Date(expiresAt).toISOString() }
  }

  /**
   * The user a code would sign in, without spending it: undefined for a code that is forged, expired,
   * already spent, or whose session has ended. What the confirmation page names.
   */
  async inspect(code: string, now = Date.now()): Promise<{ userId: number; expiresAt: string } | undefined> {
    const match = /^(\d{1,12})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/.exec(code)
    if (!match) return undefined
    const [, sessionId, expiry, nonce, signature] = match as unknown as [
      string,
      string,
      string,
      string,
      string,
    ]
    const expected = Buffer.from(this.sign(`${sessionId}.${expiry}.${nonce}`))
    if (!timingSafeEqual(expected, Buffer.from(signature))) return undefined
    if (Number.parseInt(expiry, 36) <= now) return undefined
    if ((await this.rateLimits.count(spentKey(code), SPENT)) > 0) return undefined
    const session = await this.db
      .selectFrom('sessions')
      .select('user_id')
      .where('id', '=', Number(sessionId))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .executeTakeFirst()
    return (
      session && { userId: session.user_id, expiresAt: new Date(Number.parseInt(expiry, 36)).toISOString() }
    )
  }

  /** The account a code would sign in, by its names, without spending the code (see inspect). */
  async holder(
    code: string,
    now = Date.now(),
  ): Promise<{ username: string; account: string; expiresAt: string } | undefined> {
    const found = await this.inspect(code, now)
    if (!found) return undefined
    const user = await this.db
      .selectFrom('users')
      .select(['username', 'account'])
      .where('id', '=', found.userId)
      .executeTakeFirstOrThrow()
    return { ...user, expiresAt: found.expiresAt }
  }

  /**
   * Spends a code and signs its user in with a new session of `ttlMs`: the new session's token, or
   * undefined for a code that is forged, expired, spent, or whose session has ended.
   */
  async redeem(code: string, ttlMs: number, now = Date.now()): Promise<string | undefined> {
    const found = await this.inspect(code, now)
    if (!found) return undefined
    // Spent before the session is made: of two racing redemptions, one claim finds the count at 2.
    const claim = await this.rateLimits.claim(spentKey(code), SPENT)
    if (!claim.allowed) return undefined
    return createSession(this.db, found.userId, ttlMs)
  }
}

/** Where a code's one use is recorded (the shared rate-limit table: every instance sees it). */
const spentKey = (code: string) => `handoff:${sha256(code)}`
const SPENT = { windowMs: HANDOFF_TTL_MS, max: 1 } as const
