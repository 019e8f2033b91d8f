import type { Kysely } from 'kysely'
import type { Competition, CompetitionForms } from '../../../definitions/competition/types.ts'
import type { ManageEntry } from '../../../schemas/api/manage.ts'
import { PAY_METHOD_LABEL, type PayMethod } from '../../../schemas/payment.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { FORM_LABELS, workView } from '../competition-entries.ts'
import { isPublished } from '../results/published.ts'
import { listAuditOf } from '../staff/audit.ts'
import { choiceLabel, choiceSources, filesOf, labelledAnswers } from './labels.ts'
import { MODERATION_MSG, moderationWindow } from './moderation.ts'
import { moderationOf } from './moderation-view.ts'

const WORK_STEPS = ['workBase', 'workInfo', 'adviser', 'propertyRight', 'displayBoard'] as const

type Row = Record<string, unknown>
const asRow = (value: unknown): Row | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : null
const textOf = (value: unknown) => (typeof value === 'string' ? value : '')

/** A step's saved data in the shape its form has (the API keeps the list steps as bare arrays). */
function stepData(view: ReturnType<typeof workView>, step: (typeof WORK_STEPS)[number]): Row | null {
  if (step === 'workBase') return view.base
  if (step === 'workInfo') return view.info
  if (step === 'adviser') return view.adviser
  if (step === 'propertyRight') return view.propertyRight ? { propertyRight: view.propertyRight } : null
  return view.displayBoard ? { displayBoard: view.displayBoard } : null
}

/** Why staff cannot act on the entry now, or '' when they can. */
function phaseNote(
  c: Competition,
  may: { mayReturn: boolean; mayDisqualify: boolean },
  submitted: boolean,
  published: boolean,
) {
  if (published) return MODERATION_MSG.published
  if (!may.mayDisqualify) return MODERATION_MSG.disqualifyClosed(c.phases.results)
  if (!may.mayReturn) return MODERATION_MSG.returnClosed(c.phases.submissionDeadline)
  if (!submitted) return MODERATION_MSG.notSubmitted
  return ''
}

/**
 * An entry's page for staff: every form answer labelled from the forms registry, its files, co-authors
 * and advisers, payment, receipt and history (the audit entries about it). Only an entry of `c`: an id
 * of another competition answers as one that does not exist.
 */
export async function entryPage(
  k: Kysely<Database>,
  c: Competition,
  entryId: number,
  now = Date.now(),
): Promise<ManageEntry> {
  const r = await k
    .selectFrom('competition_registrations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .selectAll('r')
    .select(['u.account', 'u.username'])
    .where('r.id', '=', entryId)
    .where('r.competition_id', '=', c.competitionId)
    .executeTakeFirst()
  if (!r) throw new BusinessError(CODE.notFound, MODERATION_MSG.entryNotFound)
  const sources = choiceSources(c)
  const forms = c.forms as CompetitionForms
  const data = JSON.parse(r.data) as Row
  const registration = {
    key: 'registration',
    label: FORM_LABELS.registration,
    answers: labelledAnswers(
      forms.registration,
      {
        entrantType: r.entrant_type,
        companyType: r.company_type,
        ...(r.qt_type ? { qtType: r.qt_type } : {}),
        ...data,
      },
      sources,
    ),
  }
  const workRows = await k
    .selectFrom('competition_works')
    .selectAll()
    .where('registration_id', '=', r.id)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute()
  const coAuthors: ManageEntry['coAuthors'] = []
  const advisers: ManageEntry['advisers'] = []
  const works = workRows.map((w) => {
    const view = workView(c, w)
    const title = view.worksName || `作品 ${w.id}`
    const sections = WORK_STEPS.filter((step) => forms[step]).map((step) => ({
      key: step,
      label: FORM_LABELS[step],
      answers: labelledAnswers(forms[step], stepData(view, step), sources, `《${title}》`),
    }))
    for (const m of Array.isArray(view.info?.teamMembers) ? view.info.teamMembers : [])
      if (asRow(m))
        coAuthors.push({ work: title, name: textOf(asRow(m)!.name), role: textOf(asRow(m)!.role) })
    for (const a of Array.isArray(view.adviser?.advisers) ? view.adviser.advisers : [view.adviser]) {
      const row = asRow(a)
      if (row?.name)
        advisers.push({
          work: title,
          name: textOf(row.name),
          detail: [row.title, row.company, row.phone].filter((x) => typeof x === 'string' && x).join(' · '),
        })
    }
    return { id: w.id, title: title.slice(0, 60), sections }
  })
  const order = r.paid_order_id
    ? await k
        .selectFrom('orders')
        .select(['order_number', 'amount_fen', 'method', 'paid_at'])
        .where('id', '=', r.paid_order_id)
        .executeTakeFirst()
    : undefined
  const receipt = await k
    .selectFrom('competition_receipts as rc')
    .select(['rc.id', 'rc.number', 'rc.created_at'])
    .select((eb) =>
      eb
        .selectFrom('competition_receipt_files as f')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('f.receipt_id', '=', 'rc.id')
        .as('files'),
    )
    .where('rc.registration_id', '=', r.id)
    .executeTakeFirst()
  const published = await isPublished(k, c.competitionId)
  const may = moderationWindow(c, now)
  const moderation = moderationOf(r)
  const submitted = r.finalised_at !== null
  return {
    id: r.id,
    competitionId: c.competitionId,
    competitionTitle: c.title,
    number: receipt?.number ?? null,
    entrant: { userId: r.user_id, account: r.account, username: r.username },
    name: (textOf(data.name) || r.username).slice(0, 64),
    entrantTypeLabel: choiceLabel(c.entrantTypes, r.entrant_type),
    payRequired: c.pay?.required ?? false,
    paid: r.paid_order_id !== null,
    paidAt: r.paid_at,
    submitted,
    submittedAt: r.finalised_at,
    moderation,
    mayReturn: !published && may.mayReturn && submitted && !moderation,
    mayDisqualify: !published && may.mayDisqualify && moderation?.state !== 'disqualified',
    mayReinstate: !published && moderation?.state === 'disqualified',
    phaseNote: phaseNote(c, may, submitted, published),
    registration,
    works,
    files: filesOf([registration, ...works.flatMap((w) => w.sections)].flatMap((s) => s.answers)),
    coAuthors,
    advisers,
    payment: order
      ? {
          orderNumber: order.order_number,
          amountFen: order.amount_fen,
          method: PAY_METHOD_LABEL[order.method as PayMethod] ?? String(order.method),
          paidAt: order.paid_at,
        }
      : null,
    receipt: receipt
      ? { number: receipt.number, createdAt: receipt.created_at, files: Number(receipt.files ?? 0) }
      : null,
    history: await listAuditOf(k, 'entry', r.id),
  }
}
