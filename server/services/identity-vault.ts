import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'

declare module 'fastify' {
  interface FastifyInstance {
    vault: IdentityVault
  }
}

/**
 * Keeps identity document numbers: sealed with AES-256-GCM, looked up through a keyed HMAC, shown
 * only masked. The master key is the key ring's `identity` (IDENTITY_KEY or SECRETS_DIR/identity.key,
 * the same on every instance: server/services/key-ring.ts).
 */
export class IdentityVault {
  private readonly sealKey: Buffer
  private readonly digestKey: Buffer

  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('identity key must be 32 bytes')
    this.sealKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'kabu identity seal', 32))
    this.digestKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'kabu identity digest', 32))
  }

  /** Upper-cases the check letter, so 11010519491231002x and …002X are the same identity. */
  static canonical(number: string): string {
    return number.trim().toUpperCase()
  }

  digest(type: string, number: string): string {
    return createHmac('sha256', this.digestKey)
      .update(`${type}:${IdentityVault.canonical(number)}`)
      .digest('hex')
  }

  seal(number: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv)
    const body = Buffer.concat([cipher.update(IdentityVault.canonical(number), 'utf8'), cipher.final()])
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.')
  }

  open(sealed: string): string {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'))
    if (!iv || !tag || !body) throw new Error('malformed sealed identity')
    const decipher = createDecipheriv('aes-256-gcm', this.sealKey, iv)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
  }
}

/**
 * Never more than a third of a document number is shown: a 18-character ID keeps its first 2 and last
 * 4 (11************123X), a 9-character passport its first and last 2 (E******78), a 3-character
 * number only its last (**2). The end is kept rather than the start because owners recognise it.
 */
export function maskIdentity(number: string): string {
  const n = IdentityVault.canonical(number)
  const visible = Math.floor(n.length / 3)
  const tail = Math.ceil((visible * 2) / 3)
  const head = visible - tail
  return `${n.slice(0, head)}${'*'.repeat(n.length - visible)}${tail ? n.slice(-tail) : ''}`
}
