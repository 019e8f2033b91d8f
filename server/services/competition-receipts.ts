import type { Kysely, Selectable, Transaction } from 'kysely'
import { beijingIso, beijingYear } from '../../schemas/beijing-time.ts'
import type { CompetitionReceiptTable, Database } from '../db/schema.ts'
import {
  FORM_LABELS,
  type Registration,
  registrationData,
  type Work,
  workView,
} from './competition-entries.ts'
import type { NotaryProvider } from './notary/provider.ts'
import { tokenCovers } from './notary/token-check.ts'
import { writeAudit } from './staff/audit.ts'

/**
 * Entry receipts (README "参赛回执"): when an entrant confirms submission, the entry gets a number
 * (KBE + Beijing year + '-' + a six-digit sequence of that year) and the notary timestamps the SHA-256
 * of each file the entry holds. A receipt is written in the same transaction that finalises the entry,
 * and only by the request whose update finalised it, so concurrent confirms give one number.
 */

export const RECEIPT_NUMBER = /^KBE\d{4}-\d{6}$/
export const receiptNumber = (year: number, sequence: number) =>
  `KBE${year}-${String(sequence).padStart(6, '0')}`

/** A file of an entry: which step holds it, its original name, and its SHA-256. */
export interface EntryFile {
  label: string
  name: string
  sha256: string
}

const STORED = /^\/api\/files\/([0-9a-f]{64})\.[a-z0-9]{2,4}$/

/** Every uploaded file in a form's saved data ({fileUrl, fileOgName} at any depth). */
function filesIn(value: unknown, label: string, into: EntryFile[]): void {
  if (Array.isArray(value)) {
    for (const item of value) filesIn(item, label, into)
    return
  }
  if (!value || typeof value !== 'object') return
  const record = value as Record<string, unknown>
  const match = typeof record.fileUrl === 'string' ? STORED.exec(record.fileUrl) : null
  if (match) {
    // Uploads are stored under their content's SHA-256 (services/storage.ts): the name is the hash.
    const name = typeof record.fileOgName === 'string' && record.fileOgName ? record.fileOgName : match[0]
    into.push({ label, name: name.slice(0, 200), sha256: match[1]! })
    return
  }
  for (const inner of Object.values(record)) filesIn(inner, label, into)
}

/** The files of an entry, registration first, then each work's steps; each content once. */
export function entryFiles(registration: Registration, works: Work[]): EntryFile[] {
  const found: EntryFile[] = []
  filesIn(registrationData(registration), FORM_LABELS.registration, found)
  for (const w of works) {
    const view = workView(undefined, w)
    const title = view.worksName ? `《${view.worksName}》` : `作品 ${w.id}`
    filesIn(view.base, `${title}${FORM_LABELS.workBase}`, found)
    filesIn(view.info, `${title}${FORM_LABELS.workInfo}`, found)
    filesIn(view.adviser, `${title}${FORM_LABELS.adviser}`, found)
    filesIn(view.propertyRight, `${title}${FORM_LABELS.propertyRight}`, found)
    filesIn(view.displayBoard, `${title}${FORM_LABELS.displayBoard}`, found)
  }
  const seen = new Set<string>()
  return found
    .filter((f) => !seen.has(f.sha256) && seen.add(f.sha256))
    .map((f) => ({ ...f, label: f.label.slice(0, 80) }))
}

/** The next number of a year: one upsert that adds one and answers it (SQLite ≥ 3.35 and PostgreSQL). */
async function nextSequence(trx: Transaction<Database>, year: number): Promise<number> {
  const row = await trx
    .insertInto('competition_receipt_sequences')
    .values({ year, last: 1 })
    .onConflict((oc) =>
      oc.column('year').doUpdateSet((eb) => ({ last: eb('competition_receipt_sequences.last', '+', 1) })),
    )
    .returning('last')
    .executeTakeFirstOrThrow()
  return Number(row.last)
}

/**
 * Finalises a registration and writes its receipt: the files are stamped first (the notary is slow and
 * outside the database), then one transaction marks the entry finalised — only if it is not yet — and
 * takes a number. Answers false when another request finalised it first (its stamps are then unused).
 */
export async function finaliseWithReceipt(
  db: Kysely<Database>,
  notary: NotaryProvider,
  entry: { registration: Registration; works: Work[]; competitionId: number },
): Promise<boolean> {
  const at = new Date()
  const files = entryFiles(entry.registration, entry.works)
  const stamps: Array<EntryFile & { serial: string; token: string }> = []
  let certificate = ''
  for (const file of files) {
    const deposit = await notary.deposit(file.sha256, at)
    certificate = deposit.tsaCertificate
    stamps.push({
      ...file,
      serial: deposit.timestampSerial,
      token: deposit.timestampToken.toString('base64'),
    })
  }
  const finalisedAt = at.toISOString()
  const titles = entry.works.map((w) => workView(undefined, w).worksName).filter(Boolean)
  return db.transaction().execute(async (trx) => {
    // An entry staff returned (README "Organisers' console") is submitted again here: that clears the
    // returned state; a disqualified one is never finalised again.
    const done = await trx
      .updateTable('competition_registrations')
      .set({
        finalised_at: finalisedAt,
        updated_at: finalisedAt,
        moderation: null,
        moderation_reason: null,
        moderated_at: null,
      })
      .where('id', '=', entry.registration.id)
      .where('finalised_at', 'is', null)
      .where((eb) => eb.or([eb('moderation', 'is', null), eb('moderation', '=', 'returned')]))
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) !== 1) return false
    const values = {
      works: JSON.stringify(titles),
      notary: notary.name,
      tsa_certificate: certificate,
      created_at: finalisedAt,
    }
    // A returned entry keeps its number: its receipt is stamped again over the corrected files.
    const earlier = await trx
      .selectFrom('competition_receipts')
      .select('id')
      .where('registration_id', '=', entry.registration.id)
      .executeTakeFirst()
    let receiptId: number
    if (earlier) {
      await trx.updateTable('competition_receipts').set(values).where('id', '=', earlier.id).execute()
      await trx.deleteFrom('competition_receipt_files').where('receipt_id', '=', earlier.id).execute()
      await writeAudit(trx, {
        actorId: entry.registration.user_id,
        action: 'entry.resubmit',
        targetType: 'entry',
        targetId: entry.registration.id,
        competitionId: entry.competitionId,
        detail: { before: { state: 'returned' }, after: { state: 'submitted' } },
      })
      receiptId = earlier.id
    } else {
      const year = beijingYear(at)
      const receipt = await trx
        .insertInto('competition_receipts')
        .values({
          ...values,
          registration_id: entry.registration.id,
          user_id: entry.registration.user_id,
          competition_id: entry.competitionId,
          number: receiptNumber(year, await nextSequence(trx, year)),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      receiptId = receipt.id
    }
    if (stamps.length)
      await trx
        .insertInto('competition_receipt_files')
        .values(
          stamps.map((s, i) => ({
            receipt_id: receiptId,
            sort: i,
            label: s.label,
            original_name: s.name,
            sha256: s.sha256,
            timestamp_serial: s.serial,
            timestamp_token: s.token,
            stamped_at: beijingIso(at),
          })),
        )
        .execute()
    return true
  })
}

async function withFiles(db: Kysely<Database>, receipt: ReceiptRow | undefined) {
  if (!receipt) return undefined
  const files = await db
    .selectFrom('competition_receipt_files')
    .selectAll()
    .where('receipt_id', '=', receipt.id)
    .orderBy('sort')
    .execute()
  return { ...receipt, works: JSON.parse(receipt.works) as string[], files }
}
type ReceiptRow = Selectable<CompetitionReceiptTable>

/** The user's receipt in a competition, with its files; undefined when the entry has none. */
export async function ownReceipt(db: Kysely<Database>, userId: number, competitionId: number) {
  const row = await db
    .selectFrom('competition_receipts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('competition_id', '=', competitionId)
    .executeTakeFirst()
  return withFiles(db, row)
}

/** A receipt by its number (public verification). */
export async function receiptByNumber(db: Kysely<Database>, number: string) {
  if (!RECEIPT_NUMBER.test(number)) return undefined
  const row = await db
    .selectFrom('competition_receipts')
    .selectAll()
    .where('number', '=', number)
    .executeTakeFirst()
  return withFiles(db, row)
}
export type Receipt = NonNullable<Awaited<ReturnType<typeof ownReceipt>>>

/** The numbers of a user's receipts by competition (我的赛事). */
export async function receiptNumbersOf(db: Kysely<Database>, userId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('competition_receipts')
    .select(['competition_id', 'number'])
    .where('user_id', '=', userId)
    .execute()
  return new Map(rows.map((r) => [r.competition_id, r.number]))
}

/** Whether every token of a receipt is over its file's hash and signed by the certificate kept with it. */
export async function tokensValid(receipt: Receipt): Promise<boolean> {
  for (const f of receipt.files)
    if (
      !(await tokenCovers(
        Buffer.from(f.timestamp_token, 'base64'),
        f.sha256,
        f.timestamp_serial,
        receipt.tsa_certificate,
      ))
    )
      return false
  return true
}

/** A competition's title from the competitions table, which keeps its facts after its file is taken down. */
export async function competitionTitle(db: Kysely<Database>, competitionId: number): Promise<string> {
  const row = await db
    .selectFrom('competitions')
    .select('title')
    .where('id', '=', competitionId)
    .executeTakeFirst()
  return row?.title ?? ''
}
