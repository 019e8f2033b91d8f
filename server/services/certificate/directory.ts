import { sql } from 'kysely'
import type { CertificationInfo, CertifiedDesigner } from '../../../schemas/api/certificates.ts'
import type { Db } from '../../db/connect.ts'
import { certificationInfo, certificationsWithNames } from '../certification.ts'
import type { ReferenceData } from '../reference-data.ts'

/**
 * Designer certificates in public (SPEC §2 Certification): what the certificate itself shows — name,
 * level, number, validity — and nothing more.
 */

/** Certificates valid today. */
export async function certifiedCount(db: Db): Promise<number> {
  const count = await db.kysely
    .selectFrom('certifications')
    .select(sql<number>`count(*)`.as('n'))
    .where('valid_until', '>', new Date().toISOString())
    .executeTakeFirstOrThrow()
  return Number(count.n)
}

/** Certificates by their number (upper case) or by the exact name issued to, the latest valid first. */
export async function verifyCertificates(
  db: Db,
  by: { number: string } | { name: string },
  limit: number,
): Promise<CertificationInfo[]> {
  const rows = await certificationsWithNames(db.kysely)
    .where((eb) =>
      'number' in by
        ? eb('certifications.number', '=', by.number)
        : eb(eb.fn.coalesce('realname_auths.username', 'users.username'), '=', by.name),
    )
    .orderBy('certifications.valid_until', 'desc')
    .limit(limit)
    .execute()
  const now = new Date()
  return rows.map((r) => certificationInfo(r, now))
}

/**
 * The directory of certified designers, the newest first. A keyword matches a city by its region
 * ids, and a name or a number exactly or by prefix.
 */
export async function certifiedDesigners(
  db: Db,
  reference: ReferenceData,
  { keyword, pageNum, pageSize }: { keyword?: string; pageNum: number; pageSize: number },
): Promise<{ rows: CertifiedDesigner[]; total: number }> {
  const now = new Date().toISOString()
  let listed = certificationsWithNames(db.kysely).where('certifications.valid_until', '>', now)
  if (keyword) {
    const cities = reference.regionsNamed(keyword)
    listed = listed.where((eb) =>
      eb.or([
        eb(
          eb.fn.coalesce('realname_auths.username', 'users.username'),
          'like',
          `${keyword.replace(/[%_]/g, '')}%`,
        ),
        eb('certifications.number', '=', keyword.toUpperCase()),
        ...(cities.length
          ? [eb(eb.fn.coalesce('designer_profiles.city_id', 'realname_auths.city_id'), 'in', cities)]
          : []),
      ]),
    )
  }
  const [rows, total] = await Promise.all([
    listed
      .orderBy('certifications.created_at', 'desc')
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    listed.clearSelect().select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ])
  return {
    rows: rows.map((r) => ({
      number: r.number,
      username: r.username,
      level: r.level,
      validUntil: r.valid_until,
      cityNames: r.city_id ? reference.regionPath(r.city_id).map((p) => p.name) : [],
      professional: r.professional
        ? (reference.dictLabel('sys_professional_type', r.professional) ?? '')
        : '',
    })),
    total: Number(total.n),
  }
}

/** One certificate by its number, with its status as of now. */
export async function certificateByNumber(db: Db, number: string): Promise<CertificationInfo | undefined> {
  const row = await certificationsWithNames(db.kysely)
    .where('certifications.number', '=', number)
    .executeTakeFirst()
  return row && certificationInfo(row, new Date())
}
