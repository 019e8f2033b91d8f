import { PassThrough } from 'node:stream'
import { setTimeout } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import { planWorkbook, writeEntriesWorkbook } from '../../server/services/exports/entries-xlsx.ts'
import { ExportAborted } from '../../server/services/exports/pacing.ts'
import { FIXTURE_IDS } from '../support/competitions.ts'
import { useTestApp } from '../support/use-test-app.ts'

/**
 * An export whose file cannot be written (its folder blocked, the disk full) closes the stream the
 * workbook is written into. On a loaded machine the writer had by then reached the end of the
 * workbook, whose commit waited for ever for a stream that was gone: the export stayed 导出中 and the
 * organiser could never ask again (manage-exports.test.ts failed in whole-suite runs, 120 s on
 * "still running"). The close must end the writer wherever it is.
 */
const t = useTestApp({ demoData: false })

describe('the entries workbook’s writer', () => {
  it('stops with ExportAborted when its stream closes while the workbook is being finished', async () => {
    const app = t.server.app
    const c = app.competitions.byId(FIXTURE_IDS['fee-default'])!
    const plan = await planWorkbook(app.db, c)
    // Nobody reads: the workbook's last part, written at its commit, fills the stream and waits.
    const out = new PassThrough({ highWaterMark: 1 })
    const done = writeEntriesWorkbook({ db: app.db, reference: app.reference }, c, plan, out, { done: 0 })
    const settled = done.then(
      () => 'resolved',
      (error: unknown) => error,
    )
    await setTimeout(300)
    expect(out.writableNeedDrain).toBe(true)
    out.destroy()
    const outcome = await Promise.race([settled, setTimeout(5_000, 'still waiting')])
    expect(outcome).toBeInstanceOf(ExportAborted)
  })
})
