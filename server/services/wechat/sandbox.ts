import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import type { RateLimits } from '../rate-limits.ts'
import type { WechatOAuth, WechatUser } from './provider.ts'

const CODE_TTL_MS = 5 * 60_000
export const SANDBOX_WECHAT_PATH = '/api/sandbox/wechat/authorize'

/**
 * A WeChat that works offline. Its QR code opens a page of this server where a tester names a WeChat
 * user and confirms; the page then sends the browser to /authorizeWx with a code signed by the server
 * (HMAC-SHA256), valid 5 minutes and spent on first use. The same nickname is the same WeChat user
 * (its openid is derived from it), so a tester can sign in again as someone they made before.
 */
export class SandboxWechat implements WechatOAuth {
  readonly name = 'sandbox'
  readonly crossDevice = true
  private readonly key: Buffer
  private readonly rateLimits: RateLimits

  constructor(key: Buffer, rateLimits: RateLimits) {
    this.key = key
    this.rateLimits = rateLimits
  }

  private sign(text: string): string {
    return createHmac('sha256', this.key).update(text).digest('base64url')
  }

  authorizeUrl({ state, redirectUri }: { state: string; redirectUri: string }): string {
    const query = new URLSearchParams({ state, redirect_uri: redirectUri })
    return `${new URL(redirectUri).origin}${SANDBOX_WECHAT_PATH}?${query}`
  }

  /** The sandbox user a nickname stands for. */
  userFor(nickname: string): WechatUser {
    const openid = `sbx${createHash('sha256').update(`kabu-wechat-sandbox:${nickname}`).digest('hex').slice(0, 24)}`
    return { openid, nickname }
  }

  /** What the confirmation page hands back: the user, signed, with its expiry. */
  issueCode(user: WechatUser, now = Date.now()): string {
    const body = Buffer.from(JSON.stringify({ ...user, exp: now + CODE_TTL_MS })).toString('base64url')
    return `${body}.${this.sign(body)}`
  }

  async exchange(code: string, now = Date.now()): Promise<WechatUser | null> {
    const [body, signature, extra] = code.split('.')
    if (!body || !signature || extra !== undefined) return null
    const expected = Buffer.from(this.sign(body))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
    let payload: { openid?: unknown; nickname?: unknown; exp?: unknown }
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
    } catch {
      return null
    }
    if (typeof payload.openid !== 'string' || typeof payload.nickname !== 'string') return null
    if (typeof payload.exp !== 'number' || payload.exp <= now) return null
    // Spent on first use, across every instance on the database.
    const claim = await this.rateLimits.claim(`wxcode:${createHash('sha256').update(code).digest('hex')}`, {
      windowMs: CODE_TTL_MS,
      max: 1,
    })
    if (!claim.allowed) return null
    return { openid: payload.openid, nickname: payload.nickname }
  }
}
