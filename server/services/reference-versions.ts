import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import pg from 'pg'
import { REFERENCE_CHANNEL, REFERENCE_TABLES } from '../db/migrations/0005-reference-versions.ts'
import { PAGE_TABLES } from '../db/migrations/0025-results-version.ts'
import { SCHEDULE_TABLES } from '../db/migrations/0030-schedule-overrides.ts'
import { DEFINITION_TABLES } from '../db/migrations/0033-definition-reloads.ts'
import type { Database } from '../db/schema.ts'

/**
 * Every table with a counter in reference_versions: the reference data, what pages show at once, the
 * console's schedule (which competitions, and so pages, are served with) and the definition reloads.
 */
export const COUNTED_TABLES = [
  ...REFERENCE_TABLES,
  ...PAGE_TABLES,
  ...SCHEDULE_TABLES,
  ...DEFINITION_TABLES,
] as const
export type CountedTable = (typeof COUNTED_TABLES)[number]

/**
 * How often an instance reads the counters when nothing told it sooner: the bound on how long
 * another instance's (or an operator's) change to menus, partners, dictionaries or regions takes to
 * show here. One indexed read of four rows.
 */
export const REFERENCE_POLL_MS = 1000

/** Something served from memory that is rebuilt from the given tables when their counters move. */
export interface VersionedCache {
  readonly tables: readonly CountedTable[]
  /** Reads `changed` (some of `tables`) again; on a throw the old data stays and the next check retries. */
  reload(changed: CountedTable[]): Promise<void>
}

/**
 * Keeps the in-memory reference caches of one instance in step with the database that several
 * instances may share. Triggers bump reference_versions in the same transaction as any write to a
 * cached table (migration 0005); this watcher reads the counters every `pollMs` (and, on PostgreSQL,
 * at once when a NOTIFY on `kabu_reference` arrives) and has each cache whose tables moved reload them.
 * Counters are read before the data, so a write racing a reload is at worst loaded twice, never missed.
 */
export class ReferenceWatcher {
  private readonly db: Kysely<Database>
  private readonly caches: VersionedCache[]
  private readonly pollMs: number
  private readonly databaseUrl: string
  private readonly log: FastifyBaseLogger
  /** Per cache: a table read by two caches (the schedule, and the page cache) is reloaded by each. */
  private readonly seen = new Map<VersionedCache, Map<CountedTable, number>>()
  private running: Promise<void> | undefined
  private again = false
  private timer: NodeJS.Timeout | undefined
  private listener: pg.Client | undefined
  private reconnect: NodeJS.Timeout | undefined
  private stopped = false

  constructor(options: {
    db: Kysely<Database>
    caches: VersionedCache[]
    log: FastifyBaseLogger
    /** A postgres:// URL: also LISTEN for bumps. Empty for SQLite (polling only). */
    databaseUrl?: string
    pollMs?: number
  }) {
    this.db = options.db
    this.caches = options.caches
    this.log = options.log
    this.databaseUrl = options.databaseUrl ?? ''
    this.pollMs = options.pollMs ?? REFERENCE_POLL_MS
  }

  /** Loads every cache once, then keeps them fresh until stop(). */
  async start(): Promise<void> {
    const versions = await this.readVersions()
    for (const cache of this.caches) {
      await cache.reload([...cache.tables])
      this.seen.set(cache, new Map(versions))
    }
    if (this.databaseUrl) await this.listen()
    this.timer = setInterval(() => void this.check(), this.pollMs)
    this.timer.unref()
  }

  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    clearTimeout(this.reconnect)
    const client = this.listener
    this.listener = undefined
    await client?.end().catch(() => {})
    await this.running
  }

  /** Reads the counters now and reloads what moved; concurrent calls share one run (plus one rerun). */
  check(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      do {
        this.again = false
        await this.checkOnce()
      } while (this.again && !this.stopped)
    })().finally(() => {
      this.running = undefined
    })
    return this.running
  }

  private async checkOnce(): Promise<void> {
    let versions: Map<CountedTable, number>
    try {
      versions = await this.readVersions()
    } catch (error) {
      if (!this.stopped) this.log.warn({ err: error }, 'reference versions: could not read the counters')
      return
    }
    for (const cache of this.caches) {
      const seen = this.seen.get(cache) ?? new Map<CountedTable, number>()
      this.seen.set(cache, seen)
      const changed = cache.tables.filter((t) => versions.get(t) !== seen.get(t))
      if (!changed.length) continue
      try {
        await cache.reload(changed)
        for (const t of changed) seen.set(t, versions.get(t) ?? 0)
      } catch (error) {
        if (!this.stopped) this.log.error({ err: error, tables: changed }, 'reference cache: reload failed')
      }
    }
  }

  private async readVersions(): Promise<Map<CountedTable, number>> {
    const rows = await this.db.selectFrom('reference_versions').select(['name', 'version']).execute()
    return new Map(rows.map((r) => [r.name as CountedTable, Number(r.version)]))
  }

  /** A dedicated connection (LISTEN needs one); lost, it is reopened after pollMs, and polling goes on. */
  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl })
    const retry = () => {
      if (this.stopped || this.listener !== client) return
      this.listener = undefined
      client.end().catch(() => {})
      this.reconnect = setTimeout(() => void this.listen(), this.pollMs)
      this.reconnect.unref()
    }
    client.on('notification', () => void this.check())
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'reference versions: LISTEN connection lost, polling meanwhile')
      retry()
    })
    client.on('end', retry)
    this.listener = client
    try {
      await client.connect()
      await client.query(`LISTEN ${REFERENCE_CHANNEL}`)
      // Whatever moved while no one listened.
      void this.check()
    } catch (error) {
      this.log.warn({ err: error }, 'reference versions: cannot LISTEN, polling only')
      retry()
    }
  }
}
