import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openObjectStore, parseStorage } from '../../server/services/object-store.ts'
import type { ObjectStore } from '../../server/services/object-store-contract.ts'
import { startS3Server } from '../support/s3-server.ts'
import { tempDir } from '../support/temp-dir.ts'

/**
 * Issue 25 item 2: one suite for both object stores (server/services/object-store.ts). Two instances
 * are two DATA_DIRs: what one puts, the other fetches. The local store is one DATA_DIR shared by both
 * (its only multi-instance use); the S3 store runs against a local S3-compatible server started here.
 */
let s3: Awaited<ReturnType<typeof startS3Server>>
beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(() => s3.close())

const folders: string[] = []
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true })
})

interface Pair {
  store: ObjectStore
  /** The DATA_DIR of the instance that writes, and of the one that reads. */
  writer: string
  reader: string
}

const kinds: Array<[string, () => Promise<Pair>]> = [
  [
    'local',
    async () => {
      const dir = tempDir('store')
      folders.push(dir)
      return { store: await openObjectStore({ kind: 'local' }), writer: dir, reader: dir }
    },
  ],
  [
    's3',
    async () => {
      const [writer, reader] = [tempDir('store-a'), tempDir('store-b')]
      folders.push(writer, reader)
      return { store: await openObjectStore(parseStorage(s3.env)), writer, reader }
    },
  ],
]

function write(dir: string, key: string, bytes: Buffer): string {
  const file = path.join(dir, key)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, bytes)
  return file
}

describe.each(kinds)('the %s object store', (_kind, open) => {
  it('gives the reading instance the bytes the writing one put, whole', async () => {
    const { store, writer, reader } = await open()
    const key = `files/ab/${randomBytes(8).toString('hex')}.bin`
    const bytes = randomBytes(3 * 1024 * 1024 + 17)
    await store.put(key, write(writer, key, bytes))
    const local = path.join(reader, key)
    expect(await store.fetch(key, local)).toBe(true)
    expect(fs.readFileSync(local).equals(bytes)).toBe(true)
    // No leftovers of the download beside it.
    expect(fs.readdirSync(path.dirname(local))).toEqual([path.basename(local)])
  })

  it('answers false for a key nobody put, and leaves no file', async () => {
    const { store, reader } = await open()
    const local = path.join(reader, 'files/cd/missing.png')
    expect(await store.fetch('files/cd/missing.png', local)).toBe(false)
    expect(fs.existsSync(local)).toBe(false)
  })

  it('removes an object for every instance: neither the writer’s copy nor a new fetch remains; a second removal is no error', async () => {
    const { store, writer, reader } = await open()
    const key = `exports/${randomBytes(4).toString('hex')}.xlsx`
    const written = write(writer, key, randomBytes(4096))
    await store.put(key, written)
    await store.remove(key, written)
    expect(fs.existsSync(written)).toBe(false)
    expect(await store.fetch(key, path.join(reader, key))).toBe(false)
    await store.remove(key, written)
  })

  it('serves a burst of first uses of one file with one whole copy', async () => {
    const { store, writer, reader } = await open()
    const key = `works/7/${randomBytes(4).toString('hex')}.zip`
    const bytes = randomBytes(512 * 1024)
    await store.put(key, write(writer, key, bytes))
    const local = path.join(reader, key)
    const answers = await Promise.all(Array.from({ length: 12 }, () => store.fetch(key, local)))
    expect(answers).toEqual(Array(12).fill(true))
    expect(fs.readFileSync(local).equals(bytes)).toBe(true)
  })
})

describe('STORAGE settings', () => {
  it('refuses an unknown store and an incomplete S3 configuration, naming what is missing', () => {
    expect(() => parseStorage({ STORAGE: 'ftp' })).toThrow('STORAGE must be local or s3, not "ftp"')
    expect(() => parseStorage({ STORAGE: 's3', S3_BUCKET: 'b' })).toThrow(
      'STORAGE=s3 needs S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    )
    expect(parseStorage({})).toEqual({ kind: 'local' })
  })
})
