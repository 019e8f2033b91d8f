import fs from 'node:fs'
import path from 'node:path'
import { PDFDocument, PDFName } from 'pdf-lib'
import PDFKit from 'pdfkit'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_INVALID_MSG } from '../../schemas/contract.ts'
import { fileAccess } from '../../server/services/file-access.ts'
import { JUDGE_FILE_MSG } from '../../server/services/judging/blind-files.ts'
import { blindRound, JUDGING_MSG } from '../../server/services/judging/rounds.ts'
import { grantRole } from '../../server/services/staff/roles.ts'
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
import { insertSubmittedSheet, judgingRoot } from '../support/judging.ts'
import { newPayer } from '../support/payers.ts'
import { DEMO } from '../support/test-app.ts'
import { uploadFile } from '../support/uploads.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

/**
 * Issue 32 item 8, "blind means blind" (README "Judging"): in a blind round a judge gets an entry's
 * files under neutral names (entry number and kind) and without the metadata that names their author
 * — a picture's EXIF (GPS, camera owner, artist) and XMP, a PDF's document information and XMP —
 * through the judges' file route, which checks their seat and assignment; the uploads themselves stay
 * closed to them. A round that is not blind shows the files as uploaded. SQLite and PostgreSQL.
 */
// `first` (open now) is blind; `final` is not.
const t = useTestApp({ definitionsRoot: judgingRoot(Date.now(), { finalBlind: false }), demoData: false })
const OWN = FIXTURE_IDS['fee-default']
const JUDGES = ['13900000811', '13900000812', '13900000813']
const ORGANISER = '13900000802'

/** What the entrant's files say about them: none of it may reach a judge of a blind round. */
const SECRETS = ['Zhang San', '张三', 'Li Si', '李四', 'Wang Wu', '王五', 'Secret Board', 'Kabu Camera']
const ORIGINAL_NAMES = ['张三-封面-GPS.jpg', '李四工作室-细节.png', '张三-展板.jpg', '王五-展板说明.pdf']

const ids = new Map<string, number>()
const tokens = new Map<string, string>()
const k = () => t.server.app.db.kysely
const idOf = (account: string) => ids.get(account)!
let workId = 0
let onIt: string[] = []
let outsider = ''
const uploads = new Map<string, { url: string; bytes: Buffer }>()

/** A 60×40 JPEG whose EXIF says "turn 90° clockwise" and names its artist, owner, camera and place. */
const exifJpeg = (artist: string) =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: '#c03020' } })
    .withExif({
      IFD0: { Artist: artist, Copyright: `© ${artist}`, Make: 'Kabu Camera', Model: 'KC-1' },
      IFD2: { BodySerialNumber: 'Zhang San body 0042', CameraOwnerName: artist },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '39/1 54/1 27/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '116/1 23/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer()

const xmp = (creator: string) =>
  `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${creator}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`

/** A PNG carrying an XMP packet that names its creator. */
const xmpPng = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: '#208040' } })
    .withXmp(xmp('Li Si Studio'))
    .png()
    .toBuffer()

/** A one-page PDF whose document information and XMP name its author (pdfkit writes XMP from PDF 1.4). */
const authoredPdf = () =>
  new Promise<Buffer>((resolve, reject) => {
    const doc = new PDFKit({
      pdfVersion: '1.4',
      compress: false,
      info: {
        Author: 'Wang Wu',
        Title: 'Secret Board by Wang Wu',
        Subject: 'Zhang San studio board',
        Keywords: 'Wang Wu, Secret Board',
        Creator: 'Kabu Camera Layout',
        Producer: 'Li Si Producer',
      },
    })
    const chunks: Buffer[] = []
    doc.on('data', (c: Buffer) => chunks.push(c))
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
    doc.rect(20, 20, 200, 100).fill('#2040c0')
    doc.end()
  })

async function upload(token: string, name: string, bytes: Buffer) {
  const res = (await uploadFile(t.server.app, token, name, bytes)).json()
  if (res.code !== 200) throw new Error(`upload ${name}: ${JSON.stringify(res)}`)
  uploads.set(name, { url: res.data.url, bytes })
  return { fileUrl: res.data.url as string, fileOgName: name }
}

/** An entrant's entry through the API, its files the ones above; answers the work id. */
async function submittedEntry(): Promise<number> {
  await storeSampleFiles(t.server.app)
  const payer = await newPayer(t.server.app, t.api, 100_000)
  await uploadSampleFiles(t.server.app, payer.userId)
  const post = async (url: string, body: object) => {
    const res = await t.api.post(`/api/${url}`, body, payer.token)
    if (res.code !== 200) throw new Error(`${url}: ${JSON.stringify(res)}`)
    return res
  }
  const cover = await upload(payer.token, ORIGINAL_NAMES[0]!, await exifJpeg('Zhang San'))
  const image = await upload(payer.token, ORIGINAL_NAMES[1]!, await xmpPng())
  const board = await upload(payer.token, ORIGINAL_NAMES[2]!, await exifJpeg('Zhang San board'))
  const pdf = await upload(payer.token, ORIGINAL_NAMES[3]!, await authoredPdf())
  await post('tbCompetitionInfo/user/add', { ...REGISTRATION, competitionId: OWN })
  const work = (await post('works/add', { ...WORK_BASE, cover, images: [image], competitionId: OWN })).data
  await post('works/add', { ...WORK_INFO, id: work.id, step: 'info' })
  await post('tbCompetitionInfo/works/saveAdviser', { ...ADVISER, id: work.id })
  await post('tbCompetitionInfo/works/updateWorkPropertyRight', { ...PROPERTY_RIGHT, id: work.id })
  await post('tbCompetitionInfo/works/updateDisplayBoard', {
    ...DISPLAY_BOARD,
    displayBoard: [board],
    id: work.id,
  })
  await post('tbCompetitionInfo/pay/4', { competitionId: OWN })
  await post('tbCompetitionInfo/auth', { competitionId: OWN })
  // The board form takes pictures; a board kept as PDF is written in directly, so that the one
  // document type a judge could be given is cleaned over HTTP too.
  await k()
    .updateTable('competition_works')
    .set({ display_board: JSON.stringify({ displayBoard: [board, pdf] }) })
    .where('id', '=', work.id)
    .execute()
  return work.id
}

beforeAll(async () => {
  for (const account of [...JUDGES, ORGANISER]) {
    await insertUser(t.server.app, account, DEMO.password)
    const row = await k()
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
    ids.set(account, row.id)
  }
  for (const account of JUDGES)
    await grantRole(k(), null, idOf(account), { role: 'judge', competitionId: OWN })
  await grantRole(k(), null, idOf(ORGANISER), { role: 'organiser', competitionId: OWN })
  for (const account of [...JUDGES, ORGANISER]) tokens.set(account, await t.api.login(account))
  workId = await submittedEntry()
  const assigned = await t.api.post(
    '/api/manage/judging/assign',
    { competitionId: OWN, roundId: 'first' },
    tokens.get(ORGANISER),
  )
  expect(assigned).toMatchObject({ code: 200, data: { added: 2 } })
  const rows = await k()
    .selectFrom('judging_assignments')
    .select('judge_id')
    .where('work_id', '=', workId)
    .where('round_id', '=', 'first')
    .execute()
  onIt = JUDGES.filter((j) => rows.some((r) => r.judge_id === idOf(j)))
  outsider = JUDGES.find((j) => !onIt.includes(j))!
})

const detail = (as: string, roundId = 'first') =>
  t.api.get(`/api/judge/entry?competitionId=${OWN}&roundId=${roundId}&workId=${workId}`, tokens.get(as))
const fetchFile = (url: string, as?: string) =>
  t.server.app.inject({ url, headers: as ? { authorization: tokens.get(as)! } : {} })
const storedName = (original: string) => uploads.get(original)!.url.replace('/api/files/', '')
const number = () => `作品${String(workId).padStart(5, '0')}`

describe('a blind round', () => {
  it('lists the files under neutral names, with no original name and no stored address', async () => {
    const entry = await detail(onIt[0]!)
    expect(entry.code).toBe(200)
    const query = `competitionId=${OWN}&roundId=first&workId=${workId}`
    expect(entry.data.files).toEqual([
      { label: '作品封面', name: `${number()}-作品封面.jpg`, url: `/api/judge/file?${query}&file=0` },
      { label: '作品图片 1', name: `${number()}-作品图片1.png`, url: `/api/judge/file?${query}&file=1` },
      { label: '展板 1', name: `${number()}-展板1.jpg`, url: `/api/judge/file?${query}&file=2` },
      { label: '展板 2', name: `${number()}-展板2.pdf`, url: `/api/judge/file?${query}&file=3` },
    ])
    const list = await t.api.get(
      `/api/judge/entries?competitionId=${OWN}&roundId=first`,
      tokens.get(onIt[0]!),
    )
    expect(list.data[0].cover).toBe(`/api/judge/file?${query}&file=0`)
    const text = JSON.stringify([entry, list])
    for (const secret of [...ORIGINAL_NAMES, ...SECRETS, '/api/files/']) expect(text).not.toContain(secret)
  })

  it('sends a picture under its neutral name, upright, without EXIF, XMP or IPTC', async () => {
    const original = uploads.get(ORIGINAL_NAMES[0]!)!.bytes
    const before = await sharp(original).metadata()
    expect([before.width, before.height, before.orientation, !!before.exif]).toEqual([60, 40, 6, true])
    expect(original.includes('Zhang San')).toBe(true)

    const res = await fetchFile((await detail(onIt[0]!)).data.files[0].url, onIt[0]!)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/jpeg')
    expect(res.headers['cache-control']).toBe('private, no-store')
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="entry-${String(workId).padStart(5, '0')}-cover.jpg"; filename*=UTF-8''${encodeURIComponent(`${number()}-作品封面.jpg`)}`,
    )
    const after = await sharp(res.rawPayload).metadata()
    expect([after.format, after.width, after.height]).toEqual(['jpeg', 40, 60])
    expect([after.exif, after.xmp, after.iptc, after.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    for (const secret of SECRETS) expect(res.rawPayload.includes(secret)).toBe(false)

    const png = await fetchFile((await detail(onIt[0]!)).data.files[1].url, onIt[0]!)
    // sharp keeps a PNG's XMP compressed: read it, not the bytes.
    expect(String((await sharp(uploads.get(ORIGINAL_NAMES[1]!)!.bytes).metadata()).xmp)).toContain(
      'Li Si Studio',
    )
    expect(png.headers['content-type']).toBe('image/png')
    const meta = await sharp(png.rawPayload).metadata()
    expect([meta.format, meta.width, meta.height, meta.xmp, meta.exif]).toEqual([
      'png',
      30,
      20,
      undefined,
      undefined,
    ])
  })

  it('sends a PDF without its document information or XMP metadata', async () => {
    const original = uploads.get(ORIGINAL_NAMES[3]!)!.bytes
    for (const text of ['Wang Wu', 'Secret Board', '/Author', 'xmpmeta'])
      expect(original.includes(text), text).toBe(true)

    const res = await fetchFile((await detail(onIt[1]!)).data.files[3].url, onIt[1]!)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${number()}-展板2.pdf`)}`,
    )
    for (const text of [...SECRETS, '/Author', '/Title', '/Producer', '/Creator', 'xmpmeta', '/Metadata'])
      expect(res.rawPayload.includes(text)).toBe(false)
    const pdf = await PDFDocument.load(res.rawPayload, { updateMetadata: false })
    expect(pdf.getPageCount()).toBe(1)
    expect(pdf.context.trailerInfo.Info).toBeUndefined()
    expect(pdf.catalog.get(PDFName.of('Metadata'))).toBeUndefined()
  })

  it('cleans an upload once and keeps the copy for every judge', async () => {
    const copy = path.join(
      t.server.app.storage.dataRoot,
      'blind-v1',
      storedName(ORIGINAL_NAMES[0]!).slice(0, 2),
    )
    expect(fs.readdirSync(copy)).toContain(storedName(ORIGINAL_NAMES[0]!))
    const [a, b] = await Promise.all(
      onIt.map(async (j) => (await fetchFile((await detail(j)).data.files[0].url, j)).rawPayload),
    )
    expect(a!.equals(b!)).toBe(true)
  })

  it('refuses a judge the entry is not assigned to, a visitor, and a file the entry does not have', async () => {
    const url = (await detail(onIt[0]!)).data.files[0].url
    expect((await fetchFile(url, outsider)).json()).toMatchObject({ code: 404, msg: JUDGING_MSG.notAssigned })
    expect((await fetchFile(url)).json()).toMatchObject({ code: 403, msg: TOKEN_INVALID_MSG })
    expect((await fetchFile(url.replace('file=0', 'file=4'), onIt[0]!)).json()).toMatchObject({
      code: 404,
      msg: JUDGE_FILE_MSG.missing,
    })
    expect((await fetchFile(url.replace('file=0', 'file=x'), onIt[0]!)).json().code).toBe(400)
  })

  it('keeps the uploads themselves closed to its judges, even by their stored address', async () => {
    for (const original of ORIGINAL_NAMES) {
      const name = storedName(original)
      expect(
        await fileAccess(
          t.server.app.db,
          name,
          async () => idOf(onIt[0]!),
          blindRound(t.server.app.competitions),
        ),
      ).toBe('none')
      expect((await fetchFile(`/api/files/${name}`, onIt[0]!)).json()).toMatchObject({ code: 404 })
    }
  })

  it('refuses, with a clear message, a file that cannot be cleaned — never sending it as uploaded', async () => {
    const broken = await upload(
      tokens.get(ORGANISER)!,
      '坏图.jpg',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]),
    )
    const row = await k()
      .selectFrom('competition_works')
      .select('base')
      .where('id', '=', workId)
      .executeTakeFirstOrThrow()
    const base = JSON.parse(row.base)
    await k()
      .updateTable('competition_works')
      .set({ base: JSON.stringify({ ...base, images: [...base.images, broken] }) })
      .where('id', '=', workId)
      .execute()
    const files = (await detail(onIt[0]!)).data.files
    expect(files[2]).toMatchObject({ label: '作品图片 2', name: `${number()}-作品图片2.jpg` })
    const res = await fetchFile(files[2].url, onIt[0]!)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.json()).toMatchObject({ code: 400, msg: JUDGE_FILE_MSG.cannotClean })
    await k().updateTable('competition_works').set({ base: row.base }).where('id', '=', workId).execute()
  })
})

describe('a round that is not blind', () => {
  it('shows the files as uploaded, under their names, and its judges read the uploads', async () => {
    const judge = onIt[0]!
    await insertSubmittedSheet(t.server.app, {
      competitionId: OWN,
      roundId: 'final',
      workId,
      judgeId: idOf(judge),
      submitted: false,
    })
    const entry = await detail(judge, 'final')
    expect(entry.code).toBe(200)
    expect(entry.data.round.blind).toBe(false)
    expect(entry.data.files.map((f: { name: string }) => f.name)).toEqual(ORIGINAL_NAMES)
    expect(entry.data.files[0].url).toBe(uploads.get(ORIGINAL_NAMES[0]!)!.url)
    const res = await fetchFile(entry.data.files[0].url, judge)
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.equals(uploads.get(ORIGINAL_NAMES[0]!)!.bytes)).toBe(true)
    // A judge of the blind round only still may not.
    const other = onIt[1]!
    expect((await fetchFile(entry.data.files[0].url, other)).json()).toMatchObject({ code: 404 })
  })
})
