import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { ExportFile } from '../../../schemas/api/manage.ts'
import type { ExportFileTable } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { isUniqueViolation } from '../../lib/faults.ts'
import { nowIso } from '../../lib/time.ts'
import { COMPETITION_MSG } from '../competition-entries.ts'
import type { BackgroundJobs } from '../jobs/background-jobs.ts'
import { writeAudit } from '../staff/audit.ts'
import { EXPORT_FILES, type ExportDeps, type ExportKind, makeExport } from './make-export.ts'

export const EXPORT_QUEUE = 'exports'
/** Exports one instance makes at once; more wait in the queue (on PostgreSQL, for any instance). */
export const EXPORTS_AT_ONCE = 2
/** A finished export is kept this long, then removed by the cleaning job. */
export const EXPORT_KEEP_MS = 7 * 24 * 3600_000
/** The cleaning job's queue, and how often it looks for expired exports. */
export const EXPORT_CLEAN_QUEUE = 'exports-clean'
export const EXPORT_CLEAN_MS = 3600_000
/** How often a running export writes its progress to its row. */
const PROGRESS_EVERY_MS = 1000
/** The exports a competition's list shows, newest first. */
const LISTED = 10

export const EXPORT_MSG = {
  yours: '你已有一个导出正在进行，请等它完成后再试',
  notFound: '导出文件不存在或已过期',
  failed: '导出失败，请重新导出',
} as const

export const EXPORT_STATUS_LABELS: Record<ExportFile['status'], string> = {
  queued: '排队中',
  running: '生成中',
  ready: '可下载',
  failed: '导出失败',
  expired: '已过期',
}

type Row = Pick<
  ExportFileTable,
  'competition_id' | 'kind' | 'status' | 'total' | 'size' | 'error' | 'created_at' | 'finished_at'
> & { id: number; progress: number; requested_by_name: string | null }

function viewOf(row: Row): ExportFile {
  return {
    id: row.id,
    competitionId: row.competition_id,
    kind: row.kind,
    label: EXPORT_FILES[row.kind].label,
    status: row.status,
    statusLabel: EXPORT_STATUS_LABELS[row.status],
    progress: row.progress,
    total: row.total,
    size: row.size === null ? null : Number(row.size),
    error: row.error,
    requestedBy: row.requested_by_name ?? '',
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  }
}

/**
 * The organisers' exports as background jobs (issue 25 item 3, README "Exports"). Asking for one adds a
 * row and a job; whichever instance takes the job makes the file (the same streaming writers as
 * before, into a file under DATA_DIR/exports hashed as it is written), keeps it in the object store and
 * marks the row ready; the console polls the list and downloads it from any instance. An instance that
 * dies half-way leaves the job to another (the queue's heartbeat), which starts the file again.
 */
export class ExportFiles {
  private readonly deps: ExportDeps
  private readonly jobs: BackgroundJobs

  constructor(deps: ExportDeps, jobs: BackgroundJobs) {
    this.deps = deps
    this.jobs = jobs
  }

  private get k() {
    return this.deps.db.kysely
  }

  /** Takes export jobs on this instance, and queues again any export whose job was lost. */
  async start(): Promise<void> {
    await this.jobs.work<{ exportId: number }>(EXPORT_QUEUE, ({ exportId }) => this.make(exportId), {
      // A big archive may take long; a dead instance's job is found by its silence instead.
      expireInSeconds: 6 * 3600,
      heartbeatSeconds: 30,
      retryLimit: 2,
      concurrency: EXPORTS_AT_ONCE,
      wakeAtOnce: true,
    })
    const open = await this.k
      .selectFrom('export_files')
      .select('id')
      .where('status', 'in', ['queued', 'running'])
      .execute()
    for (const { id } of open) if (!(await this.jobs.queued(EXPORT_QUEUE, keyOf(id)))) await this.send(id)
  }

  /** Queues an export of `kind` for `actorId`; refused while they have one queued or running. */
  async request(actorId: number, competitionId: number, kind: ExportKind): Promise<ExportFile> {
    const c = this.competition(competitionId)
    let id: number
    try {
      id = await this.k.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('export_files')
          .values({
            competition_id: c.competitionId,
            kind,
            requested_by: actorId,
            status: 'queued',
            created_at: nowIso(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        await writeAudit(trx, {
          actorId,
          action: EXPORT_FILES[kind].audit,
          targetType: 'competition',
          targetId: competitionId,
          competitionId,
          detail: { format: kind.split('.')[1], exportId: row.id },
        })
        return row.id
      })
    } catch (error) {
      // The partial unique index: one queued or running export per account, however many ask at once.
      if (isUniqueViolation(error)) throw new BusinessError(CODE.tooMany, EXPORT_MSG.yours)
      throw error
    }
    await this.send(id)
    return (await this.listOf(competitionId, id))[0]!
  }

  /** A competition's exports, newest first. */
  list(competitionId: number): Promise<ExportFile[]> {
    this.competition(competitionId)
    return this.listOf(competitionId)
  }

  /** A ready export of the competition: its local copy (fetched from the store if need be) and its names. */
  async file(competitionId: number, exportId: number) {
    const c = this.competition(competitionId)
    const row = await this.k
      .selectFrom('export_files')
      .select(['kind', 'object_key', 'size'])
      .where('id', '=', exportId)
      .where('competition_id', '=', competitionId)
      .where('status', '=', 'ready')
      .executeTakeFirst()
    const local = row?.object_key ? this.localFile(row.object_key) : ''
    if (!row || !(await this.deps.storage.fetchDerived(local)))
      throw new BusinessError(CODE.notFound, EXPORT_MSG.notFound)
    return { path: local, kind: row.kind, competition: c, size: Number(row.size) }
  }

  /** Removes the files of exports finished more than EXPORT_KEEP_MS ago; answers how many. */
  async removeExpired(now = Date.now()): Promise<number> {
    const old = await this.k
      .selectFrom('export_files')
      .select(['id', 'object_key'])
      .where('status', 'in', ['ready', 'failed'])
      .where('finished_at', '<', new Date(now - EXPORT_KEEP_MS).toISOString())
      .execute()
    for (const row of old) {
      if (row.object_key) await this.deps.storage.removeDerived(this.localFile(row.object_key))
      await this.k.updateTable('export_files').set({ status: 'expired' }).where('id', '=', row.id).execute()
    }
    return old.length
  }

  /** The job: makes the file, keeps it in the store, marks the row ready (or failed). */
  private async make(exportId: number): Promise<void> {
    const row = await this.k
      .selectFrom('export_files')
      .select(['competition_id', 'kind', 'status'])
      .where('id', '=', exportId)
      .executeTakeFirst()
    // Done already (a job run twice), or gone: nothing to do.
    if (!row || (row.status !== 'queued' && row.status !== 'running')) return
    await this.k
      .updateTable('export_files')
      .set({ status: 'running', started_at: nowIso(), progress: 0 })
      .where('id', '=', exportId)
      .execute()
    const c = this.deps.registry.byId(row.competition_id)
    const key = `exports/${exportId}-${randomBytes(8).toString('hex')}.${row.kind.split('.')[1]}`
    const local = this.localFile(key)
    const progress = { done: 0 }
    const saveProgress = () =>
      this.k
        .updateTable('export_files')
        .set({ progress: progress.done })
        .where('id', '=', exportId)
        .where('status', '=', 'running')
        .execute()
    const timer = setInterval(() => {
      saveProgress().catch((error: unknown) =>
        this.deps.log.warn({ err: error, exportId }, 'export progress'),
      )
    }, PROGRESS_EVERY_MS)
    let made: Awaited<ReturnType<typeof makeExport>> | undefined
    try {
      if (!c) throw new Error(`competition ${row.competition_id} is no longer defined`)
      made = await makeExport(this.deps, c, row.kind, progress)
      // The writer may fail before its end is awaited below (while the file is being opened): its
      // failure is heard there, or in the catch, never reported as unhandled in between.
      made.done.catch(() => {})
      await this.k.updateTable('export_files').set({ total: made.total }).where('id', '=', exportId).execute()
      await fs.promises.mkdir(path.dirname(local), { recursive: true })
      const hash = createHash('sha256')
      let size = 0
      const count = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk)
          size += chunk.length
          callback(null, chunk)
        },
      })
      await Promise.all([
        pipeline(made.stream, count, fs.createWriteStream(local, { flags: 'wx' })),
        made.done,
      ])
      await this.deps.storage.keepDerived(local)
      clearInterval(timer)
      await this.k
        .updateTable('export_files')
        .set({
          status: 'ready',
          progress: progress.done,
          object_key: key,
          size,
          sha256: hash.digest('hex'),
          finished_at: nowIso(),
        })
        .where('id', '=', exportId)
        .execute()
    } catch (error) {
      clearInterval(timer)
      // A writer that failed leaves its stream open, and the file with it: both are closed here. A
      // writer still under way stops at its next page on the closed stream; that end is awaited,
      // so it neither runs on nor rejects unheard.
      made?.stream.destroy()
      await made?.done.catch(() => {})
      this.deps.log.error({ err: error, exportId, competitionId: row.competition_id }, 'export failed')
      await this.k
        .updateTable('export_files')
        .set({ status: 'failed', error: EXPORT_MSG.failed, finished_at: nowIso() })
        .where('id', '=', exportId)
        .execute()
      // What was written of it (the cause may also keep this from working: it is only tidying).
      await fs.promises.rm(local, { force: true }).catch(() => {})
    }
  }

  private send(exportId: number): Promise<void> {
    return this.jobs.send(EXPORT_QUEUE, { exportId }, { singletonKey: keyOf(exportId) })
  }

  private competition(competitionId: number): Competition {
    const c = this.deps.registry.byId(competitionId)
    if (!c) throw new BusinessError(CODE.notFound, COMPETITION_MSG.notFound)
    return c
  }

  private localFile(key: string): string {
    return path.join(this.deps.storage.dataRoot, ...key.split('/'))
  }

  private async listOf(competitionId: number, id?: number): Promise<ExportFile[]> {
    let query = this.k
      .selectFrom('export_files as e')
      .leftJoin('users as u', 'u.id', 'e.requested_by')
      .select([
        'e.id',
        'e.competition_id',
        'e.kind',
        'e.status',
        'e.progress',
        'e.total',
        'e.size',
        'e.error',
        'e.created_at',
        'e.finished_at',
        'u.username as requested_by_name',
      ])
      .where('e.competition_id', '=', competitionId)
    if (id !== undefined) query = query.where('e.id', '=', id)
    const rows = await query.orderBy('e.id', 'desc').limit(LISTED).execute()
    return rows.map(viewOf)
  }
}

const keyOf = (exportId: number) => `export-${exportId}`
