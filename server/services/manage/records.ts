import type { Kysely } from 'kysely'
import type { CheckInRow, PageCount, RefundCaseRow, SignupRow } from '../../../schemas/api/manage.ts'
import type { Database } from '../../db/schema.ts'
import { REFUND_REASONS } from '../payment/refund-cases.ts'
import { labelledAnswers } from './labels.ts'

/**
 * What the console lists beside the entries (README "Organisers' console"): landing-page sign-ups and
 * event entries and check-ins (the site's pages, not a competition's: admins only), and refund cases
 * (an entry fee paid twice: an organiser sees those of their competitions).
 */

type Page = { page: number; size: number }
const parse = (text: string): Record<string, unknown> => {
  try {
    return JSON.parse(text) as Record<string, unknown>
  } catch {
    return {}
  }
}

const countBy = async (k: Kysely<Database>, table: 'landing_signups' | 'event_entries' | 'event_check_ins') =>
  new Map(
    (
      await k
        .selectFrom(table)
        .select(['slug', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('slug')
        .execute()
    ).map((r) => [r.slug, Number(r.n)]),
  )

/** Each page (landing or event) with its counts: pages of the definitions first, then any slug only rows name. */
export async function pageCounts(
  k: Kysely<Database>,
  kind: 'landing' | 'events',
  pages: Array<{ slug: string; title: string }>,
): Promise<PageCount[]> {
  const signups = await countBy(k, kind === 'landing' ? 'landing_signups' : 'event_entries')
  const checkIns = kind === 'events' ? await countBy(k, 'event_check_ins') : new Map<string, number>()
  const known = new Set(pages.map((p) => p.slug))
  const stray = [...new Set([...signups.keys(), ...checkIns.keys()])].filter((s) => !known.has(s)).sort()
  return [...pages, ...stray.map((slug) => ({ slug, title: slug }))].map((p) => ({
    slug: p.slug,
    title: p.title.slice(0, 120),
    signups: signups.get(p.slug) ?? 0,
    checkIns: checkIns.get(p.slug) ?? 0,
  }))
}

/** Sign-ups of landing pages or entries of event forms, newest first, optionally of one page. */
export async function listSignups(
  k: Kysely<Database>,
  table: 'landing_signups' | 'event_entries',
  slug: string | undefined,
  q: Page,
): Promise<{ rows: SignupRow[]; total: number }> {
  let base = k.selectFrom(table)
  if (slug) base = base.where('slug', '=', slug)
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const rows = await base
    .select(['id', 'slug', 'form', 'phone', 'data', 'created_at'])
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute()
  return {
    total: Number(n),
    rows: rows.map((r) => {
      const data = parse(r.data)
      return {
        id: r.id,
        slug: r.slug,
        form: r.form,
        phone: r.phone,
        answers: labelledAnswers(r.form, data, {}).map((a) => ({
          label: a.label,
          text: a.text || a.files.map((f) => f.name).join('、'),
        })),
        data,
        createdAt: r.created_at,
      }
    }),
  }
}

/** On-site check-ins, newest first, optionally of one event. */
export async function listCheckIns(
  k: Kysely<Database>,
  slug: string | undefined,
  q: Page,
): Promise<{ rows: CheckInRow[]; total: number }> {
  let base = k.selectFrom('event_check_ins')
  if (slug) base = base.where('slug', '=', slug)
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const rows = await base
    .select(['id', 'slug', 'name', 'phone', 'created_at'])
    .orderBy('id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute()
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      phone: r.phone,
      createdAt: r.created_at,
    })),
  }
}

/** Refund cases, open ones first then newest; `scope` undefined: all (an admin). */
export async function listRefundCases(
  k: Kysely<Database>,
  scope: number[] | undefined,
  competitionId: number | undefined,
  q: Page,
): Promise<{ rows: RefundCaseRow[]; total: number }> {
  if (scope && !scope.length) return { rows: [], total: 0 }
  let base = k
    .selectFrom('refund_cases as rc')
    .innerJoin('orders as o', 'o.id', 'rc.order_id')
    .innerJoin('users as u', 'u.id', 'rc.user_id')
    .leftJoin('competitions as c', 'c.id', 'rc.competition_id')
  if (scope) base = base.where('rc.competition_id', 'in', scope)
  if (competitionId !== undefined) base = base.where('rc.competition_id', '=', competitionId)
  const { n } = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  const rows = await base
    .select([
      'rc.id',
      'o.order_number',
      'u.account',
      'rc.amount_fen',
      'rc.reason',
      'rc.competition_id',
      'c.title',
      'rc.status',
      'rc.created_at',
      'rc.resolved_at',
      'rc.resolution_note',
    ])
    .orderBy('rc.status')
    .orderBy('rc.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute()
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      id: r.id,
      orderNumber: r.order_number,
      account: r.account,
      amountFen: r.amount_fen,
      reason: r.reason,
      reasonLabel: REFUND_REASONS[r.reason as keyof typeof REFUND_REASONS] ?? r.reason,
      competitionId: r.competition_id,
      competitionTitle: r.title,
      status: r.status,
      createdAt: r.created_at,
      resolvedAt: r.resolved_at,
      resolutionNote: r.resolution_note,
    })),
  }
}
