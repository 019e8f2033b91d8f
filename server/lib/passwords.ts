import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// N=2^15 costs ~50 ms on these machines: slow for an attacker, fine for a login.
const N = 1 << 15
const R = 8
const P = 1
const KEYLEN = 64
const MAXMEM = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    )
  })
}

/** `scrypt$N$r$p$salt$hash`, parameters stored so they can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, N, R, P)
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64url')
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p))
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** Whether a stored hash is a password at all (an account made by WeChat sign-in has none). */
export const isPasswordHash = (stored: string | undefined): stored is string =>
  !!stored?.startsWith('scrypt$')

let dummyHash: Promise<string> | undefined

/**
 * Checks a password against an account's hash, or — when there is no such account — against a
 * throwaway hash with the same parameters, so that a wrong password costs the same time whether
 * the account exists or not (or has no password), and timing does not reveal who is registered.
 */
export async function verifyPasswordOrDummy(password: string, stored: string | undefined): Promise<boolean> {
  // An account without a password (made by WeChat sign-in) costs the same as any other.
  if (isPasswordHash(stored)) return verifyPassword(password, stored)
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'))
  await verifyPassword(password, await dummyHash)
  return false
}
