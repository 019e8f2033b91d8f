import type { FastifyBaseLogger } from 'fastify'

/** How a queue's jobs run (README "Production: background work"). */
export interface QueueOptions {
  /** A job running longer is taken for lost and retried (on PostgreSQL, by any instance). */
  expireInSeconds: number
  /** Retries after a failure or a lost run. */
  retryLimit: number
  /**
   * PostgreSQL: the instance running a job says so this often (at least 10 s); a job whose instance
   * died is retried once it has been silent this long, instead of waiting for expireInSeconds.
   */
  heartbeatSeconds?: number
  /** Jobs of this queue one instance runs at once (1 unless said). */
  concurrency?: number
  /** Someone waits for these jobs: PostgreSQL wakes a worker as one is sent instead of at its next poll. */
  wakeAtOnce?: boolean
}

export interface SendOptions {
  /** Not run before this time. */
  startAfter?: Date
  /** A job with this key already queued or running: the send does nothing. */
  singletonKey?: string
}

/**
 * Background work: on PostgreSQL a queue in the database that every instance takes jobs from
 * (jobs/postgres-jobs.ts, pg-boss), with SQLite the same calls run in this process
 * (InProcessJobs). Handlers are written once for both.
 */
export interface BackgroundJobs {
  /** Creates the queue if missing and runs `handle` for each of its jobs on this instance. */
  work<T extends object>(
    queue: string,
    handle: (data: T) => Promise<void>,
    options: QueueOptions,
  ): Promise<void>
  /** Adds a job. */
  send(queue: string, data: object, options?: SendOptions): Promise<void>
  /** Whether a job with this key (without one: any job of the queue) is queued or running. */
  queued(queue: string, singletonKey?: string): Promise<boolean>
  /** Stops taking jobs and waits up to `timeoutMs` for the ones under way. */
  stop(timeoutMs: number): Promise<void>
}

interface Queue {
  handle: (data: object) => Promise<void>
  options: QueueOptions
  running: number
  waiting: Array<{ data: object; key?: string; attempt: number }>
}

/** Wait after a failed job before its retry. */
const RETRY_DELAY_MS = 5_000

/**
 * Jobs in this process, for SQLite (one process owns the database file): queued in memory, run up to
 * each queue's concurrency at once, a failure retried after RETRY_DELAY_MS up to retryLimit times.
 * Nothing survives a restart, so whatever sends jobs also re-sends, at start, the work its own tables
 * still show as due (the export rows, the scheduled publications).
 */
export class InProcessJobs implements BackgroundJobs {
  private readonly queues = new Map<string, Queue>()
  /** `queue\0key` of each job queued, delayed or running. */
  private readonly keys = new Set<string>()
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly underWay = new Set<Promise<void>>()
  private readonly log: FastifyBaseLogger
  private stopped = false

  constructor(log: FastifyBaseLogger) {
    this.log = log
  }

  async work<T extends object>(queue: string, handle: (data: T) => Promise<void>, options: QueueOptions) {
    const existing = this.queues.get(queue)
    this.queues.set(queue, {
      handle: handle as (data: object) => Promise<void>,
      options,
      running: 0,
      waiting: existing?.waiting ?? [],
    })
    this.next(queue)
  }

  async send(queue: string, data: object, options: SendOptions = {}): Promise<void> {
    const key = options.singletonKey
    if (key !== undefined) {
      if (this.keys.has(`${queue}\0${key}`)) return
      this.keys.add(`${queue}\0${key}`)
    }
    const delay = (options.startAfter?.getTime() ?? 0) - Date.now()
    this.later(delay, () => this.enqueue(queue, { data, key, attempt: 0 }))
  }

  async queued(queue: string, singletonKey?: string): Promise<boolean> {
    if (singletonKey !== undefined) return this.keys.has(`${queue}\0${singletonKey}`)
    return [...this.keys].some((key) => key.startsWith(`${queue}\0`))
  }

  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.allSettled([...this.underWay]),
      new Promise((resolve) => {
        timer = setTimeout(resolve, timeoutMs)
      }),
    ])
    clearTimeout(timer)
  }

  private later(delayMs: number, run: () => void): void {
    if (delayMs <= 0) {
      run()
      return
    }
    // Node's timers hold at most ~24.8 days: a later job waits in steps.
    const step = Math.min(delayMs, 2 ** 31 - 1)
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      this.later(delayMs - step, run)
    }, step)
    timer.unref()
    this.timers.add(timer)
  }

  private queueOf(name: string): Queue {
    let queue = this.queues.get(name)
    if (!queue) {
      // Sent before anything works it: kept until work() is called.
      const options = { expireInSeconds: 0, retryLimit: 0, concurrency: 0 }
      queue = { handle: async () => {}, options, running: 0, waiting: [] }
      this.queues.set(name, queue)
    }
    return queue
  }

  private enqueue(name: string, job: Queue['waiting'][number]): void {
    if (this.stopped) return
    this.queueOf(name).waiting.push(job)
    this.next(name)
  }

  private next(name: string): void {
    const queue = this.queueOf(name)
    while (!this.stopped && queue.waiting.length && queue.running < (queue.options.concurrency ?? 1)) {
      const job = queue.waiting.shift()!
      queue.running++
      const run = queue
        .handle(job.data)
        .then(
          () => {
            if (job.key !== undefined) this.keys.delete(`${name}\0${job.key}`)
          },
          (error: unknown) => {
            if (job.attempt < queue.options.retryLimit) {
              this.log.warn({ err: error, queue: name }, 'job failed; retried shortly')
              this.later(RETRY_DELAY_MS, () => this.enqueue(name, { ...job, attempt: job.attempt + 1 }))
              return
            }
            this.log.error({ err: error, queue: name }, 'job failed; no retries left')
            if (job.key !== undefined) this.keys.delete(`${name}\0${job.key}`)
          },
        )
        .finally(() => {
          queue.running--
          this.underWay.delete(run)
          this.next(name)
        })
      this.underWay.add(run)
    }
  }
}

/**
 * Runs `handle` every `periodMs` on one instance of all: each run is a job due at its slot (a multiple
 * of `periodMs`) keyed by that slot, so the instances that all send it queue it once; each run sends
 * the next. A start sends the coming slot again (a no-op when it is queued already).
 */
export async function repeat(
  jobs: BackgroundJobs,
  queue: string,
  periodMs: number,
  handle: () => Promise<void>,
): Promise<void> {
  const sendNext = (after: number) => {
    const slot = (Math.floor(after / periodMs) + 1) * periodMs
    return jobs.send(queue, { slot }, { startAfter: new Date(slot), singletonKey: String(slot) })
  }
  await jobs.work<{ slot: number }>(
    queue,
    async ({ slot }) => {
      try {
        await handle()
      } finally {
        await sendNext(Math.max(slot, Date.now()))
      }
    },
    { expireInSeconds: 600, retryLimit: 1 },
  )
  // Read first: a start on a database whose queue holds the next run already writes nothing.
  if (!(await jobs.queued(queue))) await sendNext(Date.now())
}
