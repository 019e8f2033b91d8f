import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { setTimeout } from 'node:timers/promises'
import ExcelJS from 'exceljs'
import { unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Competition } from '../../definitions/competition/types.ts'
import type { ExportFile } from '../../schemas/api/manage.ts'
import { TOKEN_INVALID_MSG } from '../../schemas/contract.ts'
import { FORMS, type FormName } from '../../schemas/forms/index.ts'
import { seedBulkEntries } from '../../server/db/seed/bulk-entries.ts'
import { CROSS_SITE_MSG } from '../../server/plugins/cross-site.ts'
import { COMPETITION_MSG } from '../../server/services/competition-entries.ts'
import { ENTRY_COLUMNS } from '../../server/services/exports/columns.ts'
import { EXTRA_SHEETS } from '../../server/services/exports/entries-xlsx.ts'
import { EXPORT_KEEP_MS, EXPORT_MSG } from '../../server/services/exports/export-files.ts'
import { EXPORT_FILES } from '../../server/services/exports/make-export.ts'
import { FILE_STATE, MANIFEST_HEADER, MANIFEST_NAME } from '../../server/services/exports/works-zip.ts'
import { grantRole, STAFF_MSG } from '../../server/services/staff/roles.ts'
import { FIXTURE_IDS, REGISTRATION, WORK_BASE, WORK_INFO } from '../support/competitions.ts'
import { newPayer } from '../support/payers.ts'
import { DEMO } from '../support/test-app.ts'
import { uploadFile } from '../support/uploads.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

/**
 * Issue 24 item 3 and issue 25 item 3: the organisers' exports, made as background jobs (in-process
 * on SQLite, on the pg-boss queue under TEST_DB=postgres) and downloaded once ready. The workbook and
 * the archive are read back with exceljs and fflate; every manifest hash is checked against the
 * stored file.
 */
const t = useTestApp()

const OWN = FIXTURE_IDS['fee-default']
const OTHER = FIXTURE_IDS.qt2025
const EMPTY = FIXTURE_IDS['optional-fee']
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const exportsUrl = (id: number | string) => `/api/manage/competitions/${id}/exports`
const fileUrl = (id: number | string, exportId: number | string) => `${exportsUrl(id)}/${exportId}/file`
const EXPORT_AUDIT = { entries: EXPORT_FILES['entries.xlsx'].audit, works: EXPORT_FILES['works.zip'].audit }

const tokens: Record<string, string> = {}
const ids: Record<string, number> = {}

/** Real bytes, each different (a name and a serial after a real header), uploaded by the entrant. */
const HEADERS: Record<string, number[]> = {
  jpg: [0xff, 0xd8, 0xff, 0xe0],
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d],
}
let serial = 0
async function upload(token: string, name: string) {
  serial += 1
  const ext = name.split('.').pop()!
  const bytes = Buffer.concat([
    Buffer.from(HEADERS[ext]!),
    Buffer.from(`${name} #${serial} ${'x'.repeat(serial * 97)}`),
  ])
  const answer = (await uploadFile(t.server.app, token, name, bytes)).json()
  expect(answer.code).toBe(200)
  return { fileUrl: answer.data.url as string, fileOgName: name }
}

const post = async (path: string, body: object, token: string) => {
  const answer = await t.api.post(`/api/${path}`, body, token)
  expect(answer.code, `${path}: ${answer.msg}`).toBe(200)
  return answer
}

/** Entrant A: paid, one complete work with real files, submitted (so it has an entry number). */
async function submittedEntrant() {
  const a = await newPayer(t.server.app, t.api, 100_000)
  await post('tbCompetitionInfo/user/add', { ...REGISTRATION, competitionId: OWN }, a.token)
  const base = {
    ...WORK_BASE,
    cover: await upload(a.token, '封面.jpg'),
    images: [await upload(a.token, '细节.png'), await upload(a.token, '细节.png')],
  }
  const work = (await post('works/add', { ...base, competitionId: OWN }, a.token)).data
  await post('works/add', { ...WORK_INFO, id: work.id, step: 'info' }, a.token)
  await post(
    'tbCompetitionInfo/works/updateWorkPropertyRight',
    { propertyRight: [await upload(a.token, '专利证书.pdf')], original: true, id: work.id },
    a.token,
  )
  await post(
    'tbCompetitionInfo/works/updateDisplayBoard',
    { displayBoard: [await upload(a.token, '展板:一?.jpg')], id: work.id },
    a.token,
  )
  await post('tbCompetitionInfo/pay/4', { competitionId: OWN }, a.token)
  await post('tbCompetitionInfo/auth', { competitionId: OWN }, a.token)
  return { ...a, workId: work.id as number, base }
}

let A: Awaited<ReturnType<typeof submittedEntrant>>
let B: { account: string; token: string; workId: number }
let C: { account: string }
let number = ''

beforeAll(async () => {
  const k = t.server.app.db.kysely
  const idOf = async (account: string) =>
    (await k.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id
  const staff: Array<
    [string, string, { role: 'admin' | 'organiser' | 'judge'; competitionId?: number } | null]
  > = [
    ['designer', '13900000300', null],
    ['judge', '13900000301', { role: 'judge', competitionId: OWN }],
    ['otherOrganiser', '13900000302', { role: 'organiser', competitionId: OTHER }],
    ['organiser', '13900000303', { role: 'organiser', competitionId: OWN }],
    ['admin', '13900000304', { role: 'admin' }],
  ]
  for (const [who, account, role] of staff) {
    await insertUser(t.server.app, account, DEMO.password)
    ids[who] = await idOf(account)
    if (role) await grantRole(k, null, ids[who]!, role)
    tokens[who] = await t.api.login(account, DEMO.password)
  }
  A = await submittedEntrant()
  number = (
    await k
      .selectFrom('competition_receipts')
      .select('number')
      .where('user_id', '=', A.userId)
      .executeTakeFirstOrThrow()
  ).number
  // B: registered with a work in another range, neither paid nor submitted.
  const b = await newPayer(t.server.app, t.api, 0)
  await post('tbCompetitionInfo/user/add', { ...REGISTRATION, entrantType: '2', competitionId: OWN }, b.token)
  const cover = await upload(b.token, '视觉封面.jpg')
  const work = (
    await post(
      'works/add',
      { ...WORK_BASE, worksName: '乙的海报', range: 'visual', cover, images: [], competitionId: OWN },
      b.token,
    )
  ).data
  B = { account: b.account, token: b.token, workId: work.id }
  // C: registered only.
  const c = await newPayer(t.server.app, t.api, 0)
  await post('tbCompetitionInfo/user/add', { ...REGISTRATION, competitionId: OWN }, c.token)
  C = { account: c.account }
})

/** As a browser asks: it accepts compressed answers, which a workbook or a ZIP must not be given. */
const download = (url: string, token?: string) =>
  t.server.app.inject({
    url,
    headers: { 'accept-encoding': 'gzip, deflate, br', ...(token ? { authorization: token } : {}) },
  })

/** The competition's exports as the console lists them. */
async function listed(competitionId: number, token: string | undefined): Promise<ExportFile[]> {
  const answer = await t.api.get(exportsUrl(competitionId), token)
  expect(answer.code, answer.msg).toBe(200)
  return answer.data
}

/** Waits until the export's job has finished (ready or failed); answers its last listing. */
async function finished(competitionId: number, exportId: number, token: string | undefined) {
  const deadline = Date.now() + 120_000
  for (;;) {
    const file = (await listed(competitionId, token)).find((f) => f.id === exportId)!
    if (file.status === 'ready' || file.status === 'failed') return file
    if (Date.now() > deadline) throw new Error(`export ${exportId} still ${file.status}`)
    await setTimeout(50)
  }
}

/** Asks for an export as the console does, waits for its job, and downloads the file as a browser does. */
async function exported(kind: ExportFile['kind'], competitionId: number, token: string | undefined) {
  const asked = await t.api.post(exportsUrl(competitionId), { kind }, token)
  expect(asked.code, asked.msg).toBe(200)
  const file = await finished(competitionId, asked.data.id, token)
  expect(file).toMatchObject({ status: 'ready', statusLabel: '可下载', kind })
  const res = await download(fileUrl(competitionId, file.id), token)
  expect(res.statusCode).toBe(200)
  expect(Number(res.headers['content-length'])).toBe(file.size)
  return res
}

async function workbookOf(payload: Buffer) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(payload as unknown as ArrayBuffer)
  return workbook
}

const rowsOf = (sheet: ExcelJS.Worksheet) => {
  const rows: string[][] = []
  sheet.eachRow((row) => {
    // Array.from: an empty cell is a hole in exceljs's values, which map() would skip.
    rows.push(
      Array.from((row.values as unknown[]).slice(1), (v) => (v === null || v === undefined ? '' : String(v))),
    )
  })
  return rows
}

const definition = (id: number) => t.server.app.competitions.byId(id) as Competition

/** The titles the definition's forms give their fields, read straight from the forms registry. */
function formTitles(c: Competition): string[] {
  const titles: string[] = []
  for (const name of Object.values(c.forms)) {
    const form = FORMS[name as FormName]
    for (const field of form.order) {
      const title = (form.schema.properties as Record<string, { title?: string }>)[field]?.title
      if (title) titles.push(title)
    }
  }
  return titles
}

describe('the entries workbook (entries.xlsx)', () => {
  it('is a workbook with a sheet per range, the forms’ titles as headers and each entry’s answers', async () => {
    const res = await exported('entries.xlsx', OWN, tokens.organiser)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(XLSX_TYPE)
    expect(res.headers['cache-control']).toBe('private, no-store')
    // Already a ZIP container inside: compressing it again would cost time for nothing.
    expect(res.headers['content-encoding']).toBeUndefined()
    const c = definition(OWN)
    const disposition = String(res.headers['content-disposition'])
    expect(disposition).toContain(`filename="entries-${OWN}.xlsx"`)
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`${c.title}-报名与作品.xlsx`)}`)
    const workbook = await workbookOf(res.rawPayload)
    const ranges = [...c.ranges.default, ...(c.ranges.propositional ?? [])].map((r) => r.label)
    expect(workbook.worksheets.map((s) => s.name)).toEqual([...ranges, EXTRA_SHEETS.bare])

    const [header, ...productRows] = rowsOf(workbook.getWorksheet('产品设计')!)
    // Every field title of every form the definition names is a column, in the forms' order.
    const titles = formTitles(c)
    expect(header!.filter((label) => titles.includes(label))).toEqual(titles)
    expect(header!.slice(0, 3)).toEqual([ENTRY_COLUMNS.number, ENTRY_COLUMNS.account, ENTRY_COLUMNS.workId])
    expect(header!.slice(-7)).toEqual([
      ENTRY_COLUMNS.paid,
      ENTRY_COLUMNS.paidAt,
      ENTRY_COLUMNS.finalised,
      ENTRY_COLUMNS.finalisedAt,
      ENTRY_COLUMNS.moderation,
      ENTRY_COLUMNS.moderationReason,
      ENTRY_COLUMNS.registeredAt,
    ])
    const cell = (row: string[], label: string) => row[header!.indexOf(label)]
    const a = productRows.find((row) => cell(row, ENTRY_COLUMNS.account) === A.account)!
    expect(a).toBeDefined()
    expect(cell(a, ENTRY_COLUMNS.number)).toBe(number)
    expect(cell(a, ENTRY_COLUMNS.workId)).toBe(String(A.workId))
    expect(cell(a, '参赛身份')).toBe('个人')
    expect(cell(a, '单位类型')).toBe('高校')
    expect(cell(a, '姓名或团队名称')).toBe(REGISTRATION.name)
    expect(cell(a, '作品名称')).toBe(WORK_BASE.worksName)
    expect(cell(a, '作品简介')).toBe(WORK_BASE.abstract)
    expect(cell(a, '参赛类别')).toBe('产品设计')
    expect(cell(a, '命题')).toBe('适老产品')
    expect(cell(a, '作品封面')).toBe('封面.jpg')
    expect(cell(a, '作品图片')).toBe('细节.png；细节.png')
    expect(cell(a, '设计说明')).toBe(WORK_INFO.designConcept)
    expect(cell(a, '团队成员')).toContain('姓名：林晓雨，分工：结构设计')
    expect(cell(a, '我已阅读并承诺遵守大赛章程')).toBe('是')
    expect(cell(a, ENTRY_COLUMNS.paid)).toBe('是')
    expect(cell(a, ENTRY_COLUMNS.finalised)).toBe('是')
    expect(cell(a, ENTRY_COLUMNS.finalisedAt)).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/)

    const [, ...visualRows] = rowsOf(workbook.getWorksheet('视觉传达')!)
    const b = visualRows.find((row) => cell(row, ENTRY_COLUMNS.account) === B.account)!
    expect(cell(b, '参赛身份')).toBe('团队')
    expect(cell(b, '作品名称')).toBe('乙的海报')
    expect(cell(b, ENTRY_COLUMNS.number)).toBe('')
    expect(cell(b, ENTRY_COLUMNS.paid)).toBe('否')
    expect(cell(b, ENTRY_COLUMNS.finalised)).toBe('否')
    expect(productRows.some((row) => cell(row, ENTRY_COLUMNS.account) === B.account)).toBe(false)

    const [bareHeader, ...bareRows] = rowsOf(workbook.getWorksheet(EXTRA_SHEETS.bare)!)
    expect(bareHeader).toEqual(header)
    const bare = bareRows.find((row) => cell(row, ENTRY_COLUMNS.account) === C.account)!
    expect(cell(bare, ENTRY_COLUMNS.workId)).toBe('')
    expect(cell(bare, '姓名或团队名称')).toBe(REGISTRATION.name)
  })

  it('shows a returned entry’s moderation state and reason as the console names them', async () => {
    const reason = '作品说明不完整，请补充后重新提交'
    const k = t.server.app.db.kysely
    const entryId = (
      await k
        .selectFrom('competition_registrations')
        .select('id')
        .where('user_id', '=', A.userId)
        .where('competition_id', '=', OWN)
        .executeTakeFirstOrThrow()
    ).id
    await post('manage/entry/return', { competitionId: OWN, entryId, reason }, tokens.organiser!)
    try {
      const workbook = await workbookOf((await exported('entries.xlsx', OWN, tokens.organiser)).rawPayload)
      const [header, ...rows] = rowsOf(workbook.getWorksheet('产品设计')!)
      const cell = (row: string[], label: string) => row[header!.indexOf(label)]
      const a = rows.find((row) => cell(row, ENTRY_COLUMNS.account) === A.account)!
      expect(cell(a, ENTRY_COLUMNS.moderation)).toBe('已退回修改')
      expect(cell(a, ENTRY_COLUMNS.moderationReason)).toBe(reason)
      const b = rows.concat(rowsOf(workbook.getWorksheet('视觉传达')!).slice(1))
      expect(
        b
          .filter((row) => cell(row, ENTRY_COLUMNS.account) !== A.account)
          .map((row) => cell(row, ENTRY_COLUMNS.moderation)),
      ).not.toContain('已退回修改')
    } finally {
      await k
        .updateTable('competition_registrations')
        .set({ moderation: null, moderation_reason: null, finalised_at: new Date().toISOString() })
        .where('id', '=', entryId)
        .execute()
    }
  })

  it('writes an audit entry naming who exported which competition; the listing counts the rows', async () => {
    const res = await exported('entries.xlsx', OWN, tokens.admin)
    expect(res.statusCode).toBe(200)
    const entry = await t.server.app.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', EXPORT_AUDIT.entries)
      .where('actor_id', '=', ids.admin!)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(entry).toMatchObject({ target_type: 'competition', target_id: String(OWN), competition_id: OWN })
    const detail = JSON.parse(entry.detail)
    expect(detail).toEqual({ format: 'xlsx', exportId: expect.any(Number) })
    const file = (await listed(OWN, tokens.admin)).find((f) => f.id === detail.exportId)!
    expect(file).toMatchObject({ status: 'ready', progress: 3, total: 3, requestedBy: '13900000304' })
    // The organiser reads it in the trail of their competition.
    const trail = await t.api.get(
      `/api/manage/audit?competitionId=${OWN}&action=${EXPORT_AUDIT.entries}`,
      tokens.organiser,
    )
    expect(trail.rows.map((r: { actor: { id: number } }) => r.actor.id)).toContain(ids.admin)
  })

  it('gives a competition without entries a valid workbook: a header row on each range’s sheet', async () => {
    const res = await exported('entries.xlsx', EMPTY, tokens.admin)
    expect(res.headers['content-type']).toBe(XLSX_TYPE)
    const workbook = await workbookOf(res.rawPayload)
    const c = definition(EMPTY)
    expect(workbook.worksheets.map((s) => s.name)).toEqual(
      [...c.ranges.default, ...(c.ranges.propositional ?? [])].map((r) => r.label),
    )
    for (const sheet of workbook.worksheets) {
      const rows = rowsOf(sheet)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toContain(ENTRY_COLUMNS.number)
    }
  })
})

describe('the works archive (works.zip)', () => {
  it('holds every work’s files by entry number with a manifest whose hashes match the stored files', async () => {
    const res = await exported('works.zip', OWN, tokens.organiser)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(String(res.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent(`${definition(OWN).title}-作品文件.zip`)}`,
    )
    const files = unzipSync(new Uint8Array(res.rawPayload))
    const manifestText = Buffer.from(files[MANIFEST_NAME]!).toString('utf8')
    expect(manifestText.startsWith('\uFEFF')).toBe(true)
    const [head, ...lines] = manifestText
      .slice(1)
      .trim()
      .split('\r\n')
      .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"')))
    expect(head).toEqual([...MANIFEST_HEADER])
    const col = (line: string[], name: (typeof MANIFEST_HEADER)[number]) =>
      line[MANIFEST_HEADER.indexOf(name)]!
    // A's six files (cover, two pictures — the same name twice —, the proof, the board) and B's cover.
    const aLines = lines.filter((l) => col(l, '参赛编号') === number)
    expect(aLines.map((l) => col(l, '原文件名')).sort()).toEqual(
      ['封面.jpg', '细节.png', '细节.png', '专利证书.pdf', '展板:一?.jpg'].sort(),
    )
    for (const line of aLines) expect(col(line, '路径').startsWith(`${number}/作品${A.workId}/`)).toBe(true)
    const paths = lines.map((l) => col(l, '路径'))
    expect(new Set(paths).size).toBe(paths.length)
    expect(paths).toContain(`${number}/作品${A.workId}/作品图片-细节(2).png`)
    // Unsafe characters in a name become _.
    expect(paths).toContain(`${number}/作品${A.workId}/展板-展板_一_.jpg`)
    const bLines = lines.filter((l) => col(l, '作品编号') === String(B.workId))
    expect(bLines.map((l) => col(l, '路径'))).toEqual([
      expect.stringMatching(/^未提交-报名\d+\/作品\d+\/作品封面-视觉封面\.jpg$/),
    ])
    const storage = t.server.app.storage
    for (const line of lines) {
      expect(col(line, '状态')).toBe(FILE_STATE.packed)
      const bytes = files[col(line, '路径')]!
      expect(bytes, col(line, '路径')).toBeDefined()
      const sha = createHash('sha256').update(bytes).digest('hex')
      expect(col(line, 'SHA-256')).toBe(sha)
      expect(col(line, '字节数')).toBe(String(bytes.length))
      // The stored upload is named by its hash: the same bytes, found under the manifest's hash.
      const ext = col(line, '路径').split('.').pop()
      const stored = storage.pathOf(`${sha}.${ext}`)
      expect(fs.existsSync(stored), stored).toBe(true)
      expect(fs.readFileSync(stored).equals(Buffer.from(bytes))).toBe(true)
    }
    expect(Object.keys(files).sort()).toEqual([...paths, MANIFEST_NAME].sort())
    const audit = await t.server.app.db.kysely
      .selectFrom('audit_log')
      .select(['actor_id', 'detail'])
      .where('action', '=', EXPORT_AUDIT.works)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(audit.actor_id).toBe(ids.organiser)
    expect(JSON.parse(audit.detail)).toEqual({ format: 'zip', exportId: expect.any(Number) })
  })

  it('keeps the private files private: only the entrant and the competition’s staff get them', async () => {
    const cover = A.base.cover.fileUrl
    for (const who of ['designer', 'judge', 'otherOrganiser'])
      expect((await download(cover, tokens[who])).json(), who).toMatchObject({ code: 404 })
    expect((await download(cover)).json()).toMatchObject({ code: 404 })
    // The console's entry page previews an entry's files (README "Organisers' console").
    expect((await download(cover, tokens.organiser)).statusCode).toBe(200)
    expect((await download(cover, tokens.organiser)).headers['content-type']).toMatch(/^image\//)
  })

  it('lists a file missing on disk in the manifest as 缺失 and still answers the rest', async () => {
    const c = definition(EMPTY)
    const token = (await newPayer(t.server.app, t.api, 0)).token
    await post('tbCompetitionInfo/user/add', { ...REGISTRATION, competitionId: EMPTY }, token)
    const cover = await upload(token, '将被删除.jpg')
    await post(
      'works/add',
      {
        ...WORK_BASE,
        cover,
        images: [],
        range: c.ranges.default[0]!.value,
        proposition: undefined,
        competitionId: EMPTY,
      },
      token,
    )
    fs.rmSync(t.server.app.storage.pathOf(cover.fileUrl.split('/').pop()!))
    const res = await exported('works.zip', EMPTY, tokens.admin)
    const files = unzipSync(new Uint8Array(res.rawPayload))
    expect(Object.keys(files)).toEqual([MANIFEST_NAME])
    const manifest = Buffer.from(files[MANIFEST_NAME]!).toString('utf8')
    expect(manifest).toContain(`"将被删除.jpg","","","${FILE_STATE.missing}"`)
  })
})

describe('who may export', () => {
  const refused = [
    ['anonymous', undefined, TOKEN_INVALID_MSG],
    ['a designer', 'designer', STAFF_MSG.forbidden],
    ['a judge of the competition', 'judge', STAFF_MSG.forbidden],
    ['an organiser of another competition', 'otherOrganiser', STAFF_MSG.forbidden],
  ] as const
  it.each(refused)(
    '%s is refused with 403: nothing queued, listed, downloaded or audited',
    async (_, who, msg) => {
      const k = t.server.app.db.kysely
      const count = async (table: 'audit_log' | 'export_files') =>
        Number(
          (
            await k
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        )
      const before = [await count('audit_log'), await count('export_files')]
      const token = who ? tokens[who] : undefined
      const ready = await exported('entries.xlsx', OWN, tokens.admin)
      expect(ready.statusCode).toBe(200)
      const [file] = await listed(OWN, tokens.admin)
      const afterReady = [await count('audit_log'), await count('export_files')]
      expect(afterReady).toEqual([before[0]! + 1, before[1]! + 1])
      for (const kind of ['entries.xlsx', 'works.zip'])
        expect(await t.api.post(exportsUrl(OWN), { kind }, token)).toEqual({ code: 403, msg })
      expect(await t.api.get(exportsUrl(OWN), token)).toEqual({ code: 403, msg })
      const res = await download(fileUrl(OWN, file!.id), token)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json()).toEqual({ code: 403, msg })
      expect([await count('audit_log'), await count('export_files')]).toEqual(afterReady)
    },
  )

  it('another site cannot open a download with the organiser’s cookie, nor ask for an export', async () => {
    const asked = await t.api.post(exportsUrl(OWN), { kind: 'entries.xlsx' }, tokens.organiser)
    const file = await finished(OWN, asked.data.id, tokens.organiser)
    const res = await t.server.app.inject({
      url: fileUrl(OWN, file.id),
      headers: { cookie: `kb_member_token=${tokens.organiser}`, 'sec-fetch-site': 'cross-site' },
    })
    expect([res.statusCode, res.json()]).toEqual([403, { code: 403, msg: CROSS_SITE_MSG }])
    const post = await t.server.app.inject({
      method: 'POST',
      url: exportsUrl(OWN),
      payload: { kind: 'works.zip' },
      headers: {
        authorization: tokens.organiser!,
        'sec-fetch-site': 'cross-site',
        origin: 'https://evil.example',
      },
    })
    expect(post.statusCode).toBe(403)
    // The console's own link: the session cookie, same origin.
    const own = await t.server.app.inject({
      url: fileUrl(OWN, file.id),
      headers: { cookie: `kb_member_token=${tokens.organiser}`, 'sec-fetch-site': 'same-origin' },
    })
    expect(own.headers['content-type']).toBe(XLSX_TYPE)
  })

  it('a download names its competition: another competition’s, an unknown or an unfinished export is 404', async () => {
    const asked = await t.api.post(exportsUrl(OWN), { kind: 'entries.xlsx' }, tokens.organiser)
    const file = await finished(OWN, asked.data.id, tokens.organiser)
    await grantRole(t.server.app.db.kysely, null, ids.organiser!, { role: 'organiser', competitionId: EMPTY })
    for (const url of [fileUrl(EMPTY, file.id), fileUrl(OWN, 987654)])
      expect((await download(url, tokens.organiser)).json()).toEqual({ code: 404, msg: EXPORT_MSG.notFound })
    const k = t.server.app.db.kysely
    const { id } = await k
      .insertInto('export_files')
      .values({
        competition_id: OWN,
        kind: 'works.zip',
        requested_by: ids.judge!,
        status: 'failed',
        error: EXPORT_MSG.failed,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    expect((await download(fileUrl(OWN, id), tokens.organiser)).json()).toEqual({
      code: 404,
      msg: EXPORT_MSG.notFound,
    })
  })
})

describe('bad input', () => {
  it.each(['abc', '0', '-1', '1.5', '99999999999', '%00', "1'"])(
    'competition %s is a 4xx, never a 5xx',
    async (id) => {
      for (const who of ['admin', 'organiser']) {
        const answers = [
          await download(exportsUrl(id), tokens[who]),
          await download(fileUrl(id, 1), tokens[who]),
          await download(fileUrl(OWN, id), tokens[who]),
          await t.server.app.inject({
            method: 'POST',
            url: exportsUrl(id),
            payload: { kind: 'entries.xlsx' },
            headers: { authorization: tokens[who]! },
          }),
        ]
        for (const res of answers) {
          expect(res.statusCode, res.body).toBeLessThan(500)
          expect(res.json().code).toBeGreaterThanOrEqual(400)
          expect(res.json().code).toBeLessThan(500)
        }
      }
    },
  )

  it('an unknown kind, or none, is refused before anything is queued', async () => {
    for (const payload of [{ kind: 'all.tar' }, {}, { kind: 'ENTRIES.XLSX' }, { kind: null }, []]) {
      const res = await t.server.app.inject({
        method: 'POST',
        url: exportsUrl(OWN),
        payload,
        headers: { authorization: tokens.organiser! },
      })
      expect(res.statusCode).toBeLessThan(500)
      expect(res.json().code, JSON.stringify(payload)).toBe(400)
    }
  })

  it('a competition that does not exist answers 404 to an admin', async () => {
    expect(await t.api.post(exportsUrl(987654), { kind: 'works.zip' }, tokens.admin)).toEqual({
      code: 404,
      msg: COMPETITION_MSG.notFound,
    })
    expect(await t.api.get(exportsUrl(987654), tokens.admin)).toEqual({
      code: 404,
      msg: COMPETITION_MSG.notFound,
    })
  })
})

describe('made in the background: limited, never holding up other requests', () => {
  it('a burst of 8 requests of one account queues one export at a time; the rest are refused; another account still may', async () => {
    const k = t.server.app.db.kysely
    const before = await k.selectFrom('export_files').select('id').execute()
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.api.post(exportsUrl(OWN), { kind: i % 2 ? 'works.zip' : 'entries.xlsx' }, tokens.organiser),
      ),
    )
    const queued = answers.filter((a) => a.code === 200)
    const refused = answers.filter((a) => a.code !== 200)
    // One at a time: a second is taken only once the first is done, which a loaded machine can
    // reach within the burst (a small export takes a few milliseconds). Most are refused.
    expect(queued.length).toBeGreaterThanOrEqual(1)
    expect(refused.length).toBeGreaterThanOrEqual(4)
    expect(refused).toEqual(Array(refused.length).fill({ code: 429, msg: EXPORT_MSG.yours }))
    const other = await t.api.post(exportsUrl(OWN), { kind: 'entries.xlsx' }, tokens.admin)
    expect(other.code).toBe(200)
    for (const answer of [...queued, other])
      expect(await finished(OWN, answer.data.id, tokens.admin)).toMatchObject({ status: 'ready' })
    // Every answer of 200 made one export, and nothing else did (the partial unique index
    // export_files_one_at_a_time refuses a second while one is queued or running).
    const after = await k.selectFrom('export_files').select('id').execute()
    expect(after.length - before.length).toBe(queued.length + 1)
    // Done: the account may ask again.
    expect((await t.api.post(exportsUrl(OWN), { kind: 'works.zip' }, tokens.organiser)).code).toBe(200)
  })

  it('while a 10,000-entry export is being made, the menu answers and the list shows its progress', async () => {
    const BULK = 10_000
    await seedBulkEntries(t.server.app.db, definition(OTHER), BULK)
    await grantRole(t.server.app.db.kysely, null, ids.otherOrganiser!, {
      role: 'organiser',
      competitionId: OTHER,
    })
    const asked = await t.api.post(exportsUrl(OTHER), { kind: 'entries.xlsx' }, tokens.otherOrganiser)
    expect(asked.data).toMatchObject({ status: 'queued', statusLabel: '排队中', progress: 0 })
    // Under way, with rows written (the progress is saved every second).
    let running: ExportFile | undefined
    while (!running) {
      const [file] = await listed(OTHER, tokens.otherOrganiser)
      if (file!.status === 'ready') throw new Error('finished before its progress was seen')
      if (file!.status === 'running' && file!.progress > 0) running = file
      else await setTimeout(20)
    }
    expect(running).toMatchObject({ statusLabel: '生成中', total: BULK })
    expect(running.progress).toBeLessThan(BULK)
    const menu = await download('/api/tbMenuInfo/queryAll')
    expect(menu.json().code).toBe(200)
    // The menu did not wait for the export: it was still being made when the menu answered.
    expect((await listed(OTHER, tokens.otherOrganiser))[0]!.status).toBe('running')
    // A second export of the same account meanwhile is refused, not queued.
    expect(await t.api.post(exportsUrl(OTHER), { kind: 'works.zip' }, tokens.otherOrganiser)).toEqual({
      code: 429,
      msg: EXPORT_MSG.yours,
    })
    const file = await finished(OTHER, asked.data.id, tokens.otherOrganiser)
    expect(file).toMatchObject({ status: 'ready', progress: BULK, total: BULK })
    const res = await download(fileUrl(OTHER, file.id), tokens.otherOrganiser)
    const workbook = await workbookOf(res.rawPayload)
    const dataRows = workbook.worksheets.reduce((sum, sheet) => sum + sheet.rowCount - 1, 0)
    expect(dataRows).toBe(BULK)
  }, 300_000)

  /** Runs `run` with a file where the exports' folder should be: no export can write its file. */
  async function withExportsBlocked(run: () => Promise<void>) {
    const blocker = path.join(t.server.app.storage.dataRoot, 'exports')
    const moved = `${blocker}.moved`
    if (fs.existsSync(blocker)) fs.renameSync(blocker, moved)
    fs.writeFileSync(blocker, '')
    try {
      await run()
    } finally {
      fs.rmSync(blocker)
      if (fs.existsSync(moved)) fs.renameSync(moved, blocker)
    }
  }

  it('an export that cannot be written is marked failed with a message, and the account may ask again', async () => {
    await withExportsBlocked(async () => {
      const asked = await t.api.post(exportsUrl(OWN), { kind: 'entries.xlsx' }, tokens.admin)
      const file = await finished(OWN, asked.data.id, tokens.admin)
      expect(file).toMatchObject({ status: 'failed', statusLabel: '导出失败', error: EXPORT_MSG.failed })
    })
    expect((await exported('entries.xlsx', OWN, tokens.admin)).statusCode).toBe(200)
    // As long as `finished` waits: a test stopped by the project's 30 s limit would leave the
    // exports' folder blocked under the tests after it.
  }, 150_000)

  it('a large export whose file cannot be written stops its writer: nothing is left running or rejected unheard', async () => {
    // OTHER holds 10,000 entries (the test above): the workbook is still being written when the
    // file fails, so the writer must be stopped, and its own failure heard.
    const unheard: unknown[] = []
    const listen = (reason: unknown) => unheard.push(reason)
    process.on('unhandledRejection', listen)
    try {
      await withExportsBlocked(async () => {
        const asked = await t.api.post(exportsUrl(OTHER), { kind: 'entries.xlsx' }, tokens.otherOrganiser)
        const file = await finished(OTHER, asked.data.id, tokens.otherOrganiser)
        expect(file).toMatchObject({ status: 'failed', error: EXPORT_MSG.failed })
        // Long enough for a writer left running to reach its next page.
        await setTimeout(500)
      })
      expect(unheard).toEqual([])
    } finally {
      process.off('unhandledRejection', listen)
    }
  }, 150_000)

  it('removes an export’s file once it is older than it is kept: listed as expired, its download 404', async () => {
    const res = await exported('works.zip', OWN, tokens.admin)
    expect(res.statusCode).toBe(200)
    const [file] = await listed(OWN, tokens.admin)
    const k = t.server.app.db.kysely
    const row = await k
      .selectFrom('export_files')
      .select('object_key')
      .where('id', '=', file!.id)
      .executeTakeFirstOrThrow()
    const local = path.join(t.server.app.storage.dataRoot, row.object_key!)
    expect(fs.existsSync(local)).toBe(true)
    // Not yet: kept EXPORT_KEEP_MS after it was made.
    expect(await t.server.app.exportFiles.removeExpired(Date.now() + EXPORT_KEEP_MS - 60_000)).toBe(0)
    expect(
      await t.server.app.exportFiles.removeExpired(Date.now() + EXPORT_KEEP_MS + 60_000),
    ).toBeGreaterThan(0)
    expect(fs.existsSync(local)).toBe(false)
    expect((await listed(OWN, tokens.admin)).find((f) => f.id === file!.id)).toMatchObject({
      status: 'expired',
      statusLabel: '已过期',
    })
    expect((await download(fileUrl(OWN, file!.id), tokens.admin)).json()).toEqual({
      code: 404,
      msg: EXPORT_MSG.notFound,
    })
  })
})

describe('works outside the definition’s ranges', () => {
  it('go to the sheet 其他类别 (a range the definition no longer has), shown by their stored value', async () => {
    const payer = await newPayer(t.server.app, t.api, 0)
    await post('tbCompetitionInfo/user/add', { ...REGISTRATION, competitionId: EMPTY }, payer.token)
    const c = definition(EMPTY)
    const cover = await upload(payer.token, '旧类别.jpg')
    const work = (
      await post(
        'works/add',
        {
          ...WORK_BASE,
          cover,
          images: [],
          range: c.ranges.default[0]!.value,
          proposition: undefined,
          competitionId: EMPTY,
        },
        payer.token,
      )
    ).data
    // As if staff had removed the range from the definition after the work was entered.
    await t.server.app.db.kysely
      .updateTable('competition_works')
      .set({ base: JSON.stringify({ ...WORK_BASE, cover, range: 'retired-range' }) })
      .where('id', '=', work.id)
      .execute()
    const workbook = await workbookOf((await exported('entries.xlsx', EMPTY, tokens.admin)).rawPayload)
    const sheet = workbook.getWorksheet(EXTRA_SHEETS.outside)!
    expect(sheet).toBeDefined()
    const [header, ...rows] = rowsOf(sheet)
    const row = rows.find((r) => r[header!.indexOf(ENTRY_COLUMNS.account)] === payer.account)!
    expect(row[header!.indexOf('参赛类别')]).toBe('retired-range')
    expect(row[header!.indexOf(ENTRY_COLUMNS.workId)]).toBe(String(work.id))
  })
})

describe('text that a spreadsheet would read as a formula (issue 32 item 10)', () => {
  it('is written with a leading apostrophe, as the ZIP manifest does, so editing the cell keeps it text', async () => {
    const payer = await newPayer(t.server.app, t.api, 0)
    await post('tbCompetitionInfo/user/add', { ...REGISTRATION, competitionId: EMPTY }, payer.token)
    const c = definition(EMPTY)
    const cover = await upload(payer.token, '公式.jpg')
    const range = c.ranges.default[0]!
    const work = (
      await post(
        'works/add',
        { ...WORK_BASE, cover, images: [], range: range.value, proposition: undefined, competitionId: EMPTY },
        payer.token,
      )
    ).data
    const hostile = {
      worksName: '=HYPERLINK("http://evil.example","点我")',
      abstract: '\t+86 13900000000 联系我',
    }
    await t.server.app.db.kysely
      .updateTable('competition_works')
      .set({ base: JSON.stringify({ ...WORK_BASE, cover, range: range.value, ...hostile }) })
      .where('id', '=', work.id)
      .execute()
    const workbook = await workbookOf((await exported('entries.xlsx', EMPTY, tokens.admin)).rawPayload)
    const sheet = workbook.getWorksheet(range.label)!
    const header = rowsOf(sheet)[0]!
    let found: ExcelJS.Row | undefined
    sheet.eachRow((row) => {
      if (row.getCell(header.indexOf(ENTRY_COLUMNS.account) + 1).value === payer.account) found = row
    })
    expect(found).toBeDefined()
    const cellOf = (label: string) => found!.getCell(header.indexOf(label) + 1)
    for (const [label, text] of [
      ['作品名称', hostile.worksName],
      ['作品简介', hostile.abstract],
    ] as const) {
      expect(cellOf(label).type).toBe(ExcelJS.ValueType.String)
      expect(cellOf(label).value).toBe(`'${text}`)
    }
    // Text that starts otherwise is written as it is.
    expect(cellOf(ENTRY_COLUMNS.account).value).toBe(payer.account)
  })
})
