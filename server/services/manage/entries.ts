import type { Kysely } from 'kysely'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { ManageEntryRow } from '../../../schemas/api/manage.ts'
import type { Database } from '../../db/schema.ts'
import { choiceLabel } from './labels.ts'
import { moderationOf } from './moderation-view.ts'

export const ENTRY_SORTS = ['created', 'updated', 'number', 'name'] as const
export const YES_NO = ['yes', 'no'] as const
export const STATE_FILTERS = ['none', 'returned', 'disqualified'] as const

export interface EntryQuery {
  range?: string
  entrantType?: string
  paid?: (typeof YES_NO)[number]
  submitted?: (typeof YES_NO)[number]
  state?: (typeof STATE_FILTERS)[number]
  /** Entry number, entrant's name or account, or a work's title; case-insensitive, contained. */
  q?: string
  sort: (typeof ENTRY_SORTS)[number]
  order: 'asc' | 'desc'
  page: number
  size: number
}

const parse = (text: string | null): Record<string, unknown> => {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const yes = (flag: boolean, wanted?: 'yes' | 'no') => wanted === undefined || flag === (wanted === 'yes')

/**
 * The entries table of one competition: every registration with its works, filtered, searched, sorted
 * and paged. A competition holds thousands of entries, not millions: they are read in two queries and
 * filtered here, so the search reaches the name and work titles inside the forms' JSON the same way on
 * SQLite and PostgreSQL.
 */
export async function listEntries(
  k: Kysely<Database>,
  c: Competition,
  q: EntryQuery,
): Promise<{ rows: ManageEntryRow[]; total: number }> {
  const regs = await k
    .selectFrom('competition_registrations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('competition_receipts as rc', 'rc.registration_id', 'r.id')
    .select([
      'r.id',
      'r.entrant_type',
      'r.data',
      'r.paid_order_id',
      'r.finalised_at',
      'r.moderation',
      'r.moderation_reason',
      'r.moderated_at',
      'r.created_at',
      'r.updated_at',
      'u.account',
      'u.username',
      'rc.number',
    ])
    .where('r.competition_id', '=', c.competitionId)
    .execute()
  const works = await k
    .selectFrom('competition_works')
    .select(['id', 'registration_id', 'base'])
    .where('competition_id', '=', c.competitionId)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute()
  const ranges = [...c.ranges.default, ...(c.ranges.propositional ?? [])]
  const worksOf = new Map<number, ManageEntryRow['works']>()
  for (const w of works) {
    const base = parse(w.base)
    const range = typeof base.range === 'string' ? base.range : ''
    const list = worksOf.get(w.registration_id) ?? []
    list.push({
      id: w.id,
      title: typeof base.worksName === 'string' ? base.worksName.slice(0, 60) : '',
      range,
      rangeLabel: choiceLabel(ranges, range),
    })
    worksOf.set(w.registration_id, list)
  }
  const all: ManageEntryRow[] = regs.map((r) => {
    const data = parse(r.data)
    return {
      id: r.id,
      number: r.number ?? null,
      name: (typeof data.name === 'string' && data.name ? data.name : r.username).slice(0, 64),
      account: r.account,
      entrantType: r.entrant_type,
      entrantTypeLabel: choiceLabel(c.entrantTypes, r.entrant_type),
      works: worksOf.get(r.id) ?? [],
      paid: r.paid_order_id !== null,
      submitted: r.finalised_at !== null,
      moderation: moderationOf(r),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    }
  })
  const needle = q.q?.trim().toLowerCase()
  const kept = all.filter(
    (e) =>
      (!q.range || e.works.some((w) => w.range === q.range)) &&
      (!q.entrantType || e.entrantType === q.entrantType) &&
      yes(e.paid, q.paid) &&
      yes(e.submitted, q.submitted) &&
      (!q.state || (e.moderation?.state ?? 'none') === q.state) &&
      (!needle ||
        [e.number ?? '', e.name, e.account, String(e.id), ...e.works.map((w) => w.title)].some((text) =>
          text.toLowerCase().includes(needle),
        )),
  )
  const key = (e: ManageEntryRow): string =>
    q.sort === 'number'
      ? (e.number ?? '\uffff')
      : q.sort === 'name'
        ? e.name
        : q.sort === 'updated'
          ? e.updatedAt
          : e.createdAt
  const sign = q.order === 'asc' ? 1 : -1
  kept.sort((a, b) => sign * (key(a).localeCompare(key(b), 'zh-Hans-CN') || a.id - b.id))
  return { total: kept.length, rows: kept.slice((q.page - 1) * q.size, q.page * q.size) }
}
