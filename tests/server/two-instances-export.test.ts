import fs from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import { connect } from '../../server/db/connect.ts'
import { seedBulkEntries } from '../../server/db/seed/bulk-entries.ts'
import { appOn } from '../support/app-on.ts'
import { startChildServer } from '../support/child-server.ts'
import { callInstance, signInOn } from '../support/instance-api.ts'
import { tempDir } from '../support/temp-dir.ts'
import { createTestDatabase, onPostgres } from '../support/test-database.ts'

/**
 * Issue 25 item 3: an export whose instance dies while making it is made by another. Real processes on
 * one PostgreSQL database: B is killed first (so A takes the job), A is killed (SIGKILL) while the
 * export is running, C starts; once A's heartbeat has been silent 30 s the queue fails the job and C
 * makes the export again, whole.
 */
const ADMIN = '13800000010'
const ENTRIES = 20_000
const cleanups: Array<() => Promise<void> | void> = []

describe.runIf(onPostgres())('an export whose instance is killed while making it', () => {
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('is made again by another instance, and downloads whole', async () => {
    const database = await createTestDatabase()
    cleanups.push(() => database.drop())
    const secrets = tempDir('secrets')
    cleanups.push(() => fs.rmSync(secrets, { recursive: true, force: true }))
    const env = { DATABASE_URL: database.databaseUrl, SECRETS_DIR: secrets, SEED_DEMO: '1' }
    const [a, b] = await Promise.all([startChildServer(env), startChildServer(env)])
    cleanups.push(a.cleanup, b.cleanup)

    // Entries enough that the export runs for seconds: written through an app of our own, closed again
    // before the export is asked for (it would take export jobs too).
    const seeder = await appOn({
      dataDir: tempDir('seeder'),
      secretsDir: secrets,
      databaseUrl: database.databaseUrl,
      demoData: true,
    })
    const competition = seeder.competitions.all()[0]!
    await seedBulkEntries(seeder.db, competition, ENTRIES)
    await seeder.close()

    b.child.kill('SIGKILL')
    await b.exited
    const token = await signInOn(a.port, ADMIN)
    const url = `/api/manage/competitions/${competition.competitionId}/exports`
    const asked = await callInstance(a.port, url, { kind: 'entries.xlsx' }, token)
    expect(asked.body.code).toBe(200)
    const id = Number(asked.body.data?.id)
    const db = connect({ databaseUrl: database.databaseUrl, dataDir: '' })
    cleanups.push(() => db.kysely.destroy())
    const row = () =>
      db.kysely
        .selectFrom('export_files')
        .select(['status', 'progress', 'started_at', 'size'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    // Under way on A, rows written, not finished: A dies.
    for (let r = await row(); !(r.status === 'running' && r.progress > 0); r = await row()) {
      expect(r.status).not.toBe('ready')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    a.child.kill('SIGKILL')
    await a.exited
    const cut = await row()
    expect(cut.status).toBe('running')
    expect(cut.progress).toBeLessThan(ENTRIES)

    const c = await startChildServer(env)
    cleanups.push(c.cleanup)
    const deadline = Date.now() + 120_000
    let last = await row()
    while (last.status !== 'ready' && last.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      last = await row()
    }
    expect(last.status).toBe('ready')
    expect(last.progress).toBe(ENTRIES)
    // Started again from the beginning, by C.
    expect(Date.parse(String(last.started_at))).toBeGreaterThan(Date.parse(String(cut.started_at)))
    const file = await fetch(`http://127.0.0.1:${c.port}${url}/${id}/file`, {
      headers: { authorization: token },
    })
    expect(file.status).toBe(200)
    const bytes = Buffer.from(await file.arrayBuffer())
    expect(bytes.length).toBe(Number(last.size))
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK')
  }, 360_000)
})
