import os from 'node:os'
import path from 'node:path'
import type { TransferListItem } from 'node:worker_threads'
import { Piscina } from 'piscina'
import { DEFAULT_WORKER_QUEUE } from '../config.ts'
import { ServiceUnavailable } from '../plugins/errors.ts'
import type * as Tasks from './tasks.ts'

/** What a thread runs by name (`threadReady` is what a thread loads before it takes a task). */
export type TaskName = Exclude<keyof typeof Tasks, 'threadReady'>
export type TaskInput<K extends TaskName> = Parameters<(typeof Tasks)[K]>[0]
export type TaskOutput<K extends TaskName> = Awaited<ReturnType<(typeof Tasks)[K]>>

/** What a request is told when the pool's queue is full (HTTP 503, the envelope). */
export const BUSY_MSG = '服务繁忙，请稍后重试'

/**
 * A task ended because the pool is closing (the server stops): not a failure of the task. piscina
 * rejects it with a plain "Terminating worker thread"; this says so, and loggers leave it out.
 */
class PoolClosed extends Error {
  constructor() {
    super('worker pool closed while the server stops')
    this.name = 'PoolClosed'
  }
}

export interface PoolOptions {
  /** WORKER_THREADS: threads that do the costly work; the machine's cores by default. */
  threads?: number
  /** WORKER_QUEUE: tasks that may wait for a thread; beyond it a request is answered 503 at once. */
  queue?: number
}

/**
 * The threads that do what would otherwise hold the event loop (README "Operations: the worker pool"):
 * rendering public pages, drawing PDFs, decoding bitmaps and EPS previews, resizing pictures, packing
 * evidence zips. One pool of piscina threads, as many as the cores, at a lower scheduling priority
 * (nice +10) so the main thread — which answers everything else — always gets a core first. Tasks
 * wait in a bounded queue; a task that finds it full fails at once with a 503 envelope instead of
 * making everyone wait. Threads start on the first task (tests that never render start none), or at
 * once with the page renderer loaded in each (`startWithRenderer`).
 */
export class WorkerPool {
  private pool: Piscina | undefined
  private renderer: string | undefined
  readonly threads: number
  readonly queue: number

  constructor(options: PoolOptions = {}) {
    this.threads = options.threads ?? os.availableParallelism()
    this.queue = options.queue ?? DEFAULT_WORKER_QUEUE
  }

  private piscina(): Piscina {
    this.pool ??= new Piscina({
      filename: path.join(import.meta.dirname, 'tasks.ts'),
      minThreads: this.threads,
      maxThreads: this.threads,
      maxQueue: this.queue,
      // Threads stay: a page renderer takes a second or two to load in a new one.
      idleTimeout: 60 * 60_000,
      niceIncrement: 10,
      // Piscina gives a thread no task until tasks.ts's `threadReady` has settled: a thread that
      // replaces one a render was given up on loads the renderer first, on no render's time.
      name: 'threadReady',
      workerData: { renderer: this.renderer } satisfies Tasks.ThreadData,
    })
    return this.pool
  }

  /**
   * Starts the threads now, each loading the page renderer of `staticDir` (the built SPA) before it
   * takes a task — at start and whenever a thread is replaced later (README "Rendering under load").
   */
  startWithRenderer(staticDir: string): void {
    if (!this.pool) this.renderer = staticDir
    this.piscina()
  }

  /** Tasks waiting for a thread. */
  get waiting(): number {
    return this.pool?.queueSize ?? 0
  }

  async run<K extends TaskName>(
    name: K,
    input: TaskInput<K>,
    options: { transferList?: TransferListItem[]; signal?: AbortSignal } = {},
  ): Promise<TaskOutput<K>> {
    if (this.closing) throw new PoolClosed()
    try {
      return (await this.piscina().run(input, { name, ...options })) as TaskOutput<K>
    } catch (error) {
      if (error instanceof Error && error.message === 'Task queue is at limit')
        throw new ServiceUnavailable(BUSY_MSG)
      if (this.closing) throw new PoolClosed()
      throw error
    }
  }

  /** Set when the server stops: the tasks still under way then end with an error nobody needs to see. */
  closing = false

  /**
   * Ends the threads, last in a stop: requests and jobs have finished by then, so what it ends is
   * only a render its visitors no longer wait for, or a thread still loading the renderer.
   */
  async close(): Promise<void> {
    this.closing = true
    await this.pool?.destroy()
    this.pool = undefined
  }
}

/** A Buffer over what a task sent back (a transferred or copied Uint8Array), without copying it. */
export const bufferOf = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
