import { once } from 'node:events'
import type { Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import type { Competition } from '../../../definitions/competition/types.ts'
import { MODERATION_LABELS, type ModerationState } from '../../../schemas/api/competition.ts'
import type { Db } from '../../db/connect.ts'
import type { ReferenceData } from '../reference-data.ts'
import { spreadsheetText } from './cell-text.ts'
import {
  type AnswerColumn,
  answerColumns,
  beijingCell,
  type CellValue,
  choiceLabels,
  formatAnswer,
  headerOf,
} from './columns.ts'
import {
  countRegistrationsWithoutWorks,
  type RangeFilter,
  type RegistrationRow,
  registrationsPage,
  type WorkRow,
  worksPage,
  worksPerRange,
} from './entry-rows.ts'
import { sheetName, xmlSafe } from './file-names.ts'
import { ExportAborted, type ExportProgress, yieldToOthers } from './pacing.ts'

/** The sheets beside the definition's ranges, each only when it has rows. */
export const EXTRA_SHEETS = {
  outside: '其他类别',
  bare: '仅报名（无作品）',
} as const

/** What the workbook will hold, known before its first byte (the audit entry records it). */
export interface WorkbookPlan {
  sheets: Array<{ label: string; filter: RangeFilter | 'bare'; rows: number }>
  rows: number
}

export async function planWorkbook(db: Db, c: Competition): Promise<WorkbookPlan> {
  const ranges = [...c.ranges.default, ...(c.ranges.propositional ?? [])]
  const perRange = await worksPerRange(db, c.competitionId)
  const sheets: WorkbookPlan['sheets'] = ranges.map((range) => ({
    label: range.label,
    filter: { range: range.value },
    rows: perRange.get(range.value) ?? 0,
  }))
  const known = new Set(ranges.map((r) => r.value))
  const outsideRows = [...perRange].reduce(
    (sum, [value, n]) => (value !== null && known.has(value) ? sum : sum + n),
    0,
  )
  if (outsideRows)
    sheets.push({ label: EXTRA_SHEETS.outside, filter: { outside: [...known] }, rows: outsideRows })
  const bare = await countRegistrationsWithoutWorks(db, c.competitionId)
  if (bare) sheets.push({ label: EXTRA_SHEETS.bare, filter: 'bare', rows: bare })
  return { sheets, rows: sheets.reduce((sum, s) => sum + s.rows, 0) }
}

const parse = (text: string | null): Record<string, unknown> => {
  if (!text) return {}
  try {
    const value = JSON.parse(text) as unknown
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** Each step's answers of one row, as the forms filled them. */
function answersOf(row: RegistrationRow & Partial<WorkRow>): Record<string, Record<string, unknown>> {
  return {
    // The registration's choice fields live in their own columns (services/competition-entries.ts entryView).
    registration: {
      ...parse(row.data),
      entrantType: row.entrant_type,
      companyType: row.company_type,
      ...(row.qt_type ? { qtType: row.qt_type } : {}),
    },
    workBase: parse(row.base ?? null),
    workInfo: parse(row.info ?? null),
    adviser: parse(row.adviser ?? null),
    propertyRight: parse(row.property_right ?? null),
    displayBoard: parse(row.display_board ?? null),
  }
}

/** A cell as written: text a spreadsheet would take for a formula gets its apostrophe (cell-text.ts). */
const asCell = (value: CellValue): CellValue => (typeof value === 'string' ? spreadsheetText(value) : value)

function cellsOf(
  row: RegistrationRow & Partial<WorkRow>,
  columns: AnswerColumn[],
  labels: Map<string, Map<string, string>>,
): CellValue[] {
  const answers = answersOf(row)
  const cells: CellValue[] = [
    row.number ?? '',
    row.account,
    row.work_id ?? null,
    ...columns.map((column) =>
      xmlSafe(
        formatAnswer(
          answers[column.step]?.[column.field],
          column.schema,
          column.source ? labels.get(column.source) : undefined,
        ),
      ),
    ),
    row.paid_order_id ? '是' : '否',
    beijingCell(row.paid_at),
    row.finalised_at ? '是' : '否',
    beijingCell(row.finalised_at),
    row.moderation ? (MODERATION_LABELS[row.moderation as ModerationState] ?? row.moderation) : '',
    row.moderation_reason ?? '',
    beijingCell(row.registered_at),
  ]
  return cells.map(asCell)
}

/**
 * Streams the entries workbook of competition `c` into `out` (README "Exports"): exceljs's streaming
 * writer, one sheet per range of the definition (its label as the sheet's name), then the works in no
 * range of the definition and the registrations without a work, each only when it has rows. Columns
 * come from columns.ts; one row per live work with its entry's answers. Rows are read a page at a
 * time and each row is committed (written out) at once, so memory does not grow with the entries; a
 * sheet is finished before the next begins, since the writer would hold a later sheet in memory until
 * the earlier one ends. Between pages it waits for `out` to drain and lets other requests run.
 */
export async function writeEntriesWorkbook(
  deps: { db: Db; reference: ReferenceData },
  c: Competition,
  plan: WorkbookPlan,
  out: Writable,
  run: ExportProgress,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  })
  workbook.creator = '咖簿网'
  workbook.created = new Date()
  const columns = answerColumns(c)
  const header = headerOf(columns)
  const labels = choiceLabels(c, deps.reference)
  const taken = new Set<string>()
  for (const sheet of plan.sheets) {
    const worksheet = workbook.addWorksheet(sheetName(sheet.label, taken), {
      views: [{ state: 'frozen', ySplit: 1 }],
    })
    worksheet.columns = header.map((label) => ({ width: Math.min(40, Math.max(10, label.length * 2 + 2)) }))
    const head = worksheet.addRow(header)
    head.font = { bold: true }
    head.commit()
    let after = 0
    for (;;) {
      const page: Array<RegistrationRow & Partial<WorkRow>> =
        sheet.filter === 'bare'
          ? await registrationsPage(deps.db, c.competitionId, after)
          : await worksPage(deps.db, c.competitionId, sheet.filter, after)
      if (!page.length) break
      for (const row of page) {
        worksheet.addRow(cellsOf(row, columns, labels)).commit()
        run.done += 1
      }
      const last = page[page.length - 1]!
      after = sheet.filter === 'bare' ? last.registration_id : (last.work_id ?? after)
      await yieldToOthers(out)
    }
    worksheet.commit()
  }
  // The commit writes the workbook's last part and waits until `out` has taken it: a stream closed
  // meanwhile (its file could not be written) would keep it waiting for ever, the export 导出中.
  await untilClosed(out, workbook.commit())
}

/** `work`, unless `out` closes before it has all been written: then ExportAborted. */
async function untilClosed(out: Writable, work: Promise<unknown>): Promise<void> {
  if (out.destroyed) throw new ExportAborted()
  const stop = new AbortController()
  try {
    await Promise.race([
      work,
      once(out, 'close', { signal: stop.signal }).then(() => {
        // A stream that finished closes too: that is the end of the work, not an abort.
        if (!out.writableFinished) throw new ExportAborted()
        return work
      }),
    ])
  } finally {
    stop.abort()
  }
}
