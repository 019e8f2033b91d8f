import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import type { BackgroundJobs } from '../jobs/background-jobs.ts'
import { type Published, scheduledRows } from './publication.ts'
import { publishIfDue, type ResultsScheduler } from './scheduler.ts'

const QUEUE = 'results-publish'
const keyOf = (competitionId: number, publishAt: string) => `${competitionId}@${publishAt}`

/**
 * Scheduled publications as jobs on the PostgreSQL queue: one job per scheduled row, due at its
 * time, run by whichever instance takes it; an instance killed while running it leaves the job to be
 * retried by another once it expires (a minute). Nothing depends on the instance that scheduled it
 * still running: the job is in the database.
 */
export class QueuedResultsScheduler implements ResultsScheduler {
  private readonly k: Kysely<Database>
  private readonly registry: CompetitionRegistry
  private readonly log: FastifyBaseLogger
  private readonly jobs: BackgroundJobs
  private readonly published: Published

  constructor(
    k: Kysely<Database>,
    registry: CompetitionRegistry,
    log: FastifyBaseLogger,
    jobs: BackgroundJobs,
    published: Published,
  ) {
    this.k = k
    this.registry = registry
    this.log = log
    this.jobs = jobs
    this.published = published
  }

  async start(): Promise<void> {
    await this.jobs.work<{ competitionId: number }>(
      QUEUE,
      async ({ competitionId }) => {
        const { early } = await publishIfDue(this.k, this.registry, this.log, competitionId, this.published)
        // Moved later since this job was sent: the move sent its own job, this one has nothing to do.
        if (early) await this.send(competitionId, early)
      },
      { expireInSeconds: 60, retryLimit: 5 },
    )
    // A job is sent when a publication is scheduled and outlives any instance; one is sent here only
    // for a scheduled row that has none (scheduled before the queue existed, or its send failed).
    for (const row of await scheduledRows(this.k)) {
      if (!row.publish_at) continue
      if (!(await this.jobs.queued(QUEUE, keyOf(row.competition_id, row.publish_at))))
        await this.send(row.competition_id, row.publish_at)
    }
  }

  schedule(competitionId: number, publishAt: string): void {
    this.send(competitionId, publishAt).catch((error: unknown) =>
      this.log.error({ err: error, competitionId }, 'scheduled results not queued'),
    )
  }

  /** The queue is stopped with the app (app.ts), after the requests in flight. */
  close(): void {}

  private send(competitionId: number, publishAt: string): Promise<void> {
    return this.jobs.send(
      QUEUE,
      { competitionId },
      { startAfter: new Date(publishAt), singletonKey: keyOf(competitionId, publishAt) },
    )
  }
}
