import { type Expression, type SqlBool, sql } from 'kysely'
import type { Db } from '../../db/connect.ts'

/**
 * The rows the exports read, a page at a time by key (never OFFSET, never the whole table): each page
 * starts after the last id of the one before, so a page costs the same at the start and at the end.
 */
// 100 rows: each page is one stretch of the event loop (a query and its rows' XML), ~40 ms measured here.
export const PAGE_SIZE = 100

/** A work with its entry (registration, entrant, entry number) as the exports read it. */
export interface WorkRow {
  work_id: number
  base: string
  info: string | null
  adviser: string | null
  property_right: string | null
  display_board: string | null
  work_updated_at: string
  registration_id: number
  entrant_type: string
  company_type: string
  qt_type: string | null
  data: string
  paid_at: string | null
  paid_order_id: number | null
  finalised_at: string | null
  moderation: string | null
  moderation_reason: string | null
  registered_at: string
  account: string
  number: string | null
}

/** What a row reads of its registration, its entrant and its receipt: the same for both kinds of row. */
const REGISTRATION_COLUMNS = [
  'r.id as registration_id',
  'r.entrant_type',
  'r.company_type',
  'r.qt_type',
  'r.data',
  'r.paid_at',
  'r.paid_order_id',
  'r.finalised_at',
  'r.moderation',
  'r.moderation_reason',
  'r.created_at as registered_at',
  'u.account',
  'n.number',
] as const

/** A registration without a live work. */
export type RegistrationRow = Omit<
  WorkRow,
  'work_id' | 'base' | 'info' | 'adviser' | 'property_right' | 'display_board' | 'work_updated_at'
>

/** The work's range, read out of its base-info JSON by the database itself. */
const rangeOf = (db: Db) =>
  db.dialect === 'sqlite'
    ? sql<string | null>`json_extract(w.base, '$.range')`
    : sql<string | null>`(w.base::json ->> 'range')`

/** Which works a sheet holds: one range, or those whose range is none of the definition's. */
export type RangeFilter = { range: string } | { outside: string[] }

function worksQuery(db: Db, competitionId: number) {
  return db.kysely
    .selectFrom('competition_works as w')
    .innerJoin('competition_registrations as r', 'r.id', 'w.registration_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('competition_receipts as n', 'n.registration_id', 'r.id')
    .where('w.competition_id', '=', competitionId)
    .where('w.deleted_at', 'is', null)
}

function rangeCondition(db: Db, filter: RangeFilter): Expression<SqlBool> {
  const range = rangeOf(db)
  if ('range' in filter) return sql<SqlBool>`${range} = ${filter.range}`
  if (!filter.outside.length) return sql<SqlBool>`1 = 1`
  return sql<SqlBool>`(${range} is null or ${range} not in (${sql.join(filter.outside)}))`
}

/** One page of a competition's live works in a range, after work id `after`, by id. */
export async function worksPage(
  db: Db,
  competitionId: number,
  filter: RangeFilter,
  after: number,
  size = PAGE_SIZE,
): Promise<WorkRow[]> {
  return worksQuery(db, competitionId)
    .where(rangeCondition(db, filter))
    .where('w.id', '>', after)
    .select([
      'w.id as work_id',
      'w.base',
      'w.info',
      'w.adviser',
      'w.property_right',
      'w.display_board',
      'w.updated_at as work_updated_at',
      ...REGISTRATION_COLUMNS,
    ])
    .orderBy('w.id')
    .limit(size)
    .execute()
}

/** Live works per range value (null: none given), in one pass over the competition's works. */
export async function worksPerRange(db: Db, competitionId: number): Promise<Map<string | null, number>> {
  const range = rangeOf(db)
  const rows = await worksQuery(db, competitionId)
    .select((eb) => [range.as('range'), eb.fn.countAll().as('n')])
    .groupBy(range)
    .execute()
  return new Map(rows.map((r) => [r.range, Number(r.n)]))
}

function bareRegistrations(db: Db, competitionId: number) {
  return (
    db.kysely
      .selectFrom('competition_registrations as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .leftJoin('competition_receipts as n', 'n.registration_id', 'r.id')
      .where('r.competition_id', '=', competitionId)
      // Kept in the transaction of every work added or deleted (services/competition/works.ts): no
      // NOT EXISTS over the works, which has no index by registration and cost seconds at 10,000.
      .where('r.works_count', '=', 0)
  )
}

/** One page of the registrations that hold no live work, after registration id `after`. */
export async function registrationsPage(
  db: Db,
  competitionId: number,
  after: number,
  size = PAGE_SIZE,
): Promise<RegistrationRow[]> {
  return bareRegistrations(db, competitionId)
    .where('r.id', '>', after)
    .select([...REGISTRATION_COLUMNS])
    .orderBy('r.id')
    .limit(size)
    .execute()
}

export async function countRegistrationsWithoutWorks(db: Db, competitionId: number): Promise<number> {
  const { n } = await bareRegistrations(db, competitionId)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow()
  return Number(n)
}

/** One page of every live work of the competition (the ZIP's order: by work id). */
export const allWorksPage = (db: Db, competitionId: number, after: number, size = PAGE_SIZE) =>
  worksPage(db, competitionId, { outside: [] }, after, size)
