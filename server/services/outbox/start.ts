import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema.ts'
import { type BackgroundJobs, repeat } from '../jobs/background-jobs.ts'
import { OUTBOX_QUEUE, OUTBOX_ROUND_MS, OUTBOX_ROUND_QUEUE, OutboxDelivery } from './delivery.ts'
import { createMessageGateway } from './gateway.ts'
import type { MessageSettings } from './settings.ts'

/** What the rest of the server sees of delivery: a nudge after queueing a message someone waits for. */
export interface Outbox {
  /** Starts a delivery round now, instead of at the next regular one (nothing with the sandbox). */
  soon(): void
  /** The delivery, with a gateway; null with the sandbox, which sends nothing. */
  readonly delivery: OutboxDelivery | null
}

/**
 * With MESSAGE_PROVIDER=gateway, delivery runs as background jobs: a round every OUTBOX_ROUND_MS (one
 * instance runs each), and one at once when `soon` is called. The sandbox keeps its messages for the
 * local mailbox and sends nothing.
 */
export async function startOutbox(
  settings: MessageSettings,
  deps: { db: Kysely<Database>; jobs: BackgroundJobs; log: FastifyBaseLogger },
): Promise<Outbox & { close(): void }> {
  if (settings.provider === 'sandbox') return { soon() {}, delivery: null, close() {} }
  const gateway = createMessageGateway(settings)
  const delivery = new OutboxDelivery(deps.db, gateway, deps.log)
  const round = async () => {
    const counts = await delivery.round()
    if (counts.sent + counts.retried + counts.failed) deps.log.info(counts, 'outbox delivery round')
  }
  await deps.jobs.work(OUTBOX_QUEUE, round, { expireInSeconds: 600, retryLimit: 0, wakeAtOnce: true })
  await repeat(deps.jobs, OUTBOX_ROUND_QUEUE, OUTBOX_ROUND_MS, round)
  return {
    soon() {
      deps.jobs
        .send(OUTBOX_QUEUE, {})
        .catch((error: unknown) => deps.log.warn({ err: error }, 'outbox round not started'))
    },
    delivery,
    close: () => gateway.close(),
  }
}
