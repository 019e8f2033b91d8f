import { sql } from 'kysely'
import type { Db } from '../db/connect.ts'
import type { FileStorage } from './storage.ts'

/** How long readiness waits for the database, and for the object store, before calling the instance not ready. */
export const READY_DATABASE_TIMEOUT_MS = 2_000

/** Why readiness answers 503: the part that did not answer, named (README "Health and readiness"). */
export const NOT_READY_MSG = {
  database: '服务暂时不可用：数据库无应答',
  objectStore: '服务暂时不可用：对象存储无应答',
} as const

/** Milliseconds `probe` took, or why it failed (or did not finish within READY_DATABASE_TIMEOUT_MS). */
async function timed(
  probe: (signal: AbortSignal) => Promise<unknown>,
): Promise<{ ms: number } | { failed: string }> {
  const started = performance.now()
  const signal = AbortSignal.timeout(READY_DATABASE_TIMEOUT_MS)
  let timer: ReturnType<typeof setTimeout> | undefined
  // Raced as well as passed on: a database query cannot be aborted, and a probe may ignore the signal.
  const late = new Promise<{ failed: string }>((resolve) => {
    timer = setTimeout(() => resolve({ failed: 'no answer in time' }), READY_DATABASE_TIMEOUT_MS)
  })
  try {
    return await Promise.race([
      probe(signal).then(
        () => ({ ms: Math.round(performance.now() - started) }),
        (error: unknown) => ({
          failed: String((error as { reason?: unknown }).reason ?? (error as Error).message),
        }),
      ),
      late,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/**
 * Milliseconds the database took to answer a trivial query, or null when it did not within
 * READY_DATABASE_TIMEOUT_MS (down, unreachable, or every pooled connection stuck).
 */
export async function databaseLatencyMs(db: Db): Promise<number | null> {
  const answer = await timed(() => sql`select 1`.execute(db.kysely))
  return 'ms' in answer ? answer.ms : null
}

/**
 * How the shared object store answered (STORAGE=s3): its latency, or why it did not within the same
 * 2 s; nothing for STORAGE=local, whose store is this instance's own DATA_DIR.
 */
export async function objectStoreLatency(
  storage: FileStorage,
): Promise<{ ms: number } | { failed: string } | undefined> {
  if (storage.storeKind === 'local') return undefined
  return timed((signal) => storage.probeStore(signal))
}
