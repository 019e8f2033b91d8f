import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

/** Clock ticks per second of /proc's CPU times (getconf CLK_TCK; 100 on Linux as built by Debian). */
const TICKS = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100

/** user + system CPU seconds of one process (all its threads), from /proc/<pid>/stat; 0 if it is gone. */
function cpuOf(pid: string | number): { comm: string; seconds: number } | undefined {
  let stat: string
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return undefined
  }
  // "pid (comm) state …": comm may hold spaces, so the fields are counted after its last ")".
  const close = stat.lastIndexOf(')')
  const fields = stat.slice(close + 2).split(' ')
  return {
    comm: stat.slice(stat.indexOf('(') + 1, close),
    seconds: (Number(fields[11]) + Number(fields[12])) / TICKS,
  }
}

export const processCpuSeconds = (pid: number): number => cpuOf(pid)?.seconds ?? 0

/**
 * CPU seconds of every PostgreSQL server process on this machine (postmaster, backends, background
 * workers). A backend that exits between two readings takes its seconds with it, so the bench reads
 * while its connections are pooled and alive.
 */
export function postgresCpuSeconds(): number {
  let total = 0
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    const cpu = cpuOf(pid)
    if (cpu?.comm === 'postgres') total += cpu.seconds
  }
  return total
}
