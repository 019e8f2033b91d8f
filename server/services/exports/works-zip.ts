import { createHash } from 'node:crypto'
import { EventEmitter } from 'node:events'
import fs from 'node:fs'
import { Readable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import yazl from 'yazl'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { Db } from '../../db/connect.ts'
import type { FileStorage } from '../storage.ts'
import { spreadsheetText } from './cell-text.ts'
import { type AnswerColumn, answerColumns } from './columns.ts'
import { allWorksPage, PAGE_SIZE, type WorkRow } from './entry-rows.ts'
import { safeName } from './file-names.ts'
import { type ExportProgress, waitForEvent, yieldToOthers } from './pacing.ts'

export const MANIFEST_NAME = 'manifest.csv'

/** The manifest's columns (README "Exports"); 状态 is 已打包, or 缺失 for a file no longer on disk. */
export const MANIFEST_HEADER = [
  '路径',
  '参赛编号',
  '作品编号',
  '作品名称',
  '字段',
  '原文件名',
  '字节数',
  'SHA-256',
  '状态',
] as const

export const FILE_STATE = { packed: '已打包', missing: '缺失' } as const

/** The folder of an entry: its entry number, or — not yet submitted, so without one — its registration. */
export const entryFolder = (row: Pick<WorkRow, 'number' | 'registration_id'>) =>
  row.number ?? `未提交-报名${row.registration_id}`

const FILE_URL = /^\/api\/files\/([0-9a-f]{64}\.[a-z0-9]{2,4})$/

interface FileRef {
  stored: string
  original: string
  field: string
}

/** Every uploaded file a work's forms name, with the field (its title) that names it. */
function filesOf(columns: AnswerColumn[], row: WorkRow): FileRef[] {
  const texts: Record<string, string | null> = {
    workBase: row.base,
    workInfo: row.info,
    adviser: row.adviser,
    propertyRight: row.property_right,
    displayBoard: row.display_board,
  }
  const parsed = new Map<string, Record<string, unknown>>()
  const refs: FileRef[] = []
  const visit = (value: unknown, field: string) => {
    if (Array.isArray(value)) for (const item of value) visit(item, field)
    else if (value && typeof value === 'object') {
      const { fileUrl, fileOgName } = value as { fileUrl?: unknown; fileOgName?: unknown }
      const match = typeof fileUrl === 'string' ? FILE_URL.exec(fileUrl) : null
      if (match)
        refs.push({ stored: match[1]!, original: typeof fileOgName === 'string' ? fileOgName : '', field })
      else for (const child of Object.values(value)) visit(child, field)
    }
  }
  for (const column of columns) {
    const text = texts[column.step]
    if (!text) continue
    if (!parsed.has(column.step)) {
      try {
        parsed.set(column.step, JSON.parse(text) as Record<string, unknown>)
      } catch {
        parsed.set(column.step, {})
      }
    }
    visit(parsed.get(column.step)?.[column.field], column.label)
  }
  return refs
}

function worksNameOf(base: string): string {
  try {
    const name = (JSON.parse(base) as { worksName?: unknown }).worksName
    return typeof name === 'string' ? name : ''
  } catch {
    return ''
  }
}

/** A manifest cell: quoted, and a leading = + - @ defused so a spreadsheet shows it as text. */
const csvCell = (value: string | number) => `"${spreadsheetText(String(value)).replaceAll('"', '""')}"`

/**
 * Streams every live work's files of competition `c` as a ZIP (README "Exports"): each file at
 * `<entry number>/作品<work id>/<field>-<original name>` (safe names, a repeated name numbered),
 * stored as it is (pictures and PDFs do not shrink), read from disk only when its turn comes, its
 * SHA-256 and size computed as it streams; then manifest.csv (UTF-8 with BOM, so Excel reads the
 * Chinese) listing every file with its hash, size and state. yazl writes ZIP64 where sizes need it.
 * Works are read a page at a time, and the next page only once the archive has caught up.
 */
export function zipWorks(
  deps: { db: Db; storage: FileStorage; log?: FastifyBaseLogger },
  c: Competition,
  run: ExportProgress,
): { stream: Readable; done: Promise<void> } {
  const zip = new yazl.ZipFile()
  // A PassThrough (yazl's source); its types name only the NodeJS.ReadableStream interface.
  const out = zip.outputStream as unknown as Readable
  const progress = new EventEmitter()
  const manifest: string[] = [MANIFEST_HEADER.map(csvCell).join(',')]
  const used = new Set<string>()
  const columns = answerColumns(c)
  let added = 0
  let started = 0

  const uniquePath = (folder: string, name: string) => {
    let candidate = `${folder}/${name}`
    const dot = name.lastIndexOf('.')
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, '']
    for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = `${folder}/${stem}(${n})${ext}`
    used.add(candidate.toLowerCase())
    return candidate
  }

  const addPage = async (rows: WorkRow[]) => {
    for (const row of rows) {
      const title = worksNameOf(row.base)
      const folder = `${safeName(entryFolder(row), '未编号')}/${safeName(`作品${row.work_id}`, '作品')}`
      const mtime = new Date(row.work_updated_at)
      for (const file of filesOf(columns, row)) {
        const original = safeName(file.original, file.stored)
        const path = uniquePath(folder, safeName(`${file.field}-${original}`, file.stored))
        const line = (size: number | string, sha: string, state: string) =>
          [path, row.number ?? '', row.work_id, title, file.field, file.original, size, sha, state]
            .map(csvCell)
            .join(',')
        const onDisk = await deps.storage.localPath(file.stored)
        if (!(await fs.promises.stat(onDisk).catch(() => undefined))?.isFile()) {
          manifest.push(line('', '', FILE_STATE.missing))
          continue
        }
        added += 1
        zip.addReadStreamLazy(path, { mtime, compress: false }, (cb) => {
          started += 1
          progress.emit('started')
          const hash = createHash('sha256')
          let size = 0
          const source = fs.createReadStream(onDisk)
          source.on('data', (chunk) => {
            hash.update(chunk)
            size += chunk.length
          })
          source.on('end', () => {
            manifest.push(line(size, hash.digest('hex'), FILE_STATE.packed))
            run.done += 1
          })
          cb(null, source)
        })
      }
    }
  }

  const done = (async () => {
    let after = 0
    for (;;) {
      // More rows are read only once the archive has caught up: at most PAGE_SIZE files wait their turn.
      while (added - started > PAGE_SIZE) await waitForEvent(progress, 'started', out)
      const page = await allWorksPage(deps.db, c.competitionId, after)
      if (!page.length) break
      await addPage(page)
      after = page[page.length - 1]!.work_id
      await yieldToOthers(out)
    }
    // Its turn comes after every file before it has been read to the end: every hash is known then.
    zip.addReadStreamLazy(MANIFEST_NAME, { mtime: new Date(), compress: false }, (cb) =>
      cb(null, Readable.from([Buffer.from(`\uFEFF${manifest.join('\r\n')}\r\n`, 'utf8')])),
    )
    zip.end()
    await waitForEvent(out, 'end', out)
  })()
  // A file that fails half-way (a disk error) ends the download; the client sees it cut short.
  zip.on('error', (error: Error) => {
    deps.log?.error({ err: error, competitionId: c.competitionId }, 'works.zip failed part-way')
    out.destroy(error)
  })
  return { stream: out, done }
}
