import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import { publish, scheduledRows } from './publication.ts'

/**
 * Scheduled publications (README "Leaderboard and publishing results"). Behind this interface so it can
 * move to a job queue later (issue 25): `start` publishes what is due and arms a timer for the rest,
 * `schedule` arms one for a row just written, `close` clears every timer.
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

  constructor(
    k: Kysely<Database>,
    registry: CompetitionRegistry,
    log: FastifyBaseLogger,
    pollMs = DEFAULT_POLL_MS,
  ) {
    this.k = k
    this.registry = registry
    this.log = log
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
    const row = await this.k
      .selectFrom('result_publications')
      .select(['status', 'publish_at'])
      .where('competition_id', '=', competitionId)
      .executeTakeFirst()
    if (row?.status !== 'scheduled' || !row.publish_at) return
    // Fired early (a delay longer than setTimeout takes): wait for the rest.
    if (Date.parse(row.publish_at) > Date.now()) return this.schedule(competitionId, row.publish_at)
    const c = this.registry.byId(competitionId)
    if (!c) return this.log.warn({ competitionId }, 'scheduled results of a competition no longer defined')
    if (await publish(this.k, c, null)) this.log.info({ competitionId }, 'results published as scheduled')
  }
}
