import type { FastifyBaseLogger } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { InProcessJobs, repeat } from '../../server/services/jobs/background-jobs.ts'

/**
 * The background jobs of a SQLite start (server/services/jobs/background-jobs.ts): the same calls as
 * the PostgreSQL queue, run in this process. Real timers, short delays.
 */
/** What the jobs log (a failure, a retry) is kept here, and checked where it matters. */
const lines: string[] = []
const log = {
  warn: (_: unknown, msg: string) => void lines.push(`warn ${msg}`),
  error: (_: unknown, msg: string) => void lines.push(`error ${msg}`),
} as unknown as FastifyBaseLogger
const opened: InProcessJobs[] = []
const jobsOf = () => {
  const jobs = new InProcessJobs(log)
  opened.push(jobs)
  return jobs
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const QUEUE = { expireInSeconds: 60, retryLimit: 0 }

afterEach(async () => {
  for (const jobs of opened.splice(0)) await jobs.stop(1000)
})

describe('in-process jobs', () => {
  it('runs jobs sent before and after the queue is worked, at most `concurrency` at once', async () => {
    const jobs = jobsOf()
    let running = 0
    let most = 0
    const done: number[] = []
    await jobs.send('q', { n: 1 })
    await jobs.work<{ n: number }>(
      'q',
      async ({ n }) => {
        running++
        most = Math.max(most, running)
        await sleep(20)
        running--
        done.push(n)
      },
      { ...QUEUE, concurrency: 2 },
    )
    for (const n of [2, 3, 4, 5]) await jobs.send('q', { n })
    await expect.poll(() => done.length).toBe(5)
    expect(done.sort()).toEqual([1, 2, 3, 4, 5])
    expect(most).toBe(2)
  })

  it('queues a singleton key once until its job has run, and waits for startAfter', async () => {
    const jobs = jobsOf()
    const ran: number[] = []
    await jobs.work<{ n: number }>('q', async ({ n }) => void ran.push(n), QUEUE)
    const at = new Date(Date.now() + 150)
    await jobs.send('q', { n: 1 }, { singletonKey: 'k', startAfter: at })
    await jobs.send('q', { n: 2 }, { singletonKey: 'k' })
    expect(await jobs.queued('q', 'k')).toBe(true)
    expect(await jobs.queued('q')).toBe(true)
    await sleep(50)
    expect(ran).toEqual([])
    await expect.poll(() => ran).toEqual([1])
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime())
    expect(await jobs.queued('q', 'k')).toBe(false)
    await jobs.send('q', { n: 3 }, { singletonKey: 'k' })
    await expect.poll(() => ran).toEqual([1, 3])
  })

  it('retries a failed job up to retryLimit times, then gives it up and frees its key', async () => {
    const jobs = jobsOf()
    let tries = 0
    await jobs.work(
      'q',
      async () => {
        tries++
        throw new Error('fails every time')
      },
      { expireInSeconds: 60, retryLimit: 1 },
    )
    await jobs.send('q', {}, { singletonKey: 'once' })
    await expect.poll(() => tries, { timeout: 8000 }).toBe(2)
    await expect.poll(() => jobs.queued('q', 'once')).toBe(false)
    await sleep(100)
    expect(tries).toBe(2)
    expect(lines).toEqual(['warn job failed; retried shortly', 'error job failed; no retries left'])
  }, 10_000)

  it('stops taking jobs at stop(), waiting for the one under way', async () => {
    const jobs = jobsOf()
    let finished = false
    let started = 0
    await jobs.work(
      'q',
      async () => {
        started++
        await sleep(50)
        finished = true
      },
      QUEUE,
    )
    await jobs.send('q', {})
    await jobs.send('q', {}, { startAfter: new Date(Date.now() + 100) })
    await expect.poll(() => started).toBe(1)
    await jobs.stop(1000)
    expect(finished).toBe(true)
    await sleep(150)
    expect(started).toBe(1)
  })

  it('repeat: runs each period once and queues the next run', async () => {
    const jobs = jobsOf()
    let runs = 0
    await repeat(jobs, 'tick', 100, async () => {
      runs++
    })
    // A second instance's start would send the same slot: nothing more is queued.
    await repeat(jobs, 'tick', 100, async () => {
      runs++
    })
    await sleep(350)
    expect(runs).toBeGreaterThanOrEqual(2)
    expect(runs).toBeLessThanOrEqual(4)
    expect(await jobs.queued('tick')).toBe(true)
  })
})
