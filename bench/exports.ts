import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { int, table } from './format.ts'

/**
 * The organisers' exports at scale (issue 24 item 3, README "Exports"): the entries workbook of
 * 10,000 generated entries and the ZIP of 1,000 works' 2,000 files (512 KB each), each measured in a
 * child process of its own (bench/export-probe.ts). Printed: time, size, the peak RSS growth over
 * the level before the export, the event loop's delay and the menu's latency while it ran. Goals of
 * the workbook: ≤ 15 s and ≤ 100 MB growth. The exit code fails when the workbook's memory growth
 * passes 100 MB (memory, not time: a loaded machine may be slow, not fat) or a probe fails.
 */
export const XLSX_GOAL = { seconds: 15, rssGrowthMb: 100 } as const

interface Probe {
  mode: 'xlsx' | 'zip'
  competition: string
  ranges: number
  entries: number
  files: number
  seedSeconds: number
  seconds: number
  bytes: number
  rssGrowthMb: number
  rssBeforeMb: number
  heapGrowthMb: number
  menu: { count: number; p50: number; max: number }
  loopDelayMaxMs: number
  loopDelayP99Ms: number
}

const run = promisify(execFile)

async function probe(mode: 'xlsx' | 'zip'): Promise<Probe> {
  const script = path.join(import.meta.dirname, 'export-probe.ts')
  const { stdout } = await run(process.execPath, ['--expose-gc', script, mode], {
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, LOG_LEVEL: 'silent' },
  })
  return JSON.parse(stdout.trim().split('\n').pop() ?? '') as Probe
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)
const ms = (n: number) => n.toFixed(1)

/** Prints the table; answers true when the workbook's memory goal was missed or a probe failed. */
export async function reportExports(): Promise<boolean> {
  const results: Probe[] = []
  for (const mode of ['xlsx', 'zip'] as const) {
    try {
      results.push(await probe(mode))
    } catch (error) {
      console.log(`FAILED: the ${mode} export probe: ${(error as Error).message}`)
      return true
    }
  }
  const [xlsx] = results
  console.log(
    `Exports (SQLite, generated entries of ${xlsx?.competition}, ${xlsx?.ranges} ranges; server and its ` +
      'client in one process; RSS sampled every 10 ms, growth over the level after a full GC before the export)',
  )
  console.log(
    table(
      [
        'export',
        'entries',
        'files',
        'size MB',
        'seconds',
        'RSS growth MB',
        'heap growth MB',
        'loop delay p99/max ms',
        'menu p50/max ms (n)',
      ],
      results.map((r) => [
        r.mode === 'xlsx' ? 'entries.xlsx' : 'works.zip',
        int(r.entries),
        int(r.files),
        mb(r.bytes),
        r.seconds.toFixed(2),
        r.rssGrowthMb.toFixed(1),
        r.heapGrowthMb.toFixed(1),
        `${ms(r.loopDelayP99Ms)}/${ms(r.loopDelayMaxMs)}`,
        `${ms(r.menu.p50)}/${ms(r.menu.max)} (${r.menu.count})`,
      ]),
    ),
  )
  if (!xlsx) return true
  console.log(
    `entries.xlsx goal: ≤ ${XLSX_GOAL.seconds} s (${xlsx.seconds <= XLSX_GOAL.seconds ? 'met' : 'missed'}), ` +
      `≤ ${XLSX_GOAL.rssGrowthMb} MB RSS growth (${xlsx.rssGrowthMb <= XLSX_GOAL.rssGrowthMb ? 'met' : 'missed'})`,
  )
  if (xlsx.rssGrowthMb > XLSX_GOAL.rssGrowthMb) {
    console.log(`OVER BUDGET: entries.xlsx grew RSS by ${xlsx.rssGrowthMb.toFixed(1)} MB`)
    return true
  }
  return false
}

if (import.meta.main) process.exitCode = (await reportExports()) ? 1 : 0
