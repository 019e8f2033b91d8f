import type { Kysely } from 'kysely'
import { SCHEDULE_TABLES } from '../../db/migrations/0030-schedule-overrides.ts'
import type { Database } from '../../db/schema.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import type { CountedTable, VersionedCache } from '../reference-versions.ts'

/**
 * The console's dates (赛程) as every instance serves them: read from competition_schedule_overrides
 * into the CompetitionRegistry at start and whenever the table's counter moves — through NOTIFY on
 * PostgreSQL, by polling on SQLite (services/reference-versions.ts) — and at once on the instance
 * that wrote them. Listed before the page cache, so the pages rendered after the cache is emptied
 * show the new dates.
 */
export class ScheduleOverrides implements VersionedCache {
  readonly tables: readonly CountedTable[] = SCHEDULE_TABLES
  private readonly db: Kysely<Database>
  private readonly registry: CompetitionRegistry

  constructor(db: Kysely<Database>, registry: CompetitionRegistry) {
    this.db = db
    this.registry = registry
  }

  async reload(): Promise<void> {
    const rows = await this.db
      .selectFrom('competition_schedule_overrides')
      .select(['competition_id', 'field', 'value'])
      .execute()
    const overrides = new Map<number, Map<string, string>>()
    for (const r of rows) {
      const own = overrides.get(r.competition_id) ?? new Map<string, string>()
      own.set(r.field, r.value)
      overrides.set(r.competition_id, own)
    }
    this.registry.setOverrides(overrides)
  }
}
