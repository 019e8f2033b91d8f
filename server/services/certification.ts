import { randomInt } from 'node:crypto'
import type { Kysely, Transaction } from 'kysely'
import type { CertificationInfo } from '../../schemas/api/certificates.ts'
import { CERT_VALID_YEARS } from '../../schemas/payment.ts'
import type { CertificationTable, Database } from '../db/schema.ts'

/** The level printed on every certificate this fee buys (one level until the association adds more). */
export const CERT_LEVEL = '注册设计师'

const BEIJING_MS = 8 * 3_600_000

/**
 * `years` calendar years after an instant, on Beijing's calendar: 2026-11-23 10:00 → 2027-11-23 10:00.
 * A 29 February start ends on 28 February, never spilling into March.
 */
export function addYears(at: Date, years: number): Date {
  const wall = new Date(at.getTime() + BEIJING_MS)
  const month = wall.getUTCMonth()
  wall.setUTCFullYear(wall.getUTCFullYear() + years)
  if (wall.getUTCMonth() !== month) wall.setUTCDate(0)
  return new Date(wall.getTime() - BEIJING_MS)
}

/**
 * The validity after one more paid period. A renewal while still valid adds to the current expiry, so
 * paying early loses nothing; a lapsed or first certification starts now.
 */
export function nextValidity(
  current: Pick<CertificationTable, 'valid_from' | 'valid_until'> | undefined,
  now: Date,
  years = CERT_VALID_YEARS,
): { validFrom: string; validUntil: string } {
  if (current && new Date(current.valid_until) > now) {
    return {
      validFrom: current.valid_from,
      validUntil: addYears(new Date(current.valid_until), years).toISOString(),
    }
  }
  return { validFrom: now.toISOString(), validUntil: addYears(now, years).toISOString() }
}

/**
 * KBC + year + 7 random digits: looked up by /auth/search, so it is not a count of certificates, and
 * not guessable in sequence. Unique in the table; a clash is retried by the caller.
 */
export function newCertificateNumber(now: Date): string {
  const year = new Date(now.getTime() + BEIJING_MS).getUTCFullYear()
  return `KBC${year}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`
}

/**
 * Adds one paid period to the user's certification, creating it on the first payment. Runs inside the
 * payment's transaction, after the caller has written the user's row, so on PostgreSQL a second payment
 * of the same user waits for this one and reads its result (no lost extension).
 */
export async function extendCertification(
  trx: Transaction<Database>,
  userId: number,
  now: Date,
): Promise<void> {
  const current = await trx
    .selectFrom('certifications')
    .select(['valid_from', 'valid_until'])
    .where('user_id', '=', userId)
    .executeTakeFirst()
  const { validFrom, validUntil } = nextValidity(current, now)
  const stamp = now.toISOString()
  if (current) {
    await trx
      .updateTable('certifications')
      .set({ valid_from: validFrom, valid_until: validUntil, updated_at: stamp })
      .where('user_id', '=', userId)
      .execute()
    return
  }
  for (let attempt = 0; ; attempt++) {
    const number = newCertificateNumber(now)
    const taken = await trx
      .selectFrom('certifications')
      .select('user_id')
      .where('number', '=', number)
      .executeTakeFirst()
    if (taken && attempt < 5) continue
    await trx
      .insertInto('certifications')
      .values({
        user_id: userId,
        number,
        level: CERT_LEVEL,
        valid_from: validFrom,
        valid_until: validUntil,
        created_at: stamp,
        updated_at: stamp,
      })
      .execute()
    return
  }
}

/** The API's view of a certification row, with its status as of `now`. */
export function certificationInfo(
  row: Pick<CertificationTable, 'number' | 'level' | 'valid_from' | 'valid_until'> & { username: string },
  now: Date,
): CertificationInfo {
  return {
    number: row.number,
    level: row.level,
    username: row.username,
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    status: new Date(row.valid_until) > now ? 'valid' : 'expired',
  }
}

/**
 * Certifications with the name they are issued to: the verified real name (certification requires
 * real-name verification), else the account's name. City and profession are those the designer
 * directory shows (the public profile), else the real-name data's: the demo designers and designers
 * imported with a profile have no real-name row, and their cards showed “—”.
 */
export function certificationsWithNames(db: Kysely<Database>) {
  return db
    .selectFrom('certifications')
    .innerJoin('users', 'users.id', 'certifications.user_id')
    .leftJoin('realname_auths', 'realname_auths.user_id', 'certifications.user_id')
    .leftJoin('designer_profiles', 'designer_profiles.user_id', 'certifications.user_id')
    .select((eb) => [
      'certifications.user_id',
      'certifications.number',
      'certifications.level',
      'certifications.valid_from',
      'certifications.valid_until',
      eb.fn.coalesce('realname_auths.username', 'users.username').as('username'),
      eb.fn.coalesce('designer_profiles.city_id', 'realname_auths.city_id').as('city_id'),
      eb.fn.coalesce('designer_profiles.professional', 'realname_auths.professional').as('professional'),
    ])
}
