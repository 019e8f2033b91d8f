import type { Kysely } from 'kysely'
import { loadDefinitions } from '../../definitions/check-all.ts'
import { resolveCompetition } from '../../definitions/competition/facts.ts'
import { applySchedule } from '../../definitions/competition/schedule.ts'
import type { Competition } from '../../definitions/competition/types.ts'
import type { CompetitionTable, Database } from '../db/schema.ts'

/**
 * The competitions of the definition files (DEFINITIONS_ROOT/competitions/*.json), checked by the one
 * checker of definitions/ and held in memory; every load is synced into the `competitions` table so
 * registrations, works and orders refer to rows, and a new file needs no SQL. A file removed from
 * disk keeps its row, marked inactive, and is no longer served.
 *
 * byId, bySlug and all serve the EFFECTIVE competition: the file with the dates staff set in the
 * console (赛程, table competition_schedule_overrides) in place of its own, so every rule that reads
 * c.phases or a round's opens/closes obeys the console without knowing of it. The overrides are
 * handed in by ScheduleOverrides (services/manage/schedule-cache.ts) on every instance at once;
 * fileById gives the file's own dates, and the `competitions` table keeps the file's.
 */
export class CompetitionRegistry {
  readonly root: string
  private byIdMap = new Map<number, Competition>()
  private bySlugMap = new Map<string, Competition>()
  private fileMap = new Map<number, Competition>()
  private overrides = new Map<number, ReadonlyMap<string, string>>()
  private stamp: (c: Competition) => Competition = (c) => c

  constructor(root: string) {
    this.root = root
  }

  /** Throws InvalidDefinitionsError (every problem, file and path) when any definition is invalid. */
  load(): Competition[] {
    const { competitions } = loadDefinitions(this.root)
    this.use(competitions)
    return competitions
  }

  /** Serves these checked competitions from now on (a reload's: services/live-definitions.ts). */
  use(competitions: Competition[]): void {
    this.fileMap = new Map(competitions.map((c) => [c.competitionId, c]))
    this.applyOverrides()
  }

  /** The console's dates (competition id → field path → value) from now on, in place of any before. */
  setOverrides(overrides: Map<number, ReadonlyMap<string, string>>): void {
    this.overrides = overrides
    this.applyOverrides()
  }

  /**
   * From now on, every competition is served through `stamp` (the content hashes of its images:
   * services/public-versions.ts); `refresh` applies it again when those change.
   */
  stampWith(stamp: (c: Competition) => Competition): void {
    this.stamp = stamp
    this.applyOverrides()
  }

  refresh(): void {
    this.applyOverrides()
  }

  /** The competition as its file defines it, without the console's dates. */
  fileById(id: number): Competition | undefined {
    return this.fileMap.get(id)
  }

  private applyOverrides(): void {
    // Text as every page, card and search result shows it: bindings filled from the dates in force.
    const effective = [...this.fileMap.values()].map((c) =>
      this.stamp(resolveCompetition(applySchedule(c, this.overrides.get(c.competitionId) ?? new Map()))),
    )
    this.byIdMap = new Map(effective.map((c) => [c.competitionId, c]))
    this.bySlugMap = new Map(effective.map((c) => [c.slug, c]))
  }

  byId(id: number): Competition | undefined {
    return this.byIdMap.get(id)
  }

  bySlug(slug: string): Competition | undefined {
    return this.bySlugMap.get(slug)
  }

  all(): Competition[] {
    return [...this.byIdMap.values()]
  }

  /** Upserts every loaded competition and marks rows without a file inactive; writes only what changed. */
  async sync(db: Kysely<Database>, now = new Date()): Promise<{ written: number; deactivated: number }> {
    const stamp = now.toISOString()
    // The files' own definitions: the console's dates live in their own table, not in these rows.
    const competitions = [...this.fileMap.values()]
    return db.transaction().execute(async (trx) => {
      const current = new Map(
        (await trx.selectFrom('competitions').select(['id', 'definition', 'active']).execute()).map((r) => [
          r.id,
          r,
        ]),
      )
      let written = 0
      for (const c of competitions) {
        const row = rowOf(c)
        const was = current.get(c.competitionId)
        if (was && was.definition === row.definition && was.active === 1) continue
        // A slug moved from an inactive row to this one: the old row gives it up.
        await trx
          .updateTable('competitions')
          .set({ slug: `~${row.id}~${row.slug}`.slice(0, 64) })
          .where('slug', '=', row.slug)
          .where('id', '!=', row.id)
          .execute()
        await trx
          .insertInto('competitions')
          .values({ ...row, created_at: stamp, updated_at: stamp })
          .onConflict((oc) => oc.column('id').doUpdateSet({ ...row, updated_at: stamp }))
          .execute()
        written += 1
      }
      // Rows whose file is gone: written only when there are any, so an unchanged start writes nothing.
      const ids = new Set(competitions.map((c) => c.competitionId))
      const gone = [...current.values()].filter((r) => r.active === 1 && !ids.has(r.id)).map((r) => r.id)
      if (!gone.length) return { written, deactivated: 0 }
      const deactivated = await trx
        .updateTable('competitions')
        .set({ active: 0, updated_at: stamp })
        .where('active', '=', 1)
        .where('id', 'in', gone)
        .executeTakeFirst()
      return { written, deactivated: Number(deactivated.numUpdatedRows) }
    })
  }
}

function rowOf(c: Competition): Omit<CompetitionTable, 'created_at' | 'updated_at'> {
  const { slug: _slug, ...definition } = c
  return {
    id: c.competitionId,
    slug: c.slug,
    title: c.title,
    year: c.year,
    api: c.api,
    registration_opens: c.phases.registrationOpens,
    registration_closes: c.phases.registrationCloses,
    submission_deadline: c.phases.submissionDeadline,
    results: c.phases.results,
    fee_fen: c.pay?.fee ?? null,
    fee_source: c.pay?.source ?? null,
    pay_required: c.pay?.required ? 1 : 0,
    works_max: c.works.max,
    definition: JSON.stringify(definition),
    active: 1,
  }
}
