import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { competitionCertificatePdf } from '../../server/services/competition/certificate-pdf.ts'
import { COMPETITION_MSG } from '../../server/services/competition-entries.ts'
import { apiOf } from '../support/api-client.ts'
import { confirmedEntrant, readCertificatePdf } from '../support/certificates.ts'
import {
  definitionsRoot,
  fixture,
  phasesAt,
  storeSampleFiles,
  WORK_BASE,
  WORK_INFO,
  writeDefinition,
} from '../support/competitions.ts'
import { insertSubmittedWork } from '../support/judging.ts'
import { tempDir } from '../support/temp-dir.ts'
import { createTestApp, DEMO } from '../support/test-app.ts'
import { insertUser } from '../support/users.ts'
import { VALID_REALNAME } from '../support/valid-forms.ts'

/**
 * Issue 32 item 7 (README "Competition certificates"): a certificate names the entrant by their
 * verified real name (实名认证), never the name typed in the registration form; an entrant who has not
 * verified gets no certificate until they do (a clear refusal, the reason in 我的赛事, issued once they
 * verify); a name or title someone typed is printed as text — literally, without control or bidi
 * characters, bounded so the page keeps its layout. On SQLite and, with TEST_DB=postgres, PostgreSQL.
 */
const ID = 9001
const HOSTILE_TITLE = '=HYPERLINK("http://evil.example","点我")'
const RLO = '\u202E'

const definitions = (stage: 'registering' | 'finished') => ({
  'fee-default': fixture('fee-default', { phases: phasesAt(stage) }),
})
const root = definitionsRoot(definitions('registering'))
let server: Awaited<ReturnType<typeof createTestApp>>
let api: ReturnType<typeof apiOf>
type Entrant = Awaited<ReturnType<typeof confirmedEntrant>>
let verified: Entrant
let hostile: Entrant
const unverified = { account: '13900003201', token: '', userId: 0 }

beforeAll(async () => {
  server = await createTestApp({ definitionsRoot: root })
  api = apiOf(server.app)
  await storeSampleFiles(server.app)
  // The registration form says 青禾设计小组 (a team name); the account is verified as 陈思远.
  verified = await confirmedEntrant(server.app, api, ID)
  hostile = await confirmedEntrant(server.app, api, ID, {
    workBase: { ...WORK_BASE, worksName: `${HOSTILE_TITLE}${RLO}<b>粗</b>` },
    workInfo: {
      ...WORK_INFO,
      teamMembers: [
        { name: `林${RLO}晓雨`, role: '结构设计' },
        { name: 'W'.repeat(30), role: '渲染' },
        { name: '<script>alert(1)</script>', role: '展板' },
        { name: '\u200B\u200F王五\u2066', role: '模型' },
      ],
    },
  })
  // Confirmed (written directly: payment needs a verified account), never verified.
  await insertUser(server.app, unverified.account, DEMO.password)
  unverified.userId = (
    await server.app.db.kysely
      .selectFrom('users')
      .select('id')
      .where('account', '=', unverified.account)
      .executeTakeFirstOrThrow()
  ).id
  unverified.token = await api.login(unverified.account)
  await insertSubmittedWork(server.app, ID, unverified.userId, 'product', '待认证者的作品')
  for (const [slug, definition] of Object.entries(definitions('finished')))
    writeDefinition(root, slug, definition)
  expect((await server.app.definitionReloads.request({ source: 'cli', actorId: null })).ok).toBe(true)
}, 120_000)
afterAll(() => server?.close())

const certificateOf = (token: string) =>
  api.get(`/api/tbCompetitionInfo/getUserCertificate?competitionId=${ID}`, token)
const verify = (number: string) =>
  api.get(`/api/tbCompetitionInfo/certificate/verify?number=${encodeURIComponent(number)}`)
const pdfOf = (token: string) =>
  server.app.inject({
    url: `/api/tbCompetitionInfo/getUserCertificate/pdf?competitionId=${ID}`,
    headers: { authorization: token },
  })
const mine = async (token: string) =>
  ((await api.get('/api/user/getCompetition', token)).data as Array<Record<string, unknown>>).find(
    (c) => c.competitionId === ID,
  )!
const pagesOf = (pdf: Buffer) => {
  const dir = tempDir('certificate-pages')
  const file = path.join(dir, 'c.pdf')
  fs.writeFileSync(file, pdf)
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' })
  fs.rmSync(dir, { recursive: true, force: true })
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1])
}

describe('the verified name', () => {
  it('names the entrant by their verified real name, not the registration form’s name, on the API, the PDF and the public check', async () => {
    const cert = (await certificateOf(verified.token)).data
    expect(cert.name).toBe(VALID_REALNAME.username)
    const { text, qr } = await readCertificatePdf((await pdfOf(verified.token)).rawPayload)
    const flat = text.replace(/\s+/g, '')
    expect(flat).toContain(`兹证明${VALID_REALNAME.username}以作品《折叠式城市共享座椅》参加`)
    expect(flat).not.toContain('青禾设计小组')
    expect(qr).toBe(cert.verifyUrl)
    // The public check shows the name as printed (unmasked: it is what a reader of the paper compares).
    expect((await verify(cert.number)).data).toMatchObject({
      entrant: VALID_REALNAME.username,
      coAuthors: ['林晓雨', '周可'],
    })
  })
})

describe('an entrant who has not verified', () => {
  it('is refused with the reason, which 我的赛事 shows, and gets the certificate in their verified name once they verify', async () => {
    const refusal = { code: 400, msg: COMPETITION_MSG.verifyForCertificate }
    expect(COMPETITION_MSG.verifyForCertificate).toContain('实名认证')
    expect(await certificateOf(unverified.token)).toEqual(refusal)
    expect(JSON.parse((await pdfOf(unverified.token)).body)).toMatchObject(refusal)
    expect(
      await api.post(
        '/api/logistics/competitionCertificate',
        { competitionId: ID, addressId: 1 },
        unverified.token,
      ),
    ).toMatchObject(refusal)
    expect(await mine(unverified.token)).toMatchObject({
      certificate: false,
      certificatePending: COMPETITION_MSG.verifyForCertificate,
    })
    const none = await server.app.db.kysely
      .selectFrom('competition_certificates')
      .select('number')
      .where('user_id', '=', unverified.userId)
      .execute()
    expect(none).toEqual([])

    const done = await api.post(
      '/api/my/realNameAuth',
      { ...VALID_REALNAME, username: '林晓', identity: '110105199205067654' },
      unverified.token,
    )
    expect(done.code).toBe(200)
    // Verifying queues the certificate that waited: it is issued without a request of the entrant's.
    const deadline = Date.now() + 30_000
    let issued: { number: string } | undefined
    while (!issued && Date.now() < deadline) {
      issued = await server.app.db.kysely
        .selectFrom('competition_certificates')
        .select('number')
        .where('user_id', '=', unverified.userId)
        .executeTakeFirst()
      if (!issued) await new Promise((r) => setTimeout(r, 100))
    }
    expect(issued).toBeDefined()
    expect(await mine(unverified.token)).toMatchObject({ certificate: true, certificatePending: null })
    expect((await certificateOf(unverified.token)).data).toMatchObject({
      number: issued!.number,
      name: '林晓',
    })
    // The registration row written directly named 参赛者真名: never printed.
    const { text } = await readCertificatePdf((await pdfOf(unverified.token)).rawPayload)
    expect(text.replace(/\s+/g, '')).toContain('林晓')
    expect(text).not.toContain('参赛者真名')
  })
})

describe('hostile names and titles', () => {
  it('prints a formula-looking title and names with markup literally, without bidi or control characters, on one page', async () => {
    const cert = (await certificateOf(hostile.token)).data
    expect(cert.works).toEqual([`${HOSTILE_TITLE}<b>粗</b>`])
    expect(cert.coAuthors).toEqual(['林晓雨', 'W'.repeat(30), '<script>alert(1)</script>', '王五'])
    const pdf = (await pdfOf(hostile.token)).rawPayload
    const { text, qr } = await readCertificatePdf(pdf)
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F]/)
    const flat = text.replace(/\s+/g, '')
    expect(flat).toContain(`兹证明${VALID_REALNAME.username}以作品《${HOSTILE_TITLE}<b>粗</b>》参加`)
    expect(flat).toContain('<script>alert(1)</script>')
    expect(pagesOf(pdf)).toBe(1)
    expect(qr).toBe(cert.verifyUrl)
    expect((await verify(cert.number)).data.works).toEqual([`${HOSTILE_TITLE}<b>粗</b>`])
  })

  it('keeps a number issued before the rule verifying, its stored names printed without their control characters', async () => {
    const k = server.app.db.kysely
    const row = await k
      .selectFrom('competition_certificates')
      .selectAll()
      .where('user_id', '=', hostile.userId)
      .executeTakeFirstOrThrow()
    // As a certificate issued before: the typed name with an override and a line break, stored as is.
    const fields = { ...JSON.parse(row.fields), entrant: `青禾${RLO}设计\n小组\u0007` }
    await k
      .updateTable('competition_certificates')
      .set({ fields: JSON.stringify(fields) })
      .where('id', '=', row.id)
      .execute()
    const checked = await verify(row.number)
    expect(checked.data).toMatchObject({ number: row.number, entrant: '青禾设计 小组', supersededAt: null })
  })

  it('draws the longest values the forms allow, without a break, on one page with a readable QR code', async () => {
    const long = (c: string, n: number) => c.repeat(n)
    for (const template of ['classic', 'modern'] as const) {
      const pdf = await competitionCertificatePdf({
        number: 'KBS2026-ABCDEFGH',
        issuedAt: new Date().toISOString(),
        verifyUrl: 'https://www.kabu.test/cert/verify?number=KBS2026-ABCDEFGH',
        fields: {
          entrant: long('长', 30),
          coAuthors: Array.from({ length: 12 }, (_, i) => `${long('M', 28)}${i}`),
          advisers: Array.from({ length: 6 }, (_, i) => `${long('师', 29)}${i}`),
          works: Array.from({ length: 6 }, (_, i) => `${long('作', 49)}${i}`),
          award: long('奖', 40),
          competition: long('赛', 60),
          year: 2026,
          template,
          issuer: long('单', 40),
          body: long('正文', 300),
        },
      })
      expect(pagesOf(pdf)).toBe(1)
      const { text, qr } = await readCertificatePdf(pdf)
      expect(qr).toBe('https://www.kabu.test/cert/verify?number=KBS2026-ABCDEFGH')
      // The body is cut at 300 characters, marked with “…”.
      expect(text.replace(/\s+/g, '')).toContain('…')
    }
  })
})
