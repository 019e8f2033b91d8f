import { randomInt } from 'node:crypto'
import type { Kysely, Selectable, Transaction } from 'kysely'
import {
  certificateSettings,
  fillMergeFields,
  type MergeValues,
} from '../../../definitions/competition/certificate.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { StaffCertificate } from '../../../schemas/api/competition.ts'
import { beijingYear, formatBeijingDate } from '../../../schemas/beijing-time.ts'
import type { CompetitionCertificateTable, Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { nowIso } from '../../lib/time.ts'
import { COMPETITION_MSG, liveWorks, type Registration, workView } from '../competition-entries.ts'
import { writeAudit } from '../staff/audit.ts'
import { awardOf } from './award.ts'
import {
  type CertificateFields,
  PRINT_LIMITS,
  printable,
  printableList,
  printedFields,
} from './certificate-text.ts'

/**
 * Issued competition certificates (README "Competition certificates"). A number is
 * KBS + Beijing year + '-' + 8 characters drawn at random from an alphabet without look-alikes
 * (0/O, 1/I/L): `S` for 赛 keeps it apart from designer certificates (KBC + 11 digits,
 * services/certification.ts) and entry receipts (KBE…), and a random tail means a printed number
 * does not lead to the next entrant's. Each number keeps the merge-field values it was issued with.
 */
export const CERTIFICATE_NUMBER = /^KBS\d{4}-[2-9A-HJKMNP-Z]{8}$/
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

export function newCertificateNumber(at: Date): string {
  let tail = ''
  for (let i = 0; i < 8; i++) tail += ALPHABET[randomInt(ALPHABET.length)]
  return `KBS${beijingYear(at)}-${tail}`
}

export type CertificateRow = Selectable<CompetitionCertificateTable>

export type { CertificateFields } from './certificate-text.ts'

const names = (list: unknown, key: string): unknown[] =>
  Array.isArray(list)
    ? list.map((m) => (m && typeof m === 'object' ? (m as Record<string, unknown>)[key] : undefined))
    : []

/** The user's verified real name (实名认证), or null while they have not verified. */
export async function verifiedNameOf(db: Kysely<Database>, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('realname_auths')
    .select('username')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row ? row.username : null
}

/**
 * The entry as it stands: the entrant named by their verified real name (never the name typed in the
 * registration form, which may be anything — a team name, someone else's name, a formula), co-authors
 * (team members) and advisers as registered with the works, the works and the award. Every value as it
 * may be printed (certificate-text.ts). An entrant who has not verified has no certificate yet: the
 * callers ask noCertificateReason first, and this refuses too, so no path issues an unverified name.
 */
async function entryFacts(db: Kysely<Database>, c: Competition, registration: Registration) {
  const verified = await verifiedNameOf(db, registration.user_id)
  const entrant = printable(verified, PRINT_LIMITS.name)
  if (!entrant) throw new BusinessError(CODE.badRequest, COMPETITION_MSG.verifyForCertificate)
  const works = (await liveWorks(db, registration.user_id, c.competitionId)).map((w) => workView(c, w))
  return {
    entrant,
    coAuthors: printableList(
      works.flatMap((w) => names(w.info?.teamMembers, 'name')),
      PRINT_LIMITS.person,
      PRINT_LIMITS.coAuthors,
    ),
    advisers: printableList(
      works.flatMap((w) => names(w.adviser?.advisers, 'name')),
      PRINT_LIMITS.person,
      PRINT_LIMITS.advisers,
    ),
    works: printableList(
      works.map((w) => w.worksName),
      PRINT_LIMITS.work,
      PRINT_LIMITS.works,
    ),
    award: await awardOf(db, c, registration),
  }
}

/** The merge values and filled body for a number issued at `at`. */
export function certificateFields(
  c: Competition,
  facts: Awaited<ReturnType<typeof entryFacts>>,
  number: string,
  at: string,
): CertificateFields {
  const settings = certificateSettings(c)
  const values: MergeValues = {
    entrant: facts.entrant,
    coAuthors: facts.coAuthors.join('、'),
    adviser: facts.advisers.join('、'),
    work: facts.works.join('、'),
    award: facts.award ?? '参赛',
    competition: printable(c.title, PRINT_LIMITS.competition),
    date: formatBeijingDate(at),
    number,
  }
  return {
    ...facts,
    competition: c.title,
    year: c.year,
    template: settings.template,
    issuer: settings.issuer,
    body: fillMergeFields(facts.award ? settings.body : settings.participationBody, values),
  }
}

export const fieldsOf = (row: CertificateRow): CertificateFields =>
  printedFields(JSON.parse(row.fields) as CertificateFields)

const currentOf = (db: Kysely<Database> | Transaction<Database>, registrationId: number) =>
  db
    .selectFrom('competition_certificates')
    .selectAll()
    .where('current_registration_id', '=', registrationId)
    .executeTakeFirst()

/** Inserts a new current certificate for the registration; undefined when another request got there first. */
async function insertCurrent(
  db: Kysely<Database> | Transaction<Database>,
  c: Competition,
  registration: Registration,
  facts: Awaited<ReturnType<typeof entryFacts>>,
): Promise<CertificateRow | undefined> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const at = nowIso()
    const number = newCertificateNumber(new Date(at))
    const fields = certificateFields(c, facts, number, at)
    // ON CONFLICT DO NOTHING covers both keys: the registration's current one (a concurrent first
    // request won) and the number (a random tail drawn twice: draw again).
    const row = await db
      .insertInto('competition_certificates')
      .values({
        number,
        user_id: registration.user_id,
        competition_id: c.competitionId,
        registration_id: registration.id,
        current_registration_id: registration.id,
        award: fields.award,
        fields: JSON.stringify(fields),
        template: fields.template,
        issued_at: at,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst()
    if (row) return row
    if (await currentOf(db, registration.id)) return undefined
  }
  throw new Error('could not draw a free certificate number')
}

/**
 * Whether a certificate no longer carries the award its entry now has: the published results were
 * corrected (results/correction.ts) after it was issued, so it must be re-issued.
 */
export async function awardChanged(
  db: Kysely<Database>,
  c: Competition,
  registration: Registration,
  row: CertificateRow,
): Promise<boolean> {
  return ((await awardOf(db, c, registration)) ?? null) !== (row.award ?? null)
}

/**
 * Withdraws the current certificates of the competition's entries that no longer have one (an entry
 * disqualified while its published result was being corrected): each number then verifies as void,
 * with the reason, and nothing replaces it. One audit entry each; answers the numbers withdrawn.
 */
export async function withdrawUncertified(db: Kysely<Database>, c: Competition): Promise<string[]> {
  const rows = await db
    .selectFrom('competition_certificates as cc')
    .innerJoin('competition_registrations as r', 'r.id', 'cc.current_registration_id')
    .select(['cc.id', 'cc.number', 'r.id as registrationId'])
    .where('cc.competition_id', '=', c.competitionId)
    .where((eb) => eb.or([eb('r.moderation', '=', 'disqualified'), eb('r.finalised_at', 'is', null)]))
    .execute()
  const withdrawn: string[] = []
  for (const row of rows)
    await db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('competition_certificates')
        .set({ current_registration_id: null, superseded_at: nowIso(), reason: WITHDRAWN_REASON })
        .where('id', '=', row.id)
        .where('current_registration_id', '=', row.registrationId)
        .executeTakeFirst()
      if (Number(done.numUpdatedRows) !== 1) return
      withdrawn.push(row.number)
      await writeAudit(trx, {
        actorId: null,
        action: 'certificate.withdraw',
        targetType: 'certificate',
        targetId: row.number,
        competitionId: c.competitionId,
        detail: { before: { number: row.number }, after: null, reason: WITHDRAWN_REASON },
      })
    })
  return withdrawn
}

/** Why the certificates job withdrew a certificate. */
export const WITHDRAWN_REASON = '评审结果更正：参赛资格已取消，证书作废'

/** Why a certificate was re-issued by the certificates job rather than by staff. */
export const CORRECTION_REASON = '评审结果更正，奖项变更'

/**
 * The registration's current certificate, issued on first request: a burst of first requests stores
 * one number (the unique current_registration_id), and each answers that one.
 */
export async function issueCertificate(
  db: Kysely<Database>,
  c: Competition,
  registration: Registration,
): Promise<CertificateRow> {
  const existing = await currentOf(db, registration.id)
  if (existing) return existing
  const facts = await entryFacts(db, c, registration)
  return (
    (await insertCurrent(db, c, registration, facts)) ??
    (await currentOf(db, registration.id)) ??
    // Unreachable: insertCurrent answers undefined only when a current one exists.
    Promise.reject(new Error('certificate vanished'))
  )
}

/**
 * Re-issues after a correction (staff): a new number from the entry as it now stands; the old number
 * is marked superseded by it, with the reason, and an audit entry — all in one transaction, which only
 * the request that still finds `previous` current completes. With `replaces` (the number the organiser
 * saw), a burst of one correction re-issues once and the others answer 'concurrent'; without it each
 * request is a re-issue of whatever is current. Undefined when the registration has no certificate yet.
 */
export async function reissueCertificate(
  db: Kysely<Database>,
  c: Competition,
  registration: Registration,
  input: { actorId: number | null; reason: string; replaces?: string },
): Promise<{ previous: CertificateRow; next: CertificateRow } | 'concurrent' | undefined> {
  const previous = await currentOf(db, registration.id)
  if (!previous) return undefined
  // The organiser named the number they saw: if it is no longer current, someone re-issued it meanwhile.
  if (input.replaces !== undefined && input.replaces !== previous.number) return 'concurrent'
  const facts = await entryFacts(db, c, registration)
  return db.transaction().execute(async (trx) => {
    const at = nowIso()
    const released = await trx
      .updateTable('competition_certificates')
      .set({ current_registration_id: null, superseded_at: at, reason: input.reason })
      .where('id', '=', previous.id)
      .where('current_registration_id', '=', registration.id)
      .where('superseded_at', 'is', null)
      .executeTakeFirst()
    // Another re-issue released it first: this request changes nothing.
    if (Number(released.numUpdatedRows) !== 1) return 'concurrent' as const
    const next = await insertCurrent(trx, c, registration, facts)
    if (!next) throw new Error('certificate re-issued concurrently')
    await trx
      .updateTable('competition_certificates')
      .set({ superseded_by: next.number })
      .where('id', '=', previous.id)
      .execute()
    await writeAudit(trx, {
      actorId: input.actorId,
      action: 'certificate.reissue',
      targetType: 'certificate',
      targetId: next.number,
      competitionId: c.competitionId,
      detail: {
        before: { number: previous.number, ...fieldsOf(previous) },
        after: { number: next.number, ...fieldsOf(next) },
        reason: input.reason,
      },
    })
    return { previous: { ...previous, superseded_by: next.number, superseded_at: at }, next }
  })
}

/** A certificate by its number, and — when superseded — the number that stands now (followed to the end). */
export async function certificateByNumber(
  db: Kysely<Database>,
  number: string,
): Promise<{ row: CertificateRow; current: string | null } | undefined> {
  const row = await db
    .selectFrom('competition_certificates')
    .selectAll()
    .where('number', '=', number)
    .executeTakeFirst()
  if (!row) return undefined
  if (row.current_registration_id !== null) return { row, current: null }
  const current = await db
    .selectFrom('competition_certificates')
    .select('number')
    .where('current_registration_id', '=', row.registration_id)
    .executeTakeFirst()
  return { row, current: current?.number ?? row.superseded_by }
}

/**
 * A competition's issued certificates for organisers, newest first, with the entrant's account; a
 * superseded number stays listed with what replaced it and why. `account` narrows to one entrant.
 */
export async function certificatesForStaff(
  db: Kysely<Database>,
  competitionId: number,
  q: { page: number; size: number; account?: string },
): Promise<{ rows: StaffCertificate[]; total: number }> {
  let base = db
    .selectFrom('competition_certificates as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .where('c.competition_id', '=', competitionId)
  if (q.account) base = base.where('u.account', '=', q.account)
  const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
  const rows = await base
    .select([
      'c.number',
      'c.fields',
      'c.award',
      'c.issued_at',
      'c.current_registration_id',
      'c.superseded_at',
      'c.superseded_by',
      'c.reason',
      'u.account',
    ])
    .orderBy('c.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute()
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      number: r.number,
      account: r.account,
      entrant: printable((JSON.parse(r.fields) as CertificateFields).entrant, PRINT_LIMITS.name * 2),
      award: r.award,
      issuedAt: r.issued_at,
      current: r.current_registration_id !== null,
      supersededAt: r.superseded_at,
      supersededBy: r.superseded_by,
      reason: r.reason,
    })),
  }
}
