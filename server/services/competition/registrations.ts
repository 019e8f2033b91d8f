import type { Kysely } from 'kysely'
import { STAGE_LABELS, stageAt } from '../../../definitions/competition/phases.ts'
import { isWorkComplete, workStepOf } from '../../../definitions/competition/progress.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { CompetitionEntry, MyCompetition } from '../../../schemas/api/competition.ts'
import type { Db } from '../../db/connect.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { nowIso } from '../../lib/time.ts'
import {
  checkChoice,
  checkFiles,
  entryView,
  findRegistration,
  liveWorks,
  COMPETITION_MSG as M,
  progressOf,
  readForm,
  registrationPrefill,
  requirePhase,
  type Work,
} from '../competition-entries.ts'
import { finaliseWithReceipt, receiptNumbersOf } from '../competition-receipts.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { messagesByRegistration } from '../manage/entrant-messages.ts'
import { moderationOf } from '../manage/moderation-view.ts'
import type { NotaryProvider } from '../notary/provider.ts'
import type { ReferenceData } from '../reference-data.ts'
import { publishedCompetitionIds } from '../results/published.ts'
import { myResults } from '../results/results-view.ts'
import { QT_TYPE_DICTIONARY } from './catalog.ts'
import { certificatesOut, noCertificateReason } from './certificate-availability.ts'
import { verifiedNameOf } from './certificate-records.ts'
import { deleteDraft } from './drafts.ts'

/** The signed-in user's entry in a competition (with the account's prefill before a registration). */
export async function entryOf({ kysely: db }: Db, userId: number, c: Competition): Promise<CompetitionEntry> {
  const row = await findRegistration(db, userId, c.competitionId)
  const works = row ? await liveWorks(db, userId, c.competitionId) : []
  return entryView(c, row, works, row ? null : await registrationPrefill(db, userId)) as CompetitionEntry
}

/** Saves the registration form (in the registration phase, until the entry is finalised). */
export async function saveRegistration(
  database: Db,
  reference: ReferenceData,
  userId: number,
  c: Competition,
  body: Record<string, unknown>,
): Promise<CompetitionEntry> {
  const db = database.kysely
  requirePhase(c, 'register')
  const form = readForm(c, 'registration', body)
  checkChoice(form.entrantType, c.entrantTypes, '参赛身份')
  checkChoice(form.companyType, c.companyTypes, '单位类型')
  if (form.qtType !== undefined && !reference.dictLabel(QT_TYPE_DICTIONARY, String(form.qtType)))
    throw new BusinessError(CODE.badRequest, M.badChoice('青苔类别'))
  await checkFiles(db, userId, form)
  const existing = await findRegistration(db, userId, c.competitionId)
  if (existing?.finalised_at) throw new BusinessError(CODE.badRequest, M.finalised)
  const { entrantType, companyType, qtType, ...rest } = form
  const values = {
    entrant_type: typeof entrantType === 'string' ? entrantType : '',
    company_type: typeof companyType === 'string' ? companyType : '',
    qt_type: typeof qtType === 'string' ? qtType : null,
    data: JSON.stringify(rest),
    updated_at: nowIso(),
  }
  await db
    .insertInto('competition_registrations')
    .values({ ...values, competition_id: c.competitionId, user_id: userId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['competition_id', 'user_id']).doUpdateSet(values))
    .execute()
  await deleteDraft(database, userId, c, 'registration')
  return entryOf(database, userId, c)
}

/**
 * Finalises the entry: registered, at least one complete work, the fee paid where it is due. Answers
 * the entry and whether this call finalised it (a second confirm changes nothing).
 */
export async function finaliseEntry(
  database: Db,
  notary: NotaryProvider,
  userId: number,
  c: Competition,
): Promise<{ entry: CompetitionEntry; already: boolean }> {
  const db = database.kysely
  const row = await findRegistration(db, userId, c.competitionId)
  if (row?.finalised_at) return { entry: await entryOf(database, userId, c), already: true }
  requirePhase(c, 'submit')
  if (!row) throw new BusinessError(CODE.badRequest, M.registerFirst)
  if (row.moderation === 'disqualified') throw new BusinessError(CODE.badRequest, M.disqualified)
  const works = await liveWorks(db, userId, c.competitionId)
  if (!works.some((w) => isWorkComplete(c, progressOf(w))))
    throw new BusinessError(CODE.badRequest, M.noCompleteWork)
  if (c.pay?.required && !row.paid_order_id) throw new BusinessError(CODE.badRequest, M.payFirst)
  // The entry number and the files' timestamps (README "参赛回执"): one receipt, however many
  // confirms race.
  await finaliseWithReceipt(db, notary, { registration: row, works, competitionId: c.competitionId })
  return { entry: await entryOf(database, userId, c), already: false }
}

/** Every live work of the user, by competition: one query for all their entries. */
async function liveWorksByCompetition(db: Kysely<Database>, userId: number): Promise<Map<number, Work[]>> {
  const rows = await db
    .selectFrom('competition_works')
    .selectAll()
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute()
  const byCompetition = new Map<number, Work[]>()
  for (const w of rows)
    byCompetition.set(w.competition_id, [...(byCompetition.get(w.competition_id) ?? []), w])
  return byCompetition
}

/** The user's competitions and where each entry stands, latest registration first. */
export async function myCompetitions(
  { kysely: db }: Db,
  registry: CompetitionRegistry,
  userId: number,
  now = Date.now(),
): Promise<MyCompetition[]> {
  const rows = await db
    .selectFrom('competition_registrations as r')
    .innerJoin('competitions as c', 'c.id', 'r.competition_id')
    .select(['r.id', 'r.competition_id', 'r.paid_order_id', 'r.finalised_at', 'r.created_at'])
    .select(['r.moderation', 'r.moderation_reason', 'r.moderated_at'])
    .select(['c.slug', 'c.title', 'c.year', 'c.active', 'c.definition', 'c.results'])
    .where('r.user_id', '=', userId)
    .orderBy('r.id', 'desc')
    .execute()
  const verified = (await verifiedNameOf(db, userId)) !== null
  const receipts = await receiptNumbersOf(db, userId)
  const worksOf = await liveWorksByCompetition(db, userId)
  const messages = await messagesByRegistration(db, userId)
  const published = await publishedCompetitionIds(
    db,
    rows.map((r) => r.competition_id),
  )
  return Promise.all(
    rows.map(async (row) => {
      const live = registry.byId(row.competition_id)
      // A removed competition still shows, from the definition its row kept.
      const c = live ?? ({ ...(JSON.parse(row.definition) as Competition), slug: row.slug } as Competition)
      const works = worksOf.get(row.competition_id) ?? []
      const stage = stageAt(c.phases, now)
      const out = certificatesOut(c, published.has(row.competition_id), now)
      const noCertificate = out ? noCertificateReason(row, verified) : M.noCertificate
      return {
        competitionId: row.competition_id,
        slug: row.slug,
        title: row.title,
        year: row.year,
        cover: c.cover ? { ...c.cover } : null,
        active: !!live,
        stage,
        stageLabel: STAGE_LABELS[stage],
        workStep: workStepOf(c, {
          registered: true,
          works: works.map(progressOf),
          paid: !!row.paid_order_id,
        }),
        worksCount: works.length,
        paid: !!row.paid_order_id,
        payRequired: c.pay?.required ?? false,
        finalised: !!row.finalised_at,
        registeredAt: row.created_at,
        certificate: noCertificate === null,
        // The one reason an entrant can act on: the certificate waits for their real-name verification.
        certificatePending: noCertificate === M.verifyForCertificate ? noCertificate : null,
        receiptNumber: receipts.get(row.competition_id) ?? null,
        moderation: moderationOf(row),
        // Issue 24 item 7: null until the results are published; nothing of judging shows before.
        results: published.has(row.competition_id) ? await myResults(db, c, row.id, works) : null,
        messages: messages.get(row.id) ?? [],
      }
    }),
  )
}
