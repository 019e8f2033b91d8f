import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'

/** How long readiness waits for the database before calling the instance not ready. */
export const READY_DATABASE_TIMEOUT_MS = 2_000

/**
 * Milliseconds the database took to answer a trivial query, or null when it did not within
 * READY_DATABASE_TIMEOUT_MS (down, unreachable, or every pooled connection stuck).
 */
export async function databaseLatencyMs(db: Db): Promise<number | null> {
  const started = performance.now()
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), READY_DATABASE_TIMEOUT_MS)
  })
  try {
    const answered = await Promise.race([
      sql`select 1`.execute(db.kysely).then(
        () => true,
        () => false,
      ),
      late,
    ])
    return answered ? Math.round(performance.now() - started) : null
  } finally {
    clearTimeout(timer)
  }
}
