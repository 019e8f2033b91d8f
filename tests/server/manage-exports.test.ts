import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { setImmediate, setTimeout } from 'node:timers/promises'
import ExcelJS from 'exceljs'
import { unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Competition } from '../../definitions/competition/types.ts'
import { TOKEN_INVALID_MSG } from '../../schemas/contract.ts'
import { FORMS, type FormName } from '../../schemas/forms/index.ts'
import { seedBulkEntries } from '../../server/db/seed/bulk-entries.ts'
import { CROSS_SITE_MSG } from '../../server/plugins/cross-site.ts'
import { COMPETITION_MSG } from '../../server/services/competition-entries.ts'
import { ENTRY_COLUMNS } from '../../server/services/exports/columns.ts'
import { EXPORT_AUDIT } from '../../server/services/exports/downloads.ts'
import { EXTRA_SHEETS } from '../../server/services/exports/entries-xlsx.ts'
import { EXPORT_MSG, exportSlots } from '../../server/services/exports/slots.ts'
import { FILE_STATE, MANIFEST_HEADER, MANIFEST_NAME } from '../../server/services/exports/works-zip.ts'
import { grantRole, STAFF_MSG } from '../../server/services/staff/roles.ts'
import { FIXTURE_IDS, REGISTRATION, WORK_BASE, WORK_INFO } from '../support/competitions.ts'
import { newPayer } from '../support/payers.ts'
import { DEMO } from '../support/test-app.ts'
import { uploadFile } from '../support/uploads.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

/**
 * Issue 24 item 3: the organisers' streaming exports, on SQLite and PostgreSQL (TEST_DB=postgres).
 * The workbook and the archive are read back with exceljs and fflate; every manifest hash is checked
 * against the stored file.
 */
const t = useTestApp()

const OWN = FIXTURE_IDS['fee-default']
const OTHER = FIXTURE_IDS.qt2025
const EMPTY = FIXTURE_IDS['optional-fee']
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const entriesUrl = (id: number | string) => `/api/manage/competitions/${id}/export/entries.xlsx`
const worksUrl = (id: number | string) => `/api/manage/competitions/${id}/export/works.zip`

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

describe('GET /manage/competitions/:id/export/entries.xlsx', () => {
  it('streams a workbook with a sheet per range, the forms’ titles as headers and each entry’s answers', async () => {
    const res = await download(entriesUrl(OWN), tokens.organiser)
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
      const workbook = await workbookOf((await download(entriesUrl(OWN), tokens.organiser)).rawPayload)
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

  it('writes an audit entry naming who exported which competition and how many rows', async () => {
    await download(entriesUrl(OWN), tokens.admin)
    const entry = await t.server.app.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', EXPORT_AUDIT.entries)
      .where('actor_id', '=', ids.admin!)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    expect(entry).toMatchObject({ target_type: 'competition', target_id: String(OWN), competition_id: OWN })
    const detail = JSON.parse(entry.detail)
    expect(detail).toMatchObject({ format: 'xlsx', rows: 3 })
    expect(detail.sheets).toContainEqual({ name: '产品设计', rows: 1 })
    // The organiser reads it in the trail of their competition.
    const trail = await t.api.get(
      `/api/manage/audit?competitionId=${OWN}&action=${EXPORT_AUDIT.entries}`,
      tokens.organiser,
    )
    expect(trail.rows.map((r: { actor: { id: number } }) => r.actor.id)).toContain(ids.admin)
  })

  it('gives a competition without entries a valid workbook: a header row on each range’s sheet', async () => {
    const res = await download(entriesUrl(EMPTY), tokens.admin)
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

describe('GET /manage/competitions/:id/export/works.zip', () => {
  it('streams every work’s files by entry number with a manifest whose hashes match the stored files', async () => {
    const res = await download(worksUrl(OWN), tokens.organiser)
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
    expect(JSON.parse(audit.detail)).toEqual({ format: 'zip', works: 2 })
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
    const res = await download(worksUrl(EMPTY), tokens.admin)
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
  it.each(refused)('%s is refused with 403 and nothing is exported or audited', async (_, who, msg) => {
    const k = t.server.app.db.kysely
    const before = await k
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    for (const url of [entriesUrl(OWN), worksUrl(OWN)]) {
      const res = await download(url, who ? tokens[who] : undefined)
      expect(res.headers['content-type']).toMatch(/^application\/json/)
      expect(res.json()).toEqual({ code: 403, msg })
    }
    const after = await k
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  it('another site cannot start one with the organiser’s cookie (a cross-site link): 403, no audit entry', async () => {
    const k = t.server.app.db.kysely
    const count = async () =>
      Number(
        (
          await k
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = await count()
    for (const site of ['cross-site', 'same-site'])
      for (const url of [entriesUrl(OWN), worksUrl(OWN)]) {
        const res = await t.server.app.inject({
          url,
          headers: { cookie: `kb_member_token=${tokens.organiser}`, 'sec-fetch-site': site },
        })
        expect(res.statusCode).toBe(403)
        expect(res.json()).toEqual({ code: 403, msg: CROSS_SITE_MSG })
      }
    expect(await count()).toBe(before)
  })

  it('a HEAD runs no export (no slot, no audit entry)', async () => {
    const res = await t.server.app.inject({
      method: 'HEAD',
      url: entriesUrl(OWN),
      headers: { authorization: tokens.organiser! },
    })
    expect(res.statusCode).toBe(404)
    expect(exportSlots.running()).toEqual([])
  })

  it('the organiser’s session cookie opens the download (a link from the console)', async () => {
    const res = await t.server.app.inject({
      url: entriesUrl(OWN),
      headers: { cookie: `kb_member_token=${tokens.organiser}`, 'sec-fetch-site': 'same-origin' },
    })
    expect(res.headers['content-type']).toBe(XLSX_TYPE)
  })
})

describe('bad competition ids', () => {
  it.each(['abc', '0', '-1', '1.5', '99999999999', '%00', "1'"])('%s is a 4xx, never a 5xx', async (id) => {
    for (const who of ['admin', 'organiser'])
      for (const url of [entriesUrl(id), worksUrl(id)]) {
        const res = await download(url, tokens[who])
        expect(res.statusCode, `${who} ${url}: ${res.body}`).toBeLessThan(500)
        const body = res.json()
        expect(body.code).toBeGreaterThanOrEqual(400)
        expect(body.code).toBeLessThan(500)
      }
  })

  it('a competition that does not exist answers 404 to an admin', async () => {
    for (const url of [entriesUrl(987654), worksUrl(987654)])
      expect((await download(url, tokens.admin)).json()).toEqual({ code: 404, msg: COMPETITION_MSG.notFound })
  })
})

describe('costly: limited and never holding up other requests', () => {
  it('refuses a second export of the same account while one runs, and any beyond the global limit', async () => {
    const run = exportSlots.claim(ids.organiser!, 'works.zip', OWN)
    try {
      expect((await download(entriesUrl(OWN), tokens.organiser)).json()).toEqual({
        code: 429,
        msg: EXPORT_MSG.yours,
      })
      // Another account still may (one slot of the global limit left).
      expect((await download(entriesUrl(OWN), tokens.admin)).headers['content-type']).toBe(XLSX_TYPE)
      const second = exportSlots.claim(ids.judge!, 'works.zip', OWN)
      try {
        expect((await download(entriesUrl(OWN), tokens.admin)).json()).toEqual({
          code: 429,
          msg: EXPORT_MSG.busy,
        })
      } finally {
        second.release()
      }
    } finally {
      run.release()
    }
    expect((await download(entriesUrl(OWN), tokens.organiser)).headers['content-type']).toBe(XLSX_TYPE)
    expect(exportSlots.running()).toEqual([])
  })

  it('while a 10,000-entry export streams, the menu answers before the export has read its rows', async () => {
    const BULK = 10_000
    await seedBulkEntries(t.server.app.db, definition(OTHER), BULK)
    await grantRole(t.server.app.db.kysely, null, ids.otherOrganiser!, {
      role: 'organiser',
      competitionId: OTHER,
    })
    const exported = download(entriesUrl(OTHER), tokens.otherOrganiser)
    // The export is under way once it has written rows.
    while (!exportSlots.running().some((run) => run.done > 0)) await setImmediate()
    const menu = await download('/api/tbMenuInfo/queryAll')
    const atMenu = exportSlots.running().map((run) => run.done)
    expect(menu.json().code).toBe(200)
    // The menu did not wait for the export: it still had rows to write when the menu answered.
    expect(atMenu).toHaveLength(1)
    expect(atMenu[0]).toBeLessThan(BULK)
    // A second export of the same account meanwhile is refused, not queued.
    expect((await download(worksUrl(OTHER), tokens.otherOrganiser)).json()).toMatchObject({ code: 429 })
    const res = await exported
    expect(res.headers['content-type']).toBe(XLSX_TYPE)
    const workbook = await workbookOf(res.rawPayload)
    const dataRows = workbook.worksheets.reduce((sum, sheet) => sum + sheet.rowCount - 1, 0)
    expect(dataRows).toBe(BULK)
    expect(exportSlots.running()).toEqual([])
  }, 300_000)

  it('a client that leaves half-way stops the export and frees its slot; the server answers on', async () => {
    await t.server.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.server.app.server.address() as { port: number }
    const leave = new AbortController()
    const res = await fetch(`http://127.0.0.1:${port}${entriesUrl(OTHER)}`, {
      headers: { authorization: tokens.otherOrganiser! },
      signal: leave.signal,
    })
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE)
    const reader = res.body!.getReader()
    expect((await reader.read()).done).toBe(false)
    const [run] = exportSlots.running()
    expect(run?.userId).toBe(ids.otherOrganiser)
    leave.abort()
    while (exportSlots.running().length) await setTimeout(10)
    // It stops where it was (at its next page), not after writing everything to nobody.
    await setTimeout(200)
    const stopped = run!.done
    expect(stopped).toBeLessThan(10_000)
    await setTimeout(500)
    expect(run!.done).toBe(stopped)
    expect((await download('/api/tbMenuInfo/queryAll')).json().code).toBe(200)
    expect((await download(worksUrl(OWN), tokens.organiser)).headers['content-type']).toBe('application/zip')
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
    const workbook = await workbookOf((await download(entriesUrl(EMPTY), tokens.admin)).rawPayload)
    const sheet = workbook.getWorksheet(EXTRA_SHEETS.outside)!
    expect(sheet).toBeDefined()
    const [header, ...rows] = rowsOf(sheet)
    const row = rows.find((r) => r[header!.indexOf(ENTRY_COLUMNS.account)] === payer.account)!
    expect(row[header!.indexOf('参赛类别')]).toBe('retired-range')
    expect(row[header!.indexOf(ENTRY_COLUMNS.workId)]).toBe(String(work.id))
  })
})
