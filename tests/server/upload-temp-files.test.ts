import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { appOn } from '../support/app-on.ts'
import { tempDir } from '../support/temp-dir.ts'
import { createTestDatabase } from '../support/test-database.ts'

/**
 * Issue 21 item 8: temporary files of uploads a crash interrupted (`files/.upload-*`, up to 20 MB
 * each) are removed at start and periodically — only those untouched for long enough, since another
 * instance sharing DATA_DIR may be writing one right now.
 */
const HOUR = 3600_000
const dataDir = tempDir('sweep')
const files = path.join(dataDir, 'files')
const cleanups: Array<() => Promise<void> | void> = [
  () => fs.rmSync(dataDir, { recursive: true, force: true }),
]
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/** A temporary upload file last written `ageMs` ago. */
function tempFile(name: string, ageMs: number): string {
  const file = path.join(files, name)
  fs.writeFileSync(file, Buffer.alloc(1024, 1))
  const at = new Date(Date.now() - ageMs)
  fs.utimesSync(file, at, at)
  return file
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('temporary files of interrupted uploads', () => {
  it('removes old ones at start and periodically, keeps fresh ones and everything else, and stops on close', async () => {
    fs.mkdirSync(path.join(files, 'ab'), { recursive: true })
    const crashed = [
      tempFile('.upload-0123456789abcdef', 2 * HOUR),
      tempFile('.upload-fedcba9876543210', 25 * HOUR),
    ]
    const live = tempFile('.upload-00000000000000aa', 60_000)
    const stored = path.join(files, 'ab', `ab${'0'.repeat(62)}.png`)
    fs.writeFileSync(stored, 'stored')
    fs.utimesSync(stored, new Date(Date.now() - 48 * HOUR), new Date(Date.now() - 48 * HOUR))
    const oldButNotTemp = tempFile('.keep-me', 48 * HOUR)

    const database = await createTestDatabase()
    cleanups.push(() => database.drop())
    const app = await appOn({
      dataDir,
      databaseUrl: database.databaseUrl,
      demoData: false,
      uploadSweepMs: 100,
    })
    let closed = false
    cleanups.push(async () => {
      if (!closed) await app.close()
    })
    for (const file of crashed) expect(fs.existsSync(file), file).toBe(false)
    expect(fs.existsSync(live)).toBe(true)
    expect(fs.existsSync(stored)).toBe(true)
    expect(fs.existsSync(oldButNotTemp)).toBe(true)

    // The live one stops being written (its upload was cut off) and ages: a later sweep removes it.
    const at = new Date(Date.now() - 2 * HOUR)
    fs.utimesSync(live, at, at)
    await sleep(400)
    expect(fs.existsSync(live)).toBe(false)

    await app.close()
    closed = true
    const afterClose = tempFile('.upload-11111111111111bb', 2 * HOUR)
    await sleep(400)
    expect(fs.existsSync(afterClose), 'no sweep runs after close').toBe(true)
  })
})
