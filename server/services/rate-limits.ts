import { type Kysely, sql } from 'kysely'
import type { Database } from '../db/schema.ts'

export interface Limit {
  /** How long a window lasts from its first claim. */
  windowMs: number
  /** Claims allowed within one window. */
  max: number
}

export interface Claim {
  allowed: boolean
  /** Until the window closes; 0 when allowed. */
  retryAfterMs: number
}

/** Rows older than this are no longer part of any window we use and are deleted now and then. */
const KEEP_MS = 24 * 3600_000
const PRUNE_EVERY = 500

/**
 * Fixed-window counters kept in the database. A caller claims a use *before* the slow work the limit
 * guards (a password hash, an SMS): the claim is one atomic upsert that returns the new count, so a
 * burst of concurrent requests cannot all pass a check that is counted afterwards — on SQLite and on
 * PostgreSQL (where ON CONFLICT DO UPDATE locks the row), and across every server instance.
 */
export class RateLimits {
  private readonly db: Kysely<Database>
  private readonly now: () => number
  private claims = 0

  // Read through Date on each call (not a captured Date.now), so a test's fake clock moves it too.
  constructor(db: Kysely<Database>, now: () => number = () => Date.now()) {
    this.db = db
    this.now = now
  }

  async claim(key: string, limit: Limit): Promise<Claim> {
    const now = this.now()
    const nowIso = new Date(now).toISOString()
    const expired = new Date(now - limit.windowMs).toISOString()
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, window_start: nowIso, count: 1 })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          // Both expressions read the row as it was: an expired window restarts at 1 from now.
          count: sql<number>`case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end`,
          window_start: sql<string>`case when rate_limits.window_start <= ${expired} then ${nowIso} else rate_limits.window_start end`,
        }),
      )
      .returning(['count', 'window_start'])
      .executeTakeFirstOrThrow()
    if (++this.claims % PRUNE_EVERY === 0) await this.prune()
    const count = Number(row.count)
    if (count <= limit.max) return { allowed: true, retryAfterMs: 0 }
    return { allowed: false, retryAfterMs: Math.max(0, Date.parse(row.window_start) + limit.windowMs - now) }
  }

  /**
   * Claims one use of each key together: either every claim counts, or — when any key is over its
   * limit — none does (all are given back), so a refused attempt never uses up another limit.
   * `refused` is the index of the first key over its limit, or -1.
   */
  async claimAll(claims: ReadonlyArray<readonly [string, Limit]>): Promise<Claim & { refused: number }> {
    const results = await Promise.all(claims.map(([key, limit]) => this.claim(key, limit)))
    const refused = results.findIndex((r) => !r.allowed)
    if (refused < 0) return { allowed: true, retryAfterMs: 0, refused }
    await Promise.all(claims.map(([key]) => this.release(key)))
    return { allowed: false, retryAfterMs: Math.max(...results.map((r) => r.retryAfterMs)), refused }
  }

  /** Gives one claim back: the attempt turned out not to count (a success, or refused elsewhere). */
  async release(key: string): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ count: sql<number>`case when count > 0 then count - 1 else 0 end` })
      .where('key', '=', key)
      .execute()
  }

  /** How many claims a key's current window holds (0 when none, or when its window has passed). */
  async count(key: string, limit: Pick<Limit, 'windowMs'>): Promise<number> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['count', 'window_start'])
      .where('key', '=', key)
      .executeTakeFirst()
    if (!row || Date.parse(row.window_start) + limit.windowMs <= this.now()) return 0
    return Number(row.count)
  }

  /** Forgets a key's window altogether (e.g. the owner proved who they are). */
  async clear(...keys: string[]): Promise<void> {
    if (keys.length) await this.db.deleteFrom('rate_limits').where('key', 'in', keys).execute()
  }

  private async prune(): Promise<void> {
    const cutoff = new Date(this.now() - KEEP_MS).toISOString()
    await this.db.deleteFrom('rate_limits').where('window_start', '<', cutoff).execute()
  }
}

/** Whole minutes to wait, at least 1: what the throttle messages say. */
export const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000))
