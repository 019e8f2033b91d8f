import { sql } from 'kysely'
import { STAGE_LABELS, stageAt } from '../../../definitions/competition/phases.ts'
import type { Choice, Competition } from '../../../definitions/competition/types.ts'
import type { ManageCompetition } from '../../../schemas/api/manage.ts'
import type { Db } from '../../db/connect.ts'
import type { CompetitionRegistry } from '../competitions.ts'

type Counts = { registrations: number; works: number; paid: number; submitted: number }
const zero = (): Counts => ({ registrations: 0, works: 0, paid: 0, submitted: 0 })

/** A work's category, read inside its base form's JSON by the database (both dialects). */
const rangeOfWork = (db: Db) =>
  db.dialect === 'sqlite'
    ? sql<string | null>`json_extract(w.base, '$.range')`
    : sql<string | null>`(w.base::json ->> 'range')`

/** Counts by the definition's choices (in its order), then any stored value it no longer lists. */
function breakdown(choices: Choice[], counts: Map<string, Counts>) {
  const listed = choices.map((c) => ({ value: c.value, label: c.label, ...(counts.get(c.value) ?? zero()) }))
  const extra = [...counts.entries()]
    .filter(([value]) => !choices.some((c) => c.value === value))
    .map(([value, n]) => ({ value, label: value || '（未填）', ...n }))
  return [...listed, ...extra]
}

const bump = (map: Map<string, Counts>, key: string, add: Partial<Counts>) => {
  const n = map.get(key) ?? zero()
  for (const [k, v] of Object.entries(add)) n[k as keyof Counts] += v ?? 0
  map.set(key, n)
}

/**
 * Each competition the reader may see (`scope` undefined: all) with live counts: registrations, works,
 * paid and submitted entries, returned and disqualified ones, by entrant type and by range. Counted by
 * the database per group (two queries for all competitions), so a large competition costs no more.
 */
export async function competitionsOverview(
  db: Db,
  registry: CompetitionRegistry,
  scope: number[] | undefined,
  only?: number,
  now = Date.now(),
): Promise<ManageCompetition[]> {
  const k = db.kysely
  const competitions = registry
    .all()
    .filter((c) => (!scope || scope.includes(c.competitionId)) && (!only || c.competitionId === only))
    .sort((a, b) => b.year - a.year || b.competitionId - a.competitionId)
  if (!competitions.length) return []
  const ids = competitions.map((c) => c.competitionId)
  const regs = await k
    .selectFrom('competition_registrations as r')
    .select(['r.competition_id', 'r.entrant_type', 'r.moderation'])
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.count<number>('r.paid_order_id').as('paid'),
      eb.fn.count<number>('r.finalised_at').as('submitted'),
      eb.fn.sum<number>('r.works_count').as('works'),
    ])
    .where('r.competition_id', 'in', ids)
    .groupBy(['r.competition_id', 'r.entrant_type', 'r.moderation'])
    .execute()
  const range = rangeOfWork(db)
  const works = await k
    .selectFrom('competition_works as w')
    .innerJoin('competition_registrations as r', 'r.id', 'w.registration_id')
    .select(['w.competition_id', range.as('range')])
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.count<number>('r.id').distinct().as('registrations'),
      eb.fn.count<number>('r.paid_order_id').as('paid'),
      eb.fn.count<number>('r.finalised_at').as('submitted'),
    ])
    .where('w.competition_id', 'in', ids)
    .where('w.deleted_at', 'is', null)
    .groupBy(['w.competition_id', range])
    .execute()
  return competitions.map((c) => overviewOf(c, regs, works, now))
}

type RegGroup = {
  competition_id: number
  entrant_type: string
  moderation: string | null
  n: number | string
  paid: number | string
  submitted: number | string
  works: number | string | null
}
type WorkGroup = {
  competition_id: number
  range: string | null
  n: number | string
  registrations: number | string
  paid: number | string
  submitted: number | string
}

function overviewOf(c: Competition, regs: RegGroup[], works: WorkGroup[], now: number): ManageCompetition {
  const total = zero()
  let returned = 0
  let disqualified = 0
  const byType = new Map<string, Counts>()
  for (const g of regs.filter((r) => r.competition_id === c.competitionId)) {
    const n = {
      registrations: Number(g.n),
      paid: Number(g.paid),
      submitted: Number(g.submitted),
      works: Number(g.works ?? 0),
    }
    bump(byType, g.entrant_type, n)
    for (const key of Object.keys(total) as Array<keyof Counts>) total[key] += n[key]
    if (g.moderation === 'returned') returned += n.registrations
    if (g.moderation === 'disqualified') disqualified += n.registrations
  }
  const byRange = new Map<string, Counts>()
  for (const g of works.filter((w) => w.competition_id === c.competitionId))
    bump(byRange, g.range ?? '', {
      works: Number(g.n),
      registrations: Number(g.registrations),
      paid: Number(g.paid),
      submitted: Number(g.submitted),
    })
  const stage = stageAt(c.phases, now)
  return {
    competitionId: c.competitionId,
    slug: c.slug,
    title: c.title,
    year: c.year,
    stage,
    stageLabel: STAGE_LABELS[stage],
    submissionDeadline: c.phases.submissionDeadline,
    results: c.phases.results,
    payRequired: c.pay?.required ?? false,
    judged: Boolean(c.judging?.rounds.length),
    ...total,
    returned,
    disqualified,
    byEntrantType: breakdown(c.entrantTypes, byType),
    byRange: breakdown([...c.ranges.default, ...(c.ranges.propositional ?? [])], byRange),
  }
}
