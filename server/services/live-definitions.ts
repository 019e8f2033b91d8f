import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import type { DefinitionsReport } from '../../definitions/check-all.ts'
import { type DefinitionError, formatError } from '../../definitions/core/json-file.ts'
import type { DefinitionReloadRecord } from '../../schemas/api/definitions.ts'
import { SCHEDULE_TABLES } from '../db/migrations/0030-schedule-overrides.ts'
import { DEFINITION_TABLES } from '../db/migrations/0033-definition-reloads.ts'
import type { Database, DefinitionReloadTable } from '../db/schema.ts'
import { nowIso } from '../lib/time.ts'
import type { WorkerPool } from '../workers/pool.ts'
import { CompetitionRegistry } from './competitions.ts'
import type { EventRegistry } from './events.ts'
import { type LandingFiles, type LandingPageInfo, landingIndex, readLandingFiles } from './landing-index.ts'
import type { PublicVersions } from './public-versions.ts'
import type { CountedTable, VersionedCache } from './reference-versions.ts'
import { isProduction } from './sandboxes.ts'
import { writeAudit } from './staff/audit.ts'

/** What a reload read: shown to whoever asked for it and kept with its row. */
export interface ReloadSummary {
  competitions: number
  events: number
  landingPages: number
}

export type ReloadOutcome = { ok: true; summary: ReloadSummary } | { ok: false; errors: DefinitionError[] }

/** The checker's findings as staff read them, with what happened. */
export function refusalText(errors: DefinitionError[]): string {
  return `定义文件有 ${errors.length} 个问题，本次没有重新读取，网站仍使用上一次有效的定义：\n${errors.map(formatError).join('\n')}`
}

/** The check of every file, and which files it read (definitions/core/files-digest.ts). */
export type CheckedDefinitions = DefinitionsReport & { digest: string }

export const summaryOf = (report: DefinitionsReport): ReloadSummary => ({
  competitions: report.competitions.length,
  events: report.events.length,
  landingPages: report.pages,
})

/** The production check (placeholder art refused) in production, the development one otherwise. */
export const checkOptions = () => ({ production: isProduction() })

/**
 * Records a reload of the checked files in `report` (README "定义文件的重新读取"): the competitions'
 * rows synced first (registrations need them), then one row of definition_reloads, whose counter moves
 * every instance to read the files again (LiveDefinitions below) — or nothing at all when any file
 * failed the check. The audit trail has who asked, from where, and what was read.
 */
export async function recordReload(
  db: Kysely<Database>,
  root: string,
  report: CheckedDefinitions,
  who: { source: DefinitionReloadTable['source']; actorId: number | null },
): Promise<ReloadOutcome> {
  if (report.errors.length) return { ok: false, errors: report.errors }
  const registry = new CompetitionRegistry(root)
  registry.use(report.competitions)
  await registry.sync(db)
  const summary = summaryOf(report)
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('definition_reloads')
      .values({
        source: who.source,
        requested_by: who.actorId,
        requested_at: nowIso(),
        summary: JSON.stringify(summary),
        digest: report.digest,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await writeAudit(trx, {
      actorId: who.actorId,
      action: 'definitions.reload',
      targetType: 'definitions',
      targetId: row.id,
      competitionId: null,
      detail: { source: who.source, ...summary },
    })
  })
  return { ok: true, summary }
}

interface LiveDefinitionsOptions {
  db: Kysely<Database>
  root: string
  competitions: CompetitionRegistry
  events: EventRegistry
  workers: WorkerPool
  log: FastifyBaseLogger
  /** The content hashes of the images under public/, stamped on what is served. */
  versions: PublicVersions
  /** After a re-read is in service: the page cache emptied, the site search's file-backed entries. */
  onRead: () => Promise<void>
}

/** The latest reloads on record, newest first, for the console: with how each instance read them. */
export async function recentReloads(db: Kysely<Database>, limit = 10): Promise<DefinitionReloadRecord[]> {
  const rows = await db
    .selectFrom('definition_reloads')
    .leftJoin('users', 'users.id', 'definition_reloads.requested_by')
    .select([
      'definition_reloads.id',
      'definition_reloads.source',
      'definition_reloads.requested_at',
      'definition_reloads.summary',
      'definition_reloads.digest',
      'users.account',
    ])
    .orderBy('definition_reloads.id', 'desc')
    .limit(limit)
    .execute()
  const acks = rows.length
    ? await db
        .selectFrom('definition_reload_acks')
        .selectAll()
        .where(
          'reload_id',
          'in',
          rows.map((r) => r.id),
        )
        .orderBy('instance')
        .execute()
    : []
  return rows.map((r) => {
    const counts = JSON.parse(r.summary) as Partial<ReloadSummary>
    return {
      id: r.id,
      source: r.source,
      requestedBy: r.account ?? null,
      requestedAt: r.requested_at,
      competitions: counts.competitions ?? 0,
      events: counts.events ?? 0,
      landingPages: counts.landingPages ?? 0,
      instances: acks
        .filter((a) => a.reload_id === r.id)
        .map((a) => ({
          instance: a.instance,
          state: a.problems > 0 ? 'failed' : a.digest === r.digest ? 'same' : 'different',
          firstProblem: a.first_problem,
          readAt: a.read_at,
        })),
    }
  })
}

/** Instances in this process so far (tests run several in one). */
let instancesHere = 0

/**
 * The definition files as this instance serves them — competitions, events and landing pages — read
 * again from DEFINITIONS_ROOT whenever a reload is recorded (through NOTIFY on PostgreSQL, by polling on
 * SQLite: services/reference-versions.ts), with no restart and no rebuild. The files are checked again
 * here, off the event loop; if any fails (a file changed between the check and this read) nothing is
 * replaced and the error is logged. When only the console's dates move, the landing pages are bound
 * again from the files held, so a page naming a competition shows its dates as they stand.
 *
 * The re-read runs beside the watcher, not in its turn: a second of checking must not hold up a menu
 * or a results publication. The page cache, which the same counter empties at once, is emptied again
 * when the new files are in service (`onRead`), so no page of the old files outlives the reload.
 */
export class LiveDefinitions implements VersionedCache {
  readonly tables: readonly CountedTable[] = [...SCHEDULE_TABLES, ...DEFINITION_TABLES]
  private landingFiles: LandingFiles
  private landingPages: Map<string, LandingPageInfo>
  /** The start has just read the files: the watcher's first load only binds the console's dates. */
  private primed = true
  private reading: Promise<void> | undefined
  private readAgainAfter = false
  private readonly options: LiveDefinitionsOptions
  /** This instance in the acknowledgements: its host and process (and, after the first, a number). */
  private readonly instance: string

  constructor(options: LiveDefinitionsOptions) {
    this.options = options
    instancesHere += 1
    const nth = instancesHere > 1 ? `#${instancesHere}` : ''
    this.instance = `${os.hostname()}:${process.pid}${nth}`.slice(0, 120)
    this.landingFiles = readLandingFiles(options.root)
    this.landingPages = this.landingIndex()
  }

  private landingIndex(): Map<string, LandingPageInfo> {
    const { competitions, versions } = this.options
    return landingIndex(this.landingFiles, competitions, versions)
  }

  /**
   * Files under public/ were added or replaced: what is served names their new hashes, and no page
   * rendered with the old ones is kept.
   */
  async publicFilesChanged(): Promise<void> {
    this.options.competitions.refresh()
    this.landingPages = this.landingIndex()
    await this.options.onRead()
  }

  /** The campaign pages in service. */
  get landing(): Map<string, LandingPageInfo> {
    return this.landingPages
  }

  async reload(changed: CountedTable[]): Promise<void> {
    const reread = !this.primed && changed.some((t) => (DEFINITION_TABLES as readonly string[]).includes(t))
    this.primed = false
    this.landingPages = this.landingIndex()
    if (reread) this.readInTurn()
  }

  /** Resolves once the re-read under way (and one asked for meanwhile) is in service. */
  settled(): Promise<void> {
    return this.reading ?? Promise.resolve()
  }

  /** One re-read at a time; reloads recorded meanwhile make one more after it. */
  private readInTurn(): void {
    if (this.reading) {
      this.readAgainAfter = true
      return
    }
    this.reading = (async () => {
      do {
        this.readAgainAfter = false
        await this.readAgain().catch((error: unknown) =>
          this.options.log.error({ err: error }, 'definition files not read again'),
        )
      } while (this.readAgainAfter)
    })().finally(() => {
      this.reading = undefined
    })
  }

  private async readAgain(): Promise<void> {
    const { root, competitions, events, workers, log } = this.options
    const report = await workers.run('checkDefinitions', { root, ...checkOptions() })
    await this.acknowledge(report)
    if (report.errors.length) {
      log.error(refusalText(report.errors))
      return
    }
    competitions.use(report.competitions)
    events.use(root, report.events)
    this.landingFiles = readLandingFiles(root)
    this.landingPages = this.landingIndex()
    log.info(summaryOf(report), 'definition files read again')
    await this.options.onRead()
  }

  /**
   * Notes for the latest reload how this instance read it — its files' digest, and the check's first
   * problem if any — so the console shows an instance whose copy of the files was not updated.
   */
  private async acknowledge(report: CheckedDefinitions): Promise<void> {
    const { db } = this.options
    const latest = await db
      .selectFrom('definition_reloads')
      .select('id')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst()
    if (!latest) return
    const ack = {
      digest: report.digest,
      problems: report.errors.length,
      first_problem: report.errors[0] ? formatError(report.errors[0]) : null,
      read_at: nowIso(),
    }
    await db
      .insertInto('definition_reload_acks')
      .values({ reload_id: latest.id, instance: this.instance, ...ack })
      .onConflict((oc) => oc.columns(['reload_id', 'instance']).doUpdateSet(ack))
      .execute()
  }
}

/** The folders whose files a reload reads (images under public/ are served as they are, always). */
const DEFINITION_FOLDERS = ['competitions', 'events', 'landing-pages']

interface DefinitionReloadsOptions {
  db: Kysely<Database>
  root: string
  workers: WorkerPool
  /** Reads the counters now: this instance serves what was recorded before the request is answered. */
  applyHere: () => Promise<void>
}

/**
 * Reloads asked for on this instance — the console's button (routes/manage-definitions.ts) and, in
 * development, a save in a definition folder — checked off the event loop, recorded, and in service
 * here before the answer (`applyHere`: the watcher reads the counters now); the other instances
 * follow within the watcher's bound.
 */
export class DefinitionReloads {
  private readonly options: DefinitionReloadsOptions
  private watchers: fs.FSWatcher[] = []
  private timer: NodeJS.Timeout | undefined

  constructor(options: DefinitionReloadsOptions) {
    this.options = options
  }

  async request(who: {
    source: DefinitionReloadTable['source']
    actorId: number | null
  }): Promise<ReloadOutcome> {
    const { db, root, workers, applyHere } = this.options
    const report = await workers.run('checkDefinitions', { root, ...checkOptions() })
    const outcome = await recordReload(db, root, report, who)
    if (outcome.ok) await applyHere()
    return outcome
  }

  /**
   * Development: a save under competitions/, events/ or landing-pages/ reloads (debounced), as the
   * console's button does; a file that fails the check is logged and the last good set stays.
   */
  watch(log: FastifyBaseLogger): void {
    const reload = () => {
      this.request({ source: 'watch', actorId: null })
        .then((outcome) => {
          if (!outcome.ok) log.error(refusalText(outcome.errors))
        })
        .catch((error: unknown) => log.error({ err: error }, 'definition files not read again'))
    }
    for (const folder of DEFINITION_FOLDERS) {
      const dir = path.join(this.options.root, folder)
      if (!fs.existsSync(dir)) continue
      const watcher = fs.watch(dir, { recursive: true }, () => {
        clearTimeout(this.timer)
        this.timer = setTimeout(reload, 150)
      })
      watcher.on('error', (error) => log.warn({ err: error }, `${folder}/ is no longer watched`))
      this.watchers.push(watcher)
    }
  }

  close(): void {
    clearTimeout(this.timer)
    for (const watcher of this.watchers.splice(0)) watcher.close()
  }
}
