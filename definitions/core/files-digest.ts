import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** The folders of the definitions root a reload reads (public/ is checked file by file instead). */
const FOLDERS = ['competitions', 'events', 'landing-pages']

/**
 * One SHA-256 over every file of competitions/, events/ and landing-pages/ under `root` — names and
 * bytes, in name order — so two instances can tell whether they read the same definitions: a server
 * whose copy was not updated shows up in the console after a reload (services/live-definitions.ts).
 */
export function filesDigest(root: string): string {
  const hash = createHash('sha256')
  for (const folder of FOLDERS) {
    const dir = path.join(root, folder)
    if (!fs.existsSync(dir)) continue
    const files = fs
      .readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .map((name) => name.split(path.sep).join('/'))
      .filter((name) => fs.statSync(path.join(dir, name)).isFile())
      .sort()
    for (const name of files) {
      hash.update(`${folder}/${name}\0`)
      hash.update(fs.readFileSync(path.join(dir, name)))
      hash.update('\0')
    }
  }
  return hash.digest('hex')
}
