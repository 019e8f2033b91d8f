import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { connect } from '../../server/db/connect.ts'
import { NODE, root, startChildServer } from '../support/child-server.ts'
import { tempDir } from '../support/temp-dir.ts'
import { createTestDatabase } from '../support/test-database.ts'

/**
 * Issue 21 item 8: instances starting together on one empty database both come up — migrations take a
 * lock (PostgreSQL: an advisory lock; SQLite: the write lock, taken before the list of done ones is
 * read) and each migration is recorded once. Real processes, as instances are: two migrating
 * processes released at the same instant, then two whole servers started together.
 */
const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A fresh empty database: its URL (PostgreSQL) and DATA_DIR (SQLite's file, and the servers' files). */
async function emptyDatabase() {
  const database = await createTestDatabase()
  const dataDir = tempDir('shared')
  cleanups.push(() => database.drop())
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }))
  return { DATABASE_URL: database.databaseUrl, DATA_DIR: dataDir }
}

function migrator(env: Record<string, string>) {
  const child = spawn(NODE, ['tests/support/migrate-once.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8')
  })
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', () => stdout.includes('ready\n') && resolve())
    child.once('exit', () => reject(new Error(`exited before migrating: ${stderr}`)))
  })
  const done = new Promise<{ code: number | null; ran: string[]; stderr: string }>((resolve) =>
    child.once('exit', (code) => {
      const line = stdout.split('\n').find((l) => l.startsWith('['))
      resolve({ code, ran: line ? JSON.parse(line) : [], stderr })
    }),
  )
  return { ready, go: () => child.stdin.end('go\n'), done }
}

describe('migrations under concurrent starts', () => {
  it('lets two processes migrate one empty database at the same instant: both succeed, each migration runs once', async () => {
    const env = await emptyDatabase()
    const a = migrator(env)
    const b = migrator(env)
    await Promise.all([a.ready, b.ready])
    a.go()
    b.go()
    const [first, second] = await Promise.all([a.done, b.done])
    expect(first.code, first.stderr).toBe(0)
    expect(second.code, second.stderr).toBe(0)
    const ran = [...first.ran, ...second.ran]
    // Every migration ran in exactly one of them.
    expect(ran.length).toBeGreaterThan(10)
    expect(new Set(ran).size).toBe(ran.length)
    const db = connect({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR })
    try {
      const recorded = await db.kysely
        .selectFrom('kabu_migrations' as never)
        .select('name' as never)
        .execute()
      expect(recorded.length).toBe(ran.length)
    } finally {
      await db.kysely.destroy()
    }
  }, 60_000)

  it('brings up two servers started together on one empty database', async () => {
    const env = await emptyDatabase()
    const servers = await Promise.allSettled([startChildServer(env), startChildServer(env)])
    for (const server of servers) if (server.status === 'fulfilled') cleanups.push(server.value.cleanup)
    expect(servers.map((s) => (s.status === 'rejected' ? String(s.reason).slice(0, 500) : 'up'))).toEqual([
      'up',
      'up',
    ])
  }, 120_000)
})
