import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

const STATE_TTL_MS = 10 * 60_000

/**
 * The OAuth state: random, with its expiry, signed by the server, so /login can tell a state it
 * handed out in the last 10 minutes from one made up by someone else.
 */
export class OAuthStates {
  private readonly key: Buffer
  constructor(key: Buffer) {
    this.key = key
  }

  private sign(text: string): string {
    return createHmac('sha256', this.key).update(`state:${text}`).digest('base64url').slice(0, 32)
  }

  issue(now = Date.now()): string {
    const body = `${randomBytes(12).toString('base64url')}.${(now + STATE_TTL_MS).toString(36)}`
    return `${body}.${this.sign(body)}`
  }

  valid(state: string, now = Date.now()): boolean {
    const parts = state.split('.')
    if (parts.length !== 3) return false
    const body = `${parts[0]}.${parts[1]}`
    const expected = Buffer.from(this.sign(body))
    const given = Buffer.from(parts[2] ?? '')
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false
    return Number.parseInt(parts[1] ?? '', 36) > now
  }
}
