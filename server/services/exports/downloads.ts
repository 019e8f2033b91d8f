import { PassThrough, type Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { Db } from '../../db/connect.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { COMPETITION_MSG } from '../competition-entries.ts'
import type { CompetitionRegistry } from '../competitions.ts'
import type { ReferenceData } from '../reference-data.ts'
import { writeAudit } from '../staff/audit.ts'
import type { FileStorage } from '../storage.ts'
import { planWorkbook, writeEntriesWorkbook } from './entries-xlsx.ts'
import { countWorks } from './entry-rows.ts'
import { attachment } from './file-names.ts'
import { ExportAborted } from './pacing.ts'
import { type ExportKind, type ExportRun, exportSlots } from './slots.ts'
import { zipWorks } from './works-zip.ts'

export interface ExportDeps {
  db: Db
  registry: CompetitionRegistry
  reference: ReferenceData
  storage: FileStorage
  log: FastifyBaseLogger
}

/** A download under way: what the route sends, and the headers that name it. */
export interface Download {
  stream: Readable
  contentType: string
  disposition: string
}

export const EXPORT_AUDIT = { entries: 'export.entries', works: 'export.works' } as const

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

function competitionOf(registry: CompetitionRegistry, competitionId: number): Competition {
  const c = registry.byId(competitionId)
  if (!c) throw new BusinessError(CODE.notFound, COMPETITION_MSG.notFound)
  return c
}

/**
 * Claims the actor's export slot before any query (slots.ts), runs `start`, and gives the slot back
 * when the export ends however it ends. An export that stops because its client left is not an error.
 */
async function underSlot(
  deps: ExportDeps,
  actorId: number,
  kind: ExportKind,
  competitionId: number,
  start: (run: ExportRun) => Promise<{ stream: Readable; done: Promise<void> }>,
): Promise<Readable> {
  const run = exportSlots.claim(actorId, kind, competitionId)
  try {
    const { stream, done } = await start(run)
    done
      .catch((error: unknown) => {
        if (error instanceof ExportAborted) return
        deps.log.error({ err: error, kind, competitionId }, 'export failed part-way')
        stream.destroy(error as Error)
      })
      .finally(() => run.release())
    // A client that leaves ends the export at its next page (pacing.ts); the slot is free at once.
    stream.once('close', () => run.release())
    return stream
  } catch (error) {
    run.release()
    throw error
  }
}

/** The entries workbook of a competition (README "Exports"), with its audit entry. */
export async function exportEntries(
  deps: ExportDeps,
  actorId: number,
  competitionId: number,
): Promise<Download> {
  const c = competitionOf(deps.registry, competitionId)
  const stream = await underSlot(deps, actorId, 'entries.xlsx', competitionId, async (run) => {
    const plan = await planWorkbook(deps.db, c)
    await writeAudit(deps.db.kysely, {
      actorId,
      action: EXPORT_AUDIT.entries,
      targetType: 'competition',
      targetId: competitionId,
      competitionId,
      detail: {
        format: 'xlsx',
        rows: plan.rows,
        sheets: plan.sheets.map((s) => ({ name: s.label, rows: s.rows })),
      },
    })
    const out = new PassThrough()
    return { stream: out, done: writeEntriesWorkbook(deps, c, plan, out, run) }
  })
  return {
    stream,
    contentType: XLSX_TYPE,
    disposition: attachment(`entries-${competitionId}.xlsx`, `${c.title}-报名与作品.xlsx`),
  }
}

/** Every work's files of a competition as one ZIP with its manifest (README "Exports"), with its audit entry. */
export async function exportWorks(
  deps: ExportDeps,
  actorId: number,
  competitionId: number,
): Promise<Download> {
  const c = competitionOf(deps.registry, competitionId)
  const stream = await underSlot(deps, actorId, 'works.zip', competitionId, async (run) => {
    const works = await countWorks(deps.db, competitionId)
    await writeAudit(deps.db.kysely, {
      actorId,
      action: EXPORT_AUDIT.works,
      targetType: 'competition',
      targetId: competitionId,
      competitionId,
      detail: { format: 'zip', works },
    })
    return zipWorks(deps, c, run)
  })
  return {
    stream,
    contentType: 'application/zip',
    disposition: attachment(`works-${competitionId}.zip`, `${c.title}-作品文件.zip`),
  }
}
