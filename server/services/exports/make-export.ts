import { PassThrough, type Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { EXPORT_KIND_VALUES } from '../../../schemas/api/manage.ts'
import type { Db } from '../../db/connect.ts'
import type { ReferenceData } from '../reference-data.ts'
import type { FileStorage } from '../storage.ts'
import { planWorkbook, writeEntriesWorkbook } from './entries-xlsx.ts'
import { attachment } from './file-names.ts'
import type { ExportProgress } from './pacing.ts'
import { zipWorks } from './works-zip.ts'

export interface ExportDeps {
  db: Db
  registry: { byId(id: number): Competition | undefined }
  reference: ReferenceData
  storage: FileStorage
  log: FastifyBaseLogger
}

/** What an organiser may export (README "Exports"): the entries workbook, and every work's files. */
export type ExportKind = (typeof EXPORT_KIND_VALUES)[number]

/** Each kind's file: its type, its names (ASCII for old clients, and the Chinese one) and its audit action. */
export const EXPORT_FILES = {
  'entries.xlsx': {
    label: '报名表（XLSX）',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ascii: (competitionId: number) => `entries-${competitionId}.xlsx`,
    name: (c: Competition) => `${c.title}-报名与作品.xlsx`,
    audit: 'export.entries',
  },
  'works.zip': {
    label: '作品文件（ZIP）',
    contentType: 'application/zip',
    ascii: (competitionId: number) => `works-${competitionId}.zip`,
    name: (c: Competition) => `${c.title}-作品文件.zip`,
    audit: 'export.works',
  },
} as const satisfies Record<ExportKind, object>

/** The Content-Disposition of a finished export's download. */
export const dispositionOf = (kind: ExportKind, c: Competition) =>
  attachment(EXPORT_FILES[kind].ascii(c.competitionId), EXPORT_FILES[kind].name(c))

/**
 * Starts making an export of competition `c`: the file as a stream (written as it is read, paced by
 * its reader), `done` once all of it is written, and `total`: the rows a workbook will hold, for the
 * progress the console shows against `progress.done` (an archive counts its files as it packs them,
 * and how many there are is known only at the end: null).
 */
export async function makeExport(
  deps: ExportDeps,
  c: Competition,
  kind: ExportKind,
  progress: ExportProgress,
): Promise<{ stream: Readable; done: Promise<void>; total: number | null }> {
  if (kind === 'entries.xlsx') {
    const plan = await planWorkbook(deps.db, c)
    const out = new PassThrough()
    return { stream: out, done: writeEntriesWorkbook(deps, c, plan, out, progress), total: plan.rows }
  }
  return { ...zipWorks(deps, c, progress), total: null }
}
