import { createHmac, timingSafeEqual } from 'node:crypto'

/** How long a shared document link works. */
export const DOWNLOAD_LINK_TTL_MS = 7 * 24 * 3_600_000

export const LINK_INVALID = '下载链接无效，请向分享者重新获取'
export const LINK_EXPIRED = '下载链接已过期，请向分享者重新获取'

/**
 * Signed download links of documents (SPEC §2 Miscellaneous: the route with a token and an id). The
 * token is `<expiry base36>.<HMAC-SHA256 of "download:<id>:<expiry>">` under the server's SIGNING_KEY,
 * so a link opens without signing in until it expires, and changing the id, the expiry or a
 * character of the signature makes it invalid. Nothing is stored: links cannot be revoked one by one
 * (rotating SIGNING_KEY revokes them all, and the OAuth states with them).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Signs and checks the shareable document links (SIGNING_KEY). */
    downloadLinks: DownloadLinks
  }
}

export class DownloadLinks {
  private readonly key: Buffer
  constructor(key: Buffer) {
    this.key = key
  }

  private sign(id: number, expiry: string): string {
    return createHmac('sha256', this.key).update(`download:${id}:${expiry}`).digest('base64url')
  }

  issue(id: number, now = Date.now()): { token: string; expiresAt: string } {
    const expiresAt = now + DOWNLOAD_LINK_TTL_MS
    const expiry = expiresAt.toString(36)
    return { token: `${expiry}.${this.sign(id, expiry)}`, expiresAt: new Date(expiresAt).toISOString() }
  }

  /** Why a token does not open document `id`, or undefined when it does. */
  check(token: string, id: number, now = Date.now()): string | undefined {
    const match = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token)
    if (!match) return LINK_INVALID
    const [, expiry, signature] = match as unknown as [string, string, string]
    const expected = Buffer.from(this.sign(id, expiry))
    if (!timingSafeEqual(expected, Buffer.from(signature))) return LINK_INVALID
    return Number.parseInt(expiry, 36) <= now ? LINK_EXPIRED : undefined
  }
}
