import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { COMPETITION_MSG } from '../../server/services/competition-entries.ts'
import { grantRole } from '../../server/services/staff/roles.ts'
import { appOn } from '../support/app-on.ts'
import { readCertificatePdf } from '../support/certificates.ts'
import { FIXTURE_IDS } from '../support/competitions.ts'
import { insertSubmittedSheet, insertSubmittedWork, resultsRoot } from '../support/judging.ts'
import { DEMO } from '../support/test-app.ts'
import { createTestDatabase } from '../support/test-database.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { addSignedIn, insertUser, insertVerified, type WithDatabase } from '../support/users.ts'
import { VALID_REALNAME } from '../support/valid-forms.ts'

/**
 * Issue 25 item 3: competition certificates issued at publication (README "Competition certificates"
 * and "Background work"). Publishing results queues a job that issues the certificate of every
 * certified entry and keeps its PDF in the object store; the entrant's download then serves the kept
 * file (no worker run, no claim on the download limit); a re-issue gets its new number's PDF made by a
 * job too; a start re-sends the work a lost job left undone. On SQLite and, with TEST_DB=postgres,
 * PostgreSQL (pg-boss).
 */
const SITE = 'https://www.kabu.test'
const ID = FIXTURE_IDS['optional-fee']
const t = useTestApp({ definitionsRoot: resultsRoot(), demoData: false, siteOrigin: SITE })
const ORGANISER = '13900000802'
const JUDGE = '13900000811'
/**
 * A and B certified; C disqualified; D never confirmed its entry; E confirmed but not verified (实名认证)
 * when the results are published.
 */
const ENTRANTS = {
  A: '13900000821',
  B: '13900000822',
  C: '13900000823',
  D: '13900000824',
  E: '13900000825',
}
type Name = keyof typeof ENTRANTS
const ids = new Map<string, number>()
const tokens = new Map<string, string>()
const registrationOf = {} as Record<Name, number>

const k = () => t.server.app.db.kysely
const certificateDir = () => path.join(t.server.dataDir, 'certificates')
/**
 * The kept PDFs of a number in the object store (STORAGE=local: DATA_DIR itself): `<number>-<hash>.pdf`,
 * not the `….pdf.<random>.tmp` a drawing writes before renaming it into place.
 */
const keptFiles = (dataDir: string, number: string) => {
  const dir = path.join(dataDir, 'certificates')
  return fs.existsSync(dir)
    ? fs.readdirSync(dir).filter((f) => f.startsWith(`${number}-`) && f.endsWith('.pdf'))
    : []
}
const currentOf = async (name: Name) =>
  (
    await k()
      .selectFrom('competition_certificates')
      .select('number')
      .where('current_registration_id', '=', registrationOf[name])
      .executeTakeFirst()
  )?.number
const pdfOf = (name: Name) =>
  t.server.app.inject({
    url: `/api/tbCompetitionInfo/getUserCertificate/pdf?competitionId=${ID}`,
    headers: { authorization: tokens.get(ENTRANTS[name])! },
  })
/** Claims made on an entrant's certificate download limit (none while kept files are served). */
const downloadClaims = async (name: Name) =>
  (
    await k()
      .selectFrom('rate_limits')
      .select('count')
      .where('key', '=', `certificate-pdf:user:${ids.get(ENTRANTS[name])}`)
      .executeTakeFirst()
  )?.count ?? 0
async function until(done: () => Promise<boolean>, what: string, ms = 60_000) {
  const deadline = Date.now() + ms
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
const runDone = (app: WithDatabase, competitionId: number) => async () =>
  Boolean(
    await app.db.kysely
      .selectFrom('certificate_runs')
      .select('done_at')
      .where('competition_id', '=', competitionId)
      .executeTakeFirst(),
  )

beforeAll(async () => {
  const app = t.server.app
  await addSignedIn(app, t.api, [ORGANISER, JUDGE, ...Object.values(ENTRANTS)], DEMO.password, {
    ids,
    tokens,
  })
  await grantRole(k(), null, ids.get(ORGANISER)!, { role: 'organiser', competitionId: ID })
  for (const [i, name] of (Object.keys(ENTRANTS) as Name[]).entries()) {
    const workId = await insertSubmittedWork(app, ID, ids.get(ENTRANTS[name])!, 'product', `作品${name}`)
    const work = await k()
      .selectFrom('competition_works')
      .select('registration_id')
      .where('id', '=', workId)
      .executeTakeFirstOrThrow()
    registrationOf[name] = work.registration_id
    if (name !== 'E') await insertVerified(app, ids.get(ENTRANTS[name])!, `参赛者${name}`)
    if (name === 'D') continue
    await insertSubmittedSheet(app, {
      competitionId: ID,
      roundId: 'final',
      workId,
      judgeId: ids.get(JUDGE)!,
      scores: { innovation: 9 - i * 2, function: 5 },
    })
  }
  await k()
    .updateTable('competition_registrations')
    .set({ moderation: 'disqualified', moderation_reason: '作品与已发表作品雷同' })
    .where('id', '=', registrationOf.C)
    .execute()
  await k()
    .updateTable('competition_registrations')
    .set({ finalised_at: null })
    .where('id', '=', registrationOf.D)
    .execute()
  const awards = await t.api.post('/api/manage/results/awards', { competitionId: ID }, tokens.get(ORGANISER))
  expect(awards.code).toBe(200)
}, 60_000)

describe('publishing results', () => {
  const runs = { pdfs: 0 }
  let sent: Array<[string, object]> = []

  it('queues the certificates job, which issues every certified entry’s certificate and keeps its PDF', async () => {
    const app = t.server.app
    const run = app.workers.run.bind(app.workers)
    vi.spyOn(app.workers, 'run').mockImplementation(((name, input, options) => {
      if (name === 'competitionCertificatePdf') runs.pdfs++
      return run(name, input, options)
    }) as typeof app.workers.run)
    const send = app.jobs.send.bind(app.jobs)
    vi.spyOn(app.jobs, 'send').mockImplementation(async (queue, data, options) => {
      sent.push([queue, data])
      return send(queue, data, options)
    })
    const published = await t.api.post(
      '/api/manage/results/publish',
      { competitionId: ID, when: 'now' },
      tokens.get(ORGANISER),
    )
    expect(published.code).toBe(200)
    expect(sent).toContainEqual(['certificates', { competitionId: ID }])
    // Entrants asking while the job runs get the number the job issues: one number per entry.
    const asked = await Promise.all(
      (['A', 'B'] as const).map((name) =>
        t.api.get(
          `/api/tbCompetitionInfo/getUserCertificate?competitionId=${ID}`,
          tokens.get(ENTRANTS[name]),
        ),
      ),
    )
    await until(runDone(app, ID), 'the certificates job')
    expect(asked.map((a) => a.data.number)).toEqual([await currentOf('A'), await currentOf('B')])
    const issued = await k()
      .selectFrom('competition_certificates')
      .select('registration_id')
      .where('competition_id', '=', ID)
      .execute()
    expect(issued.map((r) => r.registration_id).sort()).toEqual([registrationOf.A, registrationOf.B].sort())

    for (const name of ['A', 'B'] as const) {
      const number = await currentOf(name)
      expect(number).toMatch(/^KBS\d{4}-[2-9A-HJKMNP-Z]{8}$/)
      const files = keptFiles(t.server.dataDir, number!)
      expect(files).toHaveLength(1)
      const { text, qr } = await readCertificatePdf(fs.readFileSync(path.join(certificateDir(), files[0]!)))
      expect(text.replace(/\s+/g, '')).toContain(number)
      expect(qr).toBe(`${SITE}/cert/verify?number=${number}`)
    }
    expect(runs.pdfs).toBe(2)
  })

  it('issues none to a disqualified or unconfirmed entry', async () => {
    expect(await currentOf('C')).toBeUndefined()
    expect(await currentOf('D')).toBeUndefined()
    expect(fs.readdirSync(certificateDir())).toHaveLength(2)
    const dq = (await pdfOf('C')).json()
    expect(dq).toEqual({ code: 400, msg: COMPETITION_MSG.disqualifiedNoCertificate })
    expect((await pdfOf('D')).json()).toEqual({ code: 400, msg: COMPETITION_MSG.noCertificate })
  })

  it('skips an entrant not verified, and issues and keeps theirs in the verified name once they verify', async () => {
    expect(await currentOf('E')).toBeUndefined()
    expect((await pdfOf('E')).json()).toEqual({ code: 400, msg: COMPETITION_MSG.verifyForCertificate })
    sent = []
    const verified = await t.api.post(
      '/api/my/realNameAuth',
      { ...VALID_REALNAME, username: '参赛者戊', identity: '110105199001011234' },
      tokens.get(ENTRANTS.E),
    )
    expect(verified.code).toBe(200)
    expect(sent).toContainEqual(['certificates', { competitionId: ID, registrationId: registrationOf.E }])
    await until(async () => {
      const number = await currentOf('E')
      return number !== undefined && keptFiles(t.server.dataDir, number).length === 1
    }, 'the certificate of the verified entrant')
    const res = await pdfOf('E')
    expect(res.statusCode).toBe(200)
    const text = (await readCertificatePdf(res.rawPayload)).text.replace(/\s+/g, '')
    expect(text).toContain('参赛者戊')
    expect(text).not.toContain('参赛者真名')
    expect(await downloadClaims('E')).toBe(0)
  })

  it('the entrant’s download is the kept file, neither made again nor counted against the limit', async () => {
    const number = await currentOf('A')
    const shown = await t.api.get(
      `/api/tbCompetitionInfo/getUserCertificate?competitionId=${ID}`,
      tokens.get(ENTRANTS.A),
    )
    expect(shown.data.number).toBe(number)
    const before = runs.pdfs
    for (let i = 0; i < 3; i++) {
      const res = await pdfOf('A')
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-disposition']).toContain(`certificate-${number}.pdf`)
      const [file] = keptFiles(t.server.dataDir, number!)
      expect(res.rawPayload.equals(fs.readFileSync(path.join(certificateDir(), file!)))).toBe(true)
    }
    expect(runs.pdfs).toBe(before)
    expect(await downloadClaims('A')).toBe(0)
  })

  it('a PDF the job has not kept is made on the download, as before, and kept', async () => {
    const number = await currentOf('A')
    const [file] = keptFiles(t.server.dataDir, number!)
    fs.rmSync(path.join(certificateDir(), file!))
    const before = runs.pdfs
    const res = await pdfOf('A')
    expect(res.statusCode).toBe(200)
    expect((await readCertificatePdf(res.rawPayload)).text.replace(/\s+/g, '')).toContain(number)
    expect(runs.pdfs).toBe(before + 1)
    expect(await downloadClaims('A')).toBe(1)
    expect(keptFiles(t.server.dataDir, number!)).toEqual([file])
    expect((await pdfOf('A')).rawPayload.equals(res.rawPayload)).toBe(true)
    expect(runs.pdfs).toBe(before + 1)
  })

  it('a re-issue gets the new number’s PDF made by a job; the old number’s is never served', async () => {
    const old = await currentOf('B')
    sent = []
    const done = await t.api.post(
      '/api/manage/certificates/reissue',
      { competitionId: ID, account: ENTRANTS.B, reason: '更正作品名称' },
      tokens.get(ORGANISER),
    )
    expect(done.code).toBe(200)
    const fresh = done.data.number as string
    expect(fresh).not.toBe(old)
    expect(sent).toContainEqual(['certificates', { competitionId: ID, registrationId: registrationOf.B }])
    await until(async () => keptFiles(t.server.dataDir, fresh).length === 1, 'the re-issued PDF')
    const before = runs.pdfs
    const res = await pdfOf('B')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toContain(`certificate-${fresh}.pdf`)
    const text = (await readCertificatePdf(res.rawPayload)).text.replace(/\s+/g, '')
    expect(text).toContain(fresh)
    expect(text).not.toContain(old)
    expect(runs.pdfs).toBe(before)
    expect(await downloadClaims('B')).toBe(0)
  })
})

describe('a start', () => {
  const cleanups: Array<() => Promise<void> | void> = []
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('a running instance finds a publication whose job never ran at its regular check, and runs it', async () => {
    const app = t.server.app
    expect(await app.jobs.queued('certificates-recheck')).toBe(true)
    await until(runDone(app, ID), 'the first certificates job')
    // As if the instance that published had died before sending the job.
    await k().deleteFrom('certificate_runs').where('competition_id', '=', ID).execute()
    await app.certificates.requeueUnfinished()
    await until(runDone(app, ID), 'the certificates job the check queued')
  })

  it('queues again the certificates of a publication whose job was lost', async () => {
    const root = resultsRoot()
    const database = await createTestDatabase()
    cleanups.push(() => database.drop())
    const start = () =>
      appOn({
        dataDir: database.dataDir,
        databaseUrl: database.databaseUrl,
        demoData: false,
        definitionsRoot: root,
        siteOrigin: SITE,
      })
    const first = await start()
    await insertUser(first, '13900000831', DEMO.password)
    const user = await first.db.kysely
      .selectFrom('users')
      .select('id')
      .where('account', '=', '13900000831')
      .executeTakeFirstOrThrow()
    await insertSubmittedWork(first, ID, user.id, 'product', '作品甲')
    await insertVerified(first, user.id, '参赛者甲')
    // Published while the job was lost (an in-process queue gone with its process).
    const now = new Date().toISOString()
    await first.db.kysely
      .insertInto('result_publications')
      .values({ competition_id: ID, status: 'published', published_at: now, updated_at: now })
      .execute()
    await first.close()
    const second = await start()
    cleanups.push(() => second.close())
    await until(runDone(second, ID), 'the certificates job after the start')
    const row = await second.db.kysely
      .selectFrom('competition_certificates')
      .select('number')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow()
    expect(keptFiles(database.dataDir, row.number)).toHaveLength(1)
  })
})
