import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { type Published, publish, scheduledRows } from './publication.ts'

/**
 * Scheduled publications (README "Leaderboard and publishing results"): `start` publishes what is due
 * and arranges the rest, `schedule` arranges a row just written, `close` stops. On timers in-process
 * with SQLite (TimerResultsScheduler); as jobs on the PostgreSQL queue when DATABASE_URL is set
 * (QueuedResultsScheduler, queued-scheduler.ts).
 */
export interface ResultsScheduler {
  start(): Promise<void>
  /** A publication just scheduled (or moved) to `publishAt` (ISO). */
  schedule(competitionId: number, publishAt: string): void
  close(): void
}

/** setTimeout's longest delay (about 24.8 days); a later time re-arms when this one fires. */
const MAX_DELAY_MS = 2 ** 31 - 1
/**
 * How often the rows are read again: a publication another instance scheduled is then published here
 * too should that instance stop before its time (the conditional publish lets only one of them win).
 */
const DEFAULT_POLL_MS = 60_000

export class TimerResultsScheduler implements ResultsScheduler {
  private readonly timers = new Map<number, NodeJS.Timeout>()
  private poll: NodeJS.Timeout | undefined
  private closed = false

  private readonly k: Kysely<Database>
  private readonly registry: CompetitionRegistry
  private readonly log: FastifyBaseLogger
  private readonly pollMs: number
  private readonly published: Published

  constructor(
    k: Kysely<Database>,
    registry: CompetitionRegistry,
    log: FastifyBaseLogger,
    published: Published,
    pollMs = DEFAULT_POLL_MS,
  ) {
    this.k = k
    this.registry = registry
    this.log = log
    this.published = published
    this.pollMs = pollMs
  }

  async start(): Promise<void> {
    await this.sweep()
    this.poll = setInterval(() => {
      this.sweep().catch((error: unknown) => this.log.warn({ err: error }, 'scheduled results not checked'))
    }, this.pollMs)
    this.poll.unref()
  }

  schedule(competitionId: number, publishAt: string): void {
    if (this.closed) return
    clearTimeout(this.timers.get(competitionId))
    const delay = Math.min(Math.max(0, Date.parse(publishAt) - Date.now()), MAX_DELAY_MS)
    const timer = setTimeout(() => {
      this.timers.delete(competitionId)
      this.due(competitionId).catch((error: unknown) =>
        this.log.error({ err: error, competitionId }, 'scheduled results not published'),
      )
    }, delay)
    // A pending publication never keeps the process (or a test run) alive.
    timer.unref()
    this.timers.set(competitionId, timer)
  }

  close(): void {
    this.closed = true
    clearInterval(this.poll)
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
  }

  /** Every scheduled row: due ones published now, the others armed. */
  private async sweep(): Promise<void> {
    for (const row of await scheduledRows(this.k)) {
      if (!row.publish_at) continue
      if (Date.parse(row.publish_at) <= Date.now()) await this.due(row.competition_id)
      else if (!this.timers.has(row.competition_id)) this.schedule(row.competition_id, row.publish_at)
    }
  }

  private async due(competitionId: number): Promise<void> {
    if (this.closed) return
    const outcome = await publishIfDue(this.k, this.registry, this.log, competitionId, this.published)
    // Fired early (a delay longer than setTimeout takes): wait for the rest.
    if (outcome.early) this.schedule(competitionId, outcome.early)
  }
}

/**
 * Publishes a competition's scheduled results if their time has come; answers the time when it has
 * not. Whoever calls it — a timer, a job, two instances at once — the conditional publish lets one win.
 */
export async function publishIfDue(
  k: Kysely<Database>,
  registry: CompetitionRegistry,
  log: FastifyBaseLogger,
  competitionId: number,
  published: Published,
): Promise<{ early?: string }> {
  const row = await k
    .selectFrom('result_publications')
    .select(['status', 'publish_at'])
    .where('competition_id', '=', competitionId)
    .executeTakeFirst()
  if (row?.status !== 'scheduled' || !row.publish_at) return {}
  if (Date.parse(row.publish_at) > Date.now()) return { early: row.publish_at }
  const c = registry.byId(competitionId)
  if (!c) {
    log.warn({ competitionId }, 'scheduled results of a competition no longer defined')
    return {}
  }
  const outcome = await publish(k, c, null, published)
  if (outcome === 'published') log.info({ competitionId }, 'results published as scheduled')
  // Held, not dropped: the row stays scheduled, the console shows why, and the next sweep publishes
  // once the organiser has confirmed awards that stand.
  else if (typeof outcome === 'object')
    log.warn({ competitionId, reason: outcome.refused }, 'scheduled results held: the awards no longer stand')
  return {}
}
