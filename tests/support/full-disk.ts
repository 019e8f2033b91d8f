import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { tempDir } from './temp-dir.ts'

/**
 * A full disk under SQLite's write-ahead log, for real: `kabu.db-wal` in DATA_DIR made a device node
 * of the kernel's /dev/full (character device 1,7), so every write SQLite makes at COMMIT fails with
 * the kernel's own ENOSPC, as on a full filesystem. A symbolic link would not do: SQLite opens its
 * files with O_NOFOLLOW. Reading works on (the database file is untouched), so a server on an
 * unchanged database starts, and the node goes with SQLite's last close. Making a device node needs
 * CAP_MKNOD (root); `devicesAllowed` says whether this process has it. A full filesystem itself would
 * need a tmpfs or loop mount, which containers refuse more often still.
 */
export function walOnFullDisk(dataDir: string): void {
  execFileSync('mknod', [path.join(dataDir, 'kabu.db-wal'), 'c', '1', '7'], { stdio: 'ignore' })
}

/** Whether walOnFullDisk works here (asked once, by making one node in a temporary folder). */
export const devicesAllowed: boolean = (() => {
  const dir = tempDir('mknod')
  try {
    walOnFullDisk(dir)
    return true
  } catch {
    return false
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})()
