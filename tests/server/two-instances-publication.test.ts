import fs from 'node:fs'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { connect } from '../../server/db/connect.ts'
import { RESULTS_MSG } from '../../server/services/results/refusals.ts'
import { grantRole } from '../../server/services/staff/roles.ts'
import { startChildServer } from '../support/child-server.ts'
import { FIXTURE_IDS } from '../support/competitions.ts'
import { callInstance, signInOn } from '../support/instance-api.ts'
import { insertSubmittedSheet, insertSubmittedWork, resultsRoot } from '../support/judging.ts'
import { tempDir } from '../support/temp-dir.ts'
import { DEMO } from '../support/test-app.ts'
import { createTestDatabase, onPostgres } from '../support/test-database.ts'
import { insertUser } from '../support/users.ts'

/**
 * Issue 25 item 5, the last case: a results publication scheduled through instance A, which is then
 * killed (SIGKILL: no shutdown, nothing handed over) before the time. Instance B carries on and
 * publishes it at the definition's results time, exactly once: one job completed, one audit line, one
 * message per entrant. Real processes on one PostgreSQL database, as production runs them.
 */
const SCHEDULED = FIXTURE_IDS['optional-fee']
/** From writing the definitions to the results time: both starts, the set-up and the kill fit in it. */
const RESULTS_IN_MS = 45_000
const cleanups: Array<() => Promise<void> | void> = []

describe.runIf(onPostgres())('a publication scheduled on an instance that is then killed', () => {
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it(
    'is published by the other instance at its time, once',
    async () => {
      const root = resultsRoot(RESULTS_IN_MS)
      const database = await createTestDatabase()
      cleanups.push(() => database.drop())
      const secrets = tempDir('secrets')
      cleanups.push(() => fs.rmSync(secrets, { recursive: true, force: true }))
      const env = { DATABASE_URL: database.databaseUrl, SECRETS_DIR: secrets, DEFINITIONS_ROOT: root }
      const [a, b] = await Promise.all([startChildServer(env), startChildServer(env)])
      cleanups.push(a.cleanup, b.cleanup)

      const db = connect({ databaseUrl: database.databaseUrl, dataDir: '' })
      cleanups.push(() => db.kysely.destroy())
      const k = db.kysely
      const idOf = async (account: string) => {
        await insertUser({ db }, account, DEMO.password)
        return (
          await k.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()
        ).id
      }
      const organiser = await idOf('13900000702')
      await grantRole(k, null, organiser, { role: 'organiser', competitionId: SCHEDULED })
      const judge = await idOf('13900000711')
      const works = [
        await insertSubmittedWork({ db }, SCHEDULED, await idOf('13900000721'), 'product', '作品甲'),
        await insertSubmittedWork({ db }, SCHEDULED, await idOf('13900000722'), 'product', '作品乙'),
      ]
      for (const [i, workId] of works.entries())
        await insertSubmittedSheet(
          { db },
          {
            competitionId: SCHEDULED,
            roundId: 'final',
            workId,
            judgeId: judge,
            scores: { innovation: 9 - i * 2, function: 5 },
          },
        )

      const token = await signInOn(a.port, '13900000702')
      const body = { competitionId: SCHEDULED }
      expect((await callInstance(a.port, '/api/manage/results/awards', body, token)).body.code).toBe(200)
      const scheduled = await callInstance(
        a.port,
        '/api/manage/results/publish',
        { ...body, when: 'scheduled' },
        token,
      )
      expect(scheduled.body.code).toBe(200)
      const publishAt = Date.parse(String(scheduled.body.data?.publishAt))
      expect(scheduled.body.msg).toBe(RESULTS_MSG.scheduled(new Date(publishAt).toISOString()))
      expect(publishAt).toBeGreaterThan(Date.now())

      a.child.kill('SIGKILL')
      const killed = await a.exited
      expect(killed.signal).toBe('SIGKILL')
      expect(killed.at).toBeLessThan(publishAt)

      const status = async () =>
        (
          await k
            .selectFrom('result_publications')
            .select('status')
            .where('competition_id', '=', SCHEDULED)
            .executeTakeFirst()
        )?.status
      expect(await status()).toBe('scheduled')
      const deadline = publishAt + 30_000
      while ((await status()) !== 'published' && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 250))
      expect(await status()).toBe('published')
      expect(Date.now()).toBeGreaterThanOrEqual(publishAt)
      // Anything that would run it twice has had time to.
      await new Promise((r) => setTimeout(r, 3_000))

      const results = await callInstance(b.port, '/api/competition/results/optional-fee')
      expect(results.body.code).toBe(200)
      const audits = await k
        .selectFrom('audit_log')
        .select('actor_id')
        .where('action', '=', 'results.publish')
        .execute()
      expect(audits).toEqual([{ actor_id: null }])
      const sms = await k
        .selectFrom('sms_outbox')
        .select('phone')
        .where('body', 'like', '%评审结果已公布%')
        .execute()
      expect(sms.map((m) => m.phone).sort()).toEqual(['13900000721', '13900000722'])
      const jobs = await sql<{ state: string }>`
      SELECT state FROM pgboss.job WHERE name = 'results-publish' AND data->>'competitionId' = ${String(SCHEDULED)}
    `.execute(k)
      expect(jobs.rows.map((j) => j.state)).toEqual(['completed'])
      // B answers again as before: the publication did not hold it up.
      expect((await callInstance(b.port, '/api/ready')).status).toBe(200)
    },
    RESULTS_IN_MS + 90_000,
  )
})
