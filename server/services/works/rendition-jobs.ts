import type { FastifyBaseLogger } from 'fastify'
import { isWorkImage, WORK_RENDITION_WIDTHS } from '../../../schemas/works.ts'
import type { BackgroundJobs } from '../jobs/background-jobs.ts'
import { NoPicture, type Renditions } from './renditions.ts'

const RENDITION_QUEUE = 'renditions'

/**
 * A picture's renditions made in the background as soon as it is uploaded (README "Production:
 * background work"): one job per upload, on whichever instance takes it, which makes the card and
 * detail sizes in its worker pool and keeps them in the object store. The first visitor then finds
 * them made; a rendition asked for before its job has run is made on the spot as before, once.
 */
export async function startRenditionJobs(jobs: BackgroundJobs, renditions: Renditions): Promise<void> {
  await jobs.work<{ name: string }>(
    RENDITION_QUEUE,
    async ({ name }) => {
      for (const width of WORK_RENDITION_WIDTHS) {
        try {
          await renditions.of(name, width)
        } catch (error) {
          // Nothing to show in it: every width would say so, and a retry would too.
          if (error instanceof NoPicture) return
          throw error
        }
      }
    },
    // One at a time per instance: the pool stays free for the pictures visitors are waiting for.
    { expireInSeconds: 120, retryLimit: 1, concurrency: 1 },
  )
}

/** Queues the renditions of an uploaded picture (other files have none); a failure only loses the head start. */
export async function queueRenditions(
  jobs: BackgroundJobs,
  name: string,
  log: FastifyBaseLogger,
): Promise<void> {
  if (!isWorkImage(name)) return
  await jobs
    .send(RENDITION_QUEUE, { name }, { singletonKey: name })
    .catch((error: unknown) => log.warn({ err: error, name }, 'renditions not queued; made on first view'))
}
