import type { FastifyBaseLogger } from 'fastify'
import { PgBoss } from 'pg-boss'
import type { BackgroundJobs, QueueOptions, SendOptions } from './background-jobs.ts'

/**
 * Background work on PostgreSQL (issue 25 item 3, README "Production: background work"): pg-boss
 * keeps the jobs in the database (schema `pgboss`, made and migrated by the first instance to start),
 * so exactly one instance runs each job, a job due while every instance was down runs at the next
 * start, and the job of an instance that died half-way is retried by another once it expires. Used
 * when DATABASE_URL is set; with SQLite the same work runs in-process on timers.
 */
export class PostgresJobs implements BackgroundJobs {
  private readonly boss: PgBoss
  private readonly log: FastifyBaseLogger

  private constructor(boss: PgBoss, log: FastifyBaseLogger) {
    this.boss = boss
    this.log = log
  }

  static async start(databaseUrl: string, log: FastifyBaseLogger): Promise<PostgresJobs> {
    const boss = new PgBoss({
      connectionString: databaseUrl,
      schema: 'pgboss',
      // Its own small pool beside the portal's: polling and a few jobs at a time need no more.
      max: 3,
      application_name: 'kabu-jobs',
      // No cron schedules: jobs are sent with the time they are due.
      schedule: false,
      // A queue made with `notify` wakes its workers as a job is sent (one listening connection).
      useListenNotify: true,
      // How soon a job whose instance went silent (heartbeat) or overran is failed and retried: 60 s
      // by default, on top of the heartbeat's own 30 s; a few light queries per queue each time.
      superviseIntervalSeconds: 15,
    })
    // A failed poll or maintenance run is logged and retried by pg-boss; it must not crash the process.
    // Its workers report a copy of the error's fields with the queue's name (log-options.ts reads it).
    boss.on('error', (error: unknown) => {
      const queue = (error as { queue?: unknown }).queue
      log.warn({ err: error, ...(typeof queue === 'string' ? { queue } : {}) }, 'job queue')
    })
    await boss.start()
    return new PostgresJobs(boss, log)
  }

  /**
   * Creates the queue if missing and runs `handle` for each of its jobs on this instance. Exclusive:
   * one job per singletonKey queued or running, however many instances send it.
   */
  async work<T extends object>(
    queue: string,
    handle: (data: T) => Promise<void>,
    options: QueueOptions,
  ): Promise<void> {
    const { concurrency, wakeAtOnce, ...settings } = options
    // Made once: a start on a database that has it writes nothing (start-up.test.ts).
    if (!(await this.boss.getQueue(queue)))
      await this.boss.createQueue(queue, {
        ...settings,
        notify: wakeAtOnce === true,
        policy: 'exclusive',
        retryDelay: 5,
      })
    await this.boss.work<T>(
      queue,
      { pollingIntervalSeconds: 2, localConcurrency: concurrency ?? 1 },
      async (jobs) => {
        for (const job of jobs) await handle(job.data)
      },
    )
  }

  /** Whether a job with this key (without one: any job of the queue) is queued or running. */
  async queued(queue: string, singletonKey?: string): Promise<boolean> {
    const found = await this.boss.findJobs(queue, {
      ...(singletonKey === undefined ? {} : { key: singletonKey }),
      queued: true,
      limit: 1,
    })
    return found.length > 0
  }

  /** Adds a job, run once `startAfter` has come; the same `singletonKey` is not queued twice. */
  async send(queue: string, data: object, options: SendOptions = {}) {
    await this.boss.send(queue, data, options)
  }

  /** Stops taking jobs and waits up to `timeoutMs` for the ones under way, then closes the pool. */
  async stop(timeoutMs: number): Promise<void> {
    await this.boss.stop({ graceful: true, close: true, timeout: timeoutMs }).catch((error: unknown) => {
      this.log.warn({ err: error }, 'job queue did not stop cleanly')
    })
  }
}
