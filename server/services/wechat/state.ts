import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

const STATE_TTL_MS = 10 * 60_000
/** The cookie that ties a WeChat sign-in to the browser that started it (set by GET /wx/authorize). */
export const WECHAT_NONCE_COOKIE = 'kb_wx_nonce'

/**
 * The cookie the sandbox's confirmation sets on the device that confirmed (its QR code opens on a
 * phone, where the sign-in then finishes): the proof a cross-device sign-in is finished where it was
 * confirmed, not on a browser someone sent the code to.
 */
export const WECHAT_CONFIRM_COOKIE = 'kb_wx_confirm'

const bindingOf = (nonce: string) => createHash('sha256').update(nonce).digest('base64url').slice(0, 22)

/** What the confirmation cookie holds for a code: its hash, so the cookie is no code itself. */
export const confirmationOf = (code: string) =>
  createHash('sha256').update(`confirm:${code}`).digest('base64url')

/**
 * The OAuth state: random, its expiry, and a hash of a nonce the starting browser keeps in an
 * HttpOnly cookie, all signed by the server. /login can then tell a state it handed out in the last
 * 10 minutes from a made-up one, and — when the browser finishing the sign-in has the cookie — that
 * this browser started it, so nobody can sign a victim into the attacker's account (login CSRF).
 */
export class OAuthStates {
  private readonly key: Buffer
  constructor(key: Buffer) {
    this.key = key
  }

  private sign(text: string): string {
    return createHmac('sha256', this.key).update(`state:${text}`).digest('base64url').slice(0, 32)
  }

  /** A new state and the nonce its browser keeps. */
  issue(now = Date.now()): { state: string; nonce: string } {
    const nonce = randomBytes(18).toString('base64url')
    const body = `${randomBytes(12).toString('base64url')}.${(now + STATE_TTL_MS).toString(36)}.${bindingOf(nonce)}`
    return { state: `${body}.${this.sign(body)}`, nonce }
  }

  /**
   * Whether the state is ours and live and, given the browser's nonce, that browser's. Without a nonce
   * (the sign-in finished on another device, as the sandbox's QR code allows) only `confirmedHere` — a
   * cross-device provider's proof that this browser confirmed the sign-in — lets it through.
   */
  valid(state: string, nonce: string | undefined, confirmedHere: boolean, now = Date.now()): boolean {
    const parts = state.split('.')
    if (parts.length !== 4) return false
    const [random, expiry, binding, signature] = parts as [string, string, string, string]
    const body = `${random}.${expiry}.${binding}`
    const expected = Buffer.from(this.sign(body))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false
    if (Number.parseInt(expiry, 36) <= now) return false
    return nonce === undefined ? confirmedHere : bindingOf(nonce) === binding
  }
}
