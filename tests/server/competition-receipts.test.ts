import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { RECEIPT_MSG } from '../../server/routes/competition-receipts.ts'
import {
  ADVISER,
  DISPLAY_BOARD,
  FIXTURE_IDS,
  PROPERTY_RIGHT,
  REGISTRATION,
  storeSampleFiles,
  uploadSampleFiles,
  WORK_BASE,
  WORK_INFO,
} from '../support/competitions.ts'
import { newPayer } from '../support/payers.ts'
import { useTestApp } from '../support/use-test-app.ts'

/** 我的赛事 and entry receipts (issue 22 items 2 and 4) over the fixture definitions. */
const t = useTestApp()
const FEE = FIXTURE_IDS['fee-default']
const NUMBER = /^KBE\d{4}-\d{6}$/

beforeAll(async () => {
  await storeSampleFiles(t.server.app)
})

const post = (path: string, body: object, token: string) => t.api.post(`/api/${path}`, body, token)
const mine = async (token?: string) => t.api.get('/api/user/getCompetition', token)
const inject = (url: string, token?: string) =>
  t.server.app.inject({ url, headers: token ? { authorization: token } : {} })

/** An entrant of the fee competition with one complete work; paid unless told otherwise. */
async function readyEntrant({ pay = true } = {}) {
  const payer = await newPayer(t.server.app, t.api, 100_000)
  await uploadSampleFiles(t.server.app, payer.userId)
  const { token } = payer
  expect(
    (await post('tbCompetitionInfo/user/add', { ...REGISTRATION, competitionId: FEE }, token)).code,
  ).toBe(200)
  const work = (await post('works/add', { ...WORK_BASE, competitionId: FEE }, token)).data
  expect((await post('works/add', { ...WORK_INFO, id: work.id, step: 'info' }, token)).code).toBe(200)
  expect((await post('tbCompetitionInfo/works/saveAdviser', { ...ADVISER, id: work.id }, token)).code).toBe(
    200,
  )
  expect(
    (await post('tbCompetitionInfo/works/updateWorkPropertyRight', { ...PROPERTY_RIGHT, id: work.id }, token))
      .code,
  ).toBe(200)
  expect(
    (await post('tbCompetitionInfo/works/updateDisplayBoard', { ...DISPLAY_BOARD, id: work.id }, token)).data
      .complete,
  ).toBe(true)
  if (pay) expect((await post('tbCompetitionInfo/pay/4', { competitionId: FEE }, token)).code).toBe(200)
  return payer
}

const confirm = (token: string) => post('tbCompetitionInfo/auth', { competitionId: FEE }, token)

describe('GET /user/getCompetition (我的赛事)', () => {
  it('lists the entry with its state as it moves: registered, paid, submitted with a receipt', async () => {
    const entrant = await readyEntrant({ pay: false })
    expect((await mine(entrant.token)).data).toEqual([
      expect.objectContaining({
        competitionId: FEE,
        slug: 'fee-default',
        paid: false,
        payRequired: true,
        finalised: false,
        certificate: false,
        receiptNumber: null,
        worksCount: 1,
      }),
    ])
    expect((await post('tbCompetitionInfo/pay/4', { competitionId: FEE }, entrant.token)).code).toBe(200)
    expect((await mine(entrant.token)).data[0]).toMatchObject({ paid: true, finalised: false })
    expect((await confirm(entrant.token)).code).toBe(200)
    const [entry] = (await mine(entrant.token)).data
    expect(entry).toMatchObject({ paid: true, finalised: true, certificate: false })
    expect(entry.receiptNumber).toMatch(NUMBER)
  })

  it('shows another user nothing of it, and a signed-out visitor the 403 envelope', async () => {
    const entrant = await readyEntrant()
    expect((await confirm(entrant.token)).code).toBe(200)
    const other = await newPayer(t.server.app, t.api, 0)
    expect(await mine(other.token)).toEqual({ code: 200, msg: expect.any(String), data: [] })
    expect(await mine()).toMatchObject({ code: 403 })
  })
})

describe('entry receipts', () => {
  it('confirming gives one number and a timestamp per file; confirming again keeps it', async () => {
    const entrant = await readyEntrant()
    expect((await confirm(entrant.token)).data.finalised).toBe(true)
    const receipt = await t.api.get(`/api/tbCompetitionInfo/receipt?competitionId=${FEE}`, entrant.token)
    expect(receipt.code).toBe(200)
    expect(receipt.data.number).toMatch(NUMBER)
    expect(receipt.data.competitionId).toBe(FEE)
    expect(receipt.data.works).toEqual([WORK_BASE.worksName])
    expect(receipt.data.files.length).toBeGreaterThan(0)
    for (const file of receipt.data.files) {
      expect(file.sha256).toMatch(/^[0-9a-f]{64}$/)
      expect(file.timestampSerial).toMatch(/^[0-9a-f]{24}$/)
      expect(file.stampedAt).toMatch(/\+08:00$/)
    }
    expect(receipt.data.verifyUrl).toContain(`/receipt/verify?number=${receipt.data.number}`)
    expect((await confirm(entrant.token)).msg).toBe('已确认提交')
    const again = await t.api.get(`/api/tbCompetitionInfo/receipt?competitionId=${FEE}`, entrant.token)
    expect(again.data.number).toBe(receipt.data.number)
    const rows = await t.server.app.db.kysely
      .selectFrom('competition_receipts')
      .select('number')
      .where('user_id', '=', entrant.userId)
      .execute()
    expect(rows).toEqual([{ number: receipt.data.number }])
  })

  it('concurrent confirms (Promise.all) finalise once and allocate one number; numbers are unique', async () => {
    const a = await readyEntrant()
    const b = await readyEntrant()
    const answers = await Promise.all([...Array(5)].flatMap(() => [confirm(a.token), confirm(b.token)]))
    expect(answers.every((x) => x.code === 200 && x.data.finalised)).toBe(true)
    const k = t.server.app.db.kysely
    const rows = await k
      .selectFrom('competition_receipts')
      .select(['user_id', 'number'])
      .where('user_id', 'in', [a.userId, b.userId])
      .execute()
    expect(rows).toHaveLength(2)
    expect(new Set(rows.map((r) => r.number)).size).toBe(2)
    const files = await k
      .selectFrom('competition_receipt_files as f')
      .innerJoin('competition_receipts as r', 'r.id', 'f.receipt_id')
      .select(['r.user_id', 'f.sha256'])
      .where('r.user_id', '=', a.userId)
      .execute()
    expect(new Set(files.map((f) => f.sha256)).size).toBe(files.length)
  })

  it('public verification answers for a real receipt (tokens valid) and not for a forged or tampered one', async () => {
    const entrant = await readyEntrant()
    await confirm(entrant.token)
    const { number, files } = (
      await t.api.get(`/api/tbCompetitionInfo/receipt?competitionId=${FEE}`, entrant.token)
    ).data
    const real = await t.api.get(`/api/tbCompetitionInfo/receipt/verify?number=${number}`)
    expect(real.code).toBe(200)
    expect(real.data).toMatchObject({ number, competitionTitle: '2026 测试工业设计大赛', tokensValid: true })
    expect(real.data.files.map((f: { sha256: string }) => f.sha256)).toEqual(
      files.map((f: { sha256: string }) => f.sha256),
    )
    // Nothing that names the entrant: entries may be judged anonymously.
    expect(JSON.stringify(real.data)).not.toContain(REGISTRATION.name)
    const forged = number.replace(/\d{6}$/, '999999')
    expect(await t.api.get(`/api/tbCompetitionInfo/receipt/verify?number=${forged}`)).toEqual({
      code: 404,
      msg: RECEIPT_MSG.notFound,
    })
    expect(await t.api.get('/api/tbCompetitionInfo/receipt/verify?number=not-a-number')).toEqual({
      code: 404,
      msg: RECEIPT_MSG.notFound,
    })
    // A hash changed in the database no longer matches the token signed over it.
    const k = t.server.app.db.kysely
    const row = await k
      .selectFrom('competition_receipts')
      .select('id')
      .where('number', '=', number)
      .executeTakeFirstOrThrow()
    await k
      .updateTable('competition_receipt_files')
      .set({ sha256: 'f'.repeat(64) })
      .where('receipt_id', '=', row.id)
      .where('sort', '=', 0)
      .execute()
    expect((await t.api.get(`/api/tbCompetitionInfo/receipt/verify?number=${number}`)).data.tokensValid).toBe(
      false,
    )
  })

  it('only the owner downloads the receipt PDF; others and visitors get the envelope', async () => {
    const entrant = await readyEntrant()
    await confirm(entrant.token)
    const url = `/api/tbCompetitionInfo/receipt/pdf?competitionId=${FEE}`
    const pdf = await inject(url, entrant.token)
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    // What the entrant reads on it (pdftotext): number, work, each file's hash and token serial, Beijing time.
    const receipt = (await t.api.get(`/api/tbCompetitionInfo/receipt?competitionId=${FEE}`, entrant.token))
      .data
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString()
    expect(text).toContain(receipt.number)
    expect(text).toContain(`《${WORK_BASE.worksName}》`)
    expect(text).toContain('北京时间')
    for (const file of receipt.files) {
      expect(text).toContain(file.sha256)
      expect(text).toContain(file.timestampSerial)
    }
    expect(text).toContain(`receipt/verify?number=${receipt.number}`)
    // Kept in the object store (DATA_DIR with STORAGE=local) for every instance: the same file again.
    const kept = fs
      .readdirSync(path.join(t.server.dataDir, 'receipts'))
      .filter((name) => name.startsWith(`${receipt.number}-`))
    expect(kept).toHaveLength(1)
    expect(fs.readFileSync(path.join(t.server.dataDir, 'receipts', kept[0]!)).equals(pdf.rawPayload)).toBe(
      true,
    )
    const other = await newPayer(t.server.app, t.api, 0)
    expect((await inject(url, other.token)).json()).toEqual({ code: 404, msg: RECEIPT_MSG.none })
    expect((await inject(url)).json()).toMatchObject({ code: 403 })
    const unconfirmed = await readyEntrant()
    expect((await inject(url, unconfirmed.token)).json()).toEqual({ code: 404, msg: RECEIPT_MSG.none })
  }, 90_000) // two entrants and the first PDF, which starts the worker threads
})
