import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { Competition } from '../definitions/competition/types.ts'
import { tempDir } from '../scripts/lib/temp-dir.ts'
import { seedBulkEntries } from '../server/db/seed/bulk-entries.ts'
import { benchApp, listen } from './bench-app.ts'

/**
 * Child process of bench/exports.ts (`node --expose-gc bench/export-probe.ts xlsx|zip`): a fresh
 * SQLite database with generated entries (server/db/seed/bulk-entries.ts), the real server on a
 * loopback port, then one export asked for and made by its background job as the console does
 * (`seconds`: from asking until it is ready), then downloaded, its body counted and dropped. Measured
 * meanwhile: the process's RSS every 10 ms (peak growth over the level before the
 * export, after a full collection), the event loop's delay, and the menu's latency asked every 50 ms.
 * Prints one JSON line. A process of its own, so what earlier measurements left in memory does not
 * count.
 */
const XLSX_ENTRIES = 10_000
/** The ZIP: works with a cover and a display board each, drawn from a pool of distinct files. */
const ZIP_WORKS = 1_000
const ZIP_POOL = 100
const ZIP_FILE_BYTES = 512 * 1024
const ADMIN = { account: '13800000010', password: 'Kabu2026!' }

const mode = process.argv[2]
if (mode !== 'xlsx' && mode !== 'zip') throw new Error('usage: export-probe.ts xlsx|zip')

const dataDir = tempDir('bench-exports')
// Without the SPA bundle: no worker thread loads the page renderer meanwhile. The renderer's load (some
// 70 MB per thread, a few seconds after start) overlapped the export and was counted as its growth.
const noSpa = tempDir('bench-exports-no-spa')
const app = await benchApp(dataDir, noSpa)
try {
  // The real definition with the most ranges: its sheets are the most a workbook has here.
  const competition = app.competitions
    .all()
    .sort((a: Competition, b: Competition) => b.ranges.default.length - a.ranges.default.length)[0]!
  const seedStarted = performance.now()
  let files: Array<{ url: string; name: string }> = []
  if (mode === 'zip') {
    files = Array.from({ length: ZIP_POOL }, (_, i) => {
      // A JPEG's first bytes, then noise: pictures do not shrink, and neither does this.
      const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(ZIP_FILE_BYTES - 4)])
      const name = `${createHash('sha256').update(bytes).digest('hex')}.jpg`
      fs.mkdirSync(path.dirname(app.storage.pathOf(name)), { recursive: true })
      fs.writeFileSync(app.storage.pathOf(name), bytes)
      return { url: `/api/files/${name}`, name: `生成图片${i + 1}.jpg` }
    })
  }
  await seedBulkEntries(app.db, competition, mode === 'xlsx' ? XLSX_ENTRIES : ZIP_WORKS, { files })
  const seedSeconds = (performance.now() - seedStarted) / 1000
  const base = await listen(app)
  const login = (await (
    await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, logInSource: 2 }),
    })
  ).json()) as { data: { token: string } }
  const token = login.data.token

  globalThis.gc?.()
  const rssBefore = process.memoryUsage.rss()
  let rssPeak = rssBefore
  const heapBefore = process.memoryUsage().heapUsed
  let heapPeak = heapBefore
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss())
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
  }, 10)
  const loop = monitorEventLoopDelay({ resolution: 5 })
  loop.enable()
  let exporting = true
  const menuMs: number[] = []
  const menu = (async () => {
    while (exporting) {
      const started = performance.now()
      const res = await fetch(`${base}/api/tbMenuInfo/queryAll`)
      await res.arrayBuffer()
      menuMs.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  const exportsUrl = `${base}/api/manage/competitions/${competition.competitionId}/exports`
  const headers = { authorization: token, 'content-type': 'application/json' }
  const started = performance.now()
  // As the console does: ask, read the list until the background job has made the file, download it.
  const asked = (await (
    await fetch(exportsUrl, {
      method: 'POST',
      headers,
      body: JSON.stringify({ kind: mode === 'xlsx' ? 'entries.xlsx' : 'works.zip' }),
    })
  ).json()) as { code: number; msg: string; data: { id: number } }
  if (asked.code !== 200) throw new Error(`the export was refused: ${asked.msg}`)
  for (;;) {
    const list = (await (await fetch(exportsUrl, { headers })).json()) as {
      data: Array<{ id: number; status: string }>
    }
    const status = list.data.find((f) => f.id === asked.data.id)?.status
    if (status === 'ready') break
    if (status !== 'queued' && status !== 'running') throw new Error(`the export ended ${status}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const seconds = (performance.now() - started) / 1000
  const res = await fetch(`${exportsUrl}/${asked.data.id}/file`, { headers: { authorization: token } })
  if (!String(res.headers.get('content-type')).match(/sheet|zip/))
    throw new Error(`the download answered ${res.headers.get('content-type')}: ${await res.text()}`)
  let bytes = 0
  let head = Buffer.alloc(0)
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (head.length < 2) head = Buffer.concat([head, Buffer.from(chunk)])
    bytes += chunk.length
  }
  exporting = false
  clearInterval(sampler)
  loop.disable()
  await menu
  if (head.subarray(0, 2).toString('latin1') !== 'PK') throw new Error('the export is not a ZIP container')
  menuMs.sort((a, b) => a - b)
  console.log(
    JSON.stringify({
      mode,
      competition: competition.slug,
      ranges: competition.ranges.default.length + (competition.ranges.propositional?.length ?? 0),
      entries: mode === 'xlsx' ? XLSX_ENTRIES : ZIP_WORKS,
      files: mode === 'zip' ? ZIP_WORKS * 2 : 0,
      seedSeconds,
      seconds,
      bytes,
      rssGrowthMb: (rssPeak - rssBefore) / 1024 / 1024,
      rssBeforeMb: rssBefore / 1024 / 1024,
      heapGrowthMb: (heapPeak - heapBefore) / 1024 / 1024,
      menu: {
        count: menuMs.length,
        p50: menuMs[Math.floor(menuMs.length / 2)] ?? Number.NaN,
        max: menuMs[menuMs.length - 1] ?? Number.NaN,
      },
      loopDelayMaxMs: loop.max / 1e6,
      loopDelayP99Ms: loop.percentile(99) / 1e6,
    }),
  )
} finally {
  await app.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.rmSync(noSpa, { recursive: true, force: true })
}
