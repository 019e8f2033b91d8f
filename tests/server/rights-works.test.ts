import { execFileSync, spawnSync } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import type { WorkDetail } from '../../schemas/api/works.ts'
import { REGISTER_LIMIT } from '../../server/routes/works.ts'
import { searchKind } from '../../server/services/search-index.ts'
import { WORKS_MESSAGES } from '../../server/services/works/register.ts'
import { tempDir } from '../support/temp-dir.ts'
import { DEMO } from '../support/test-app.ts'
import { multipartFile, uploadFile } from '../support/uploads.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

const t = useTestApp()
const SEEDS = path.resolve(import.meta.dirname, '../../server/db/seed/files/works')

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')

/** Uploads through the real upload route; answers the form's file value. */
async function upload(token: string, name: string, content: Buffer) {
  const res = await uploadFile(t.server.app, token, name, content)
  const body = res.json()
  if (body.code !== 200) throw new Error(`upload failed: ${res.body}`)
  return { fileUrl: body.data.url as string, fileOgName: name }
}

/** A text file no one has registered yet. */
const freshText = (label: string) =>
  Buffer.from(
    `${label}\n作品正文：海边的风从窗缝里挤进来，带着一点咸味。\n${randomBytes(8).toString('hex')}\n`,
  )

const form = (worksFile: { fileUrl: string; fileOgName: string }, extra: Record<string, unknown> = {}) => ({
  worksFile,
  worksName: '海风短章',
  worksType: '12',
  tag: '散文，海边,短篇',
  worksAbstract: '一篇三百字的短文。',
  read: true,
  ...extra,
})

const register = (token: string | undefined, body: unknown) => t.api.post('/api/works/register', body, token)

const download = (url: string, token?: string) =>
  t.server.app.inject({ url, headers: token ? { authorization: token } : {} })

/** Registers a fresh text work as the demo designer: its id, file and detail. */
async function registerText(token: string, label = '海风') {
  const content = freshText(label)
  const file = await upload(token, `${label}.txt`, content)
  const res = await register(token, form(file))
  expect(res).toEqual({ code: 200, msg: '作品确权登记成功', data: { id: expect.any(Number) } })
  const detail = (await t.api.get(`/api/works/show/${res.data.id}`, token)).data as WorkDetail
  return { id: res.data.id as number, content, detail }
}

async function verifiedUser(account: string, identity: Record<string, unknown>) {
  await insertUser(t.server.app, account, 'Other2026!', '海外设计师')
  const token = await t.api.login(account, 'Other2026!')
  const res = await t.api.post(
    '/api/my/realNameAuth',
    { cityId: '320505', professional: '1', professionalName: '插画师', read: true, ...identity },
    token,
  )
  expect(res.code).toBe(200)
  return token
}

describe('registering a rights-confirmed work', () => {
  it('hashes the uploaded file, stamps the statement and shows the owner the panel', async () => {
    const token = await t.api.login(DEMO.designer)
    const { id, content, detail } = await registerText(token)
    const row = await t.server.app.db.kysely
      .selectFrom('rights_works')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
    expect(row.file_sha256).toBe(sha256(content))
    expect(row.works_hash).toBe(sha256(row.statement))
    expect(row.statement).toContain(`作品文件 SHA-256：${sha256(content)}`)
    expect(row.statement).toContain('著作权人：陈思远')
    expect(detail).toMatchObject({
      id,
      mine: true,
      worksName: '海风短章',
      worksType: '12',
      fileType: 3,
      tag: '散文,海边,短篇',
      worksHash: row.works_hash,
      fileSize: 1,
      org: '咖簿公证云存证平台（示例）',
      certificateStorageNo: `KB-CZ-${row.works_hash_time.slice(0, 4)}-${String(id).padStart(6, '0')}`,
      certificateUrl: `/api/works/${id}/certificate`,
      packageUrl: `/api/works/${id}/package`,
      userName: '陈思远',
      userBaseVO: { username: '陈思远', cityNames: ['江苏省', '苏州市'], professional: '1' },
    })
    // The creator card's evaluation standard comes from the designer's directory profile.
    const profile = await t.server.app.db.kysely
      .selectFrom('designer_profiles')
      .select('evaluate_standard')
      .where('user_id', '=', detail.userBaseVO.id)
      .executeTakeFirstOrThrow()
    expect(detail.userBaseVO.evaluateStandard).toBe(profile.evaluate_standard)
    expect(detail.userBaseVO.inDirectory).toBe(true)
    expect(detail.worksHashTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+08:00$/)
    expect(detail.qrCodeUrl).toMatch(
      new RegExp(`^http://localhost(:\\d+)?/works/verify\\?hash=${row.works_hash}$`),
    )
    expect(detail.filesList).toEqual([
      {
        fileUrl: expect.stringMatching(/\.txt$/),
        fileOgName: '海风.txt',
        filePrimary: 1,
        txt: content.toString(),
      },
    ])
    // The same file cannot be registered twice.
    const again = await register(token, form({ fileUrl: detail.filesList[0]!.fileUrl, fileOgName: 'x.txt' }))
    expect(again).toEqual({ code: 400, msg: WORKS_MESSAGES.duplicate })
  })

  it('derives the file type from the primary file and keeps description images', async () => {
    const token = await t.api.login(DEMO.designer)
    const seeds = path.resolve(import.meta.dirname, '../../server/db/seed/files/works')
    const png = fs.readFileSync(path.join(seeds, 'qiguang-lamp.png'))
    // A new image: the seeded one is registered already. Appending bytes after IEND keeps it a PNG.
    const image = await upload(token, '新台灯.png', Buffer.concat([png, randomBytes(16)]))
    const detailImage = await upload(
      token,
      '细节.jpg',
      fs.readFileSync(path.join(seeds, 'yunqi-tea-set-detail.jpg')),
    )
    const res = await register(token, form(image, { images: [detailImage], worksType: '2' }))
    const detail = (await t.api.get(`/api/works/show/${res.data.id}`)).data as WorkDetail
    expect(detail.fileType).toBe(1)
    expect(detail.filesList.map((f) => [f.fileOgName, f.filePrimary])).toEqual([
      ['新台灯.png', 1],
      ['细节.jpg', 0],
    ])
    // Its card's cover is the 280-wide thumbnail, made by the server.
    const card = (await t.api.get('/api/works/list?pageSize=50')).rows.find(
      (r: { id: number }) => r.id === res.data.id,
    )
    expect(card.fileUrl).toBe(`${image.fileUrl}/thumb?w=280`)
    const thumb = await download(card.fileUrl)
    expect(thumb.headers['content-type']).toBe('image/webp')
    expect(thumb.rawPayload.subarray(8, 12).toString()).toBe('WEBP')
    // A PNG whose header passes but whose pixels do not decode: the card falls back to the original.
    const broken = await upload(token, '坏图.png', Buffer.concat([png.subarray(0, 8), randomBytes(64)]))
    // Not registered, so private: its uploader asks.
    const fallback = await download(`${broken.fileUrl}/thumb?w=280`, token)
    expect(fallback.statusCode).toBe(302)
    expect(fallback.headers.location).toBe(broken.fileUrl)
    expect((await download(`/api/files/${'c'.repeat(64)}.png/thumb?w=280`)).json()).toEqual({
      code: 404,
      msg: '文件不存在',
    })
    // Video, text and other files get the placeholders.
    const covers = (await t.api.get('/api/works/list?pageSize=50')).rows.map(
      (r: { fileType: number; fileUrl: string }) => [r.fileType, r.fileUrl],
    )
    expect(covers).toContainEqual([2, '/works/cover-video.svg'])
    expect(covers).toContainEqual([3, '/works/cover-text.svg'])
    expect(covers).toContainEqual([4, '/works/cover-file.svg'])
  })

  it('is only for users verified with a mainland ID card', async () => {
    // Not verified at all.
    const newcomer = await t.api.login(DEMO.newcomer)
    const file = await upload(newcomer, '草稿.txt', freshText('草稿'))
    expect(await register(newcomer, form(file))).toEqual({ code: 400, msg: WORKS_MESSAGES.notVerified })
    // Verified with a passport.
    const passport = await verifiedUser('13900001111', {
      username: 'Anna Lee',
      identityType: '2',
      identity: 'E12345678',
      gender: '2',
      birthday: '1992-05-01',
    })
    const file2 = await upload(passport, '草稿二.txt', freshText('草稿二'))
    const refused = await register(passport, form(file2))
    expect(refused).toEqual({ code: 400, msg: WORKS_MESSAGES.notMainland })
    expect(refused.msg).toContain('仅中国大陆居民身份证实名认证的用户可使用作品确权')
    // Verified with a mainland ID card.
    const mainland = await verifiedUser('13900002222', {
      username: '许南星',
      identityType: '1',
      identity: '11010519900307123x',
    })
    const file3 = await upload(mainland, '草稿三.txt', freshText('草稿三'))
    const registered = await register(mainland, form(file3))
    expect(registered.code).toBe(200)
    // Signed out.
    expect((await register(undefined, form(file3))).code).toBe(403)
    // The account was made as 海外设计师; verified, it is 许南星 wherever the work names its owner,
    // as the certificate does.
    const shown = (await t.api.get(`/api/works/show/${registered.data.id}`, mainland)).data as WorkDetail
    expect([shown.userName, shown.userBaseVO.username]).toEqual(['许南星', '许南星'])
    // Not a certified designer: no page in the directory for the creator card to lead to.
    expect(shown.userBaseVO.inDirectory).toBe(false)
    expect(shown.userBaseVO.cityNames).toEqual(['江苏省', '苏州市'])
    const checked = await t.api.post('/api/works/verify', { hash: shown.worksHash })
    expect(checked.data.userName).toBe('许南星')
  })

  it('shows a GBK text file as the Chinese its author wrote', async () => {
    const token = await t.api.login(DEMO.designer)
    // 「海风从窗缝里挤进来。」 as Windows Notepad saves it (GBK), plus a line of its own.
    const gbk = Buffer.concat([
      Buffer.from([
        186, 163, 183, 231, 180, 211, 180, 176, 183, 236, 192, 239, 188, 183, 189, 248, 192, 180, 161, 163,
      ]),
      Buffer.from(`\n${randomBytes(4).toString('hex')}`),
    ])
    const res = await register(token, form(await upload(token, '旧稿.txt', gbk)))
    const detail = (await t.api.get(`/api/works/show/${res.data.id}`)).data as WorkDetail
    expect(detail.filesList[0]!.txt).toMatch(/^海风从窗缝里挤进来。\n[0-9a-f]{8}$/)
  })

  it('takes only files the user uploaded, named by the type they are stored as', async () => {
    const chen = await t.api.login(DEMO.designer)
    const zhou = await t.api.login('13800000003')
    // 陈思远 uploads a file; 周可 names it by its address: it is not hers, so it does not exist for her.
    const his = await upload(chen, '他的草稿.txt', freshText('他的草稿'))
    expect(await register(zhou, form(his))).toEqual({ code: 400, msg: WORKS_MESSAGES.fileMissing })
    const hisImage = await upload(
      chen,
      '他的图.png',
      Buffer.concat([fs.readFileSync(path.join(SEEDS, 'city-helmet.png')), randomBytes(8)]),
    )
    const hers = await upload(zhou, '她的草稿.txt', freshText('她的草稿'))
    expect(await register(zhou, form(hers, { images: [hisImage] }))).toEqual({
      code: 400,
      msg: WORKS_MESSAGES.imageMissing,
    })
    // The same bytes uploaded by herself are hers to use — but a picture of his registered work is
    // his, however it reached her.
    const description = Buffer.concat([
      fs.readFileSync(path.join(SEEDS, 'xixi-bookmarks-detail.jpg')),
      randomBytes(8),
    ])
    const first = await register(
      chen,
      form(await upload(chen, '书签.txt', freshText('书签')), {
        images: [await upload(chen, '书签细节.jpg', description)],
      }),
    )
    expect(first.code).toBe(200)
    const copied = await upload(zhou, '我的书签.jpg', description)
    expect(await register(zhou, form(copied))).toEqual({ code: 400, msg: WORKS_MESSAGES.anotherOwnersImage })
    // A name whose extension says another type keeps the stored type's: a PNG is shown as a picture.
    // (A designer of their own, so that 周可's seeded count stays as other tests read it.)
    const gu = await verifiedUser('13900004444', {
      username: '顾清和',
      identityType: '1',
      identity: '110108198805123410',
    })
    const png = await upload(
      gu,
      '图.png',
      Buffer.concat([fs.readFileSync(path.join(SEEDS, 'scooter-profile.png')), randomBytes(8)]),
    )
    const renamed = await register(gu, form({ fileUrl: png.fileUrl, fileOgName: 'clip.mp4' }))
    expect(renamed.code).toBe(200)
    const detail = (await t.api.get(`/api/works/show/${renamed.data.id}`)).data as WorkDetail
    expect(detail.fileType).toBe(1)
    expect(detail.filesList[0]!.fileOgName).toBe('clip.mp4.png')
  })

  it('answers bad bodies with Chinese messages', async () => {
    const token = await t.api.login(DEMO.designer)
    const file = await upload(token, '短文.txt', freshText('短文'))
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ worksFile: undefined }, '请上传作品文件'],
      [{ worksName: '海' }, '作品名称为2-50个字'],
      [{ worksType: '' }, '请选择作品类型'],
      [{ worksType: '999' }, WORKS_MESSAGES.badType],
      [{ tag: '一,二,三,四,五,六' }, '标签用逗号分隔，最多5个，每个不超过12个字'],
      [{ read: false }, '请阅读并确认作品确权声明'],
      [
        { images: Array(10).fill({ fileUrl: `/api/files/${'b'.repeat(64)}.png`, fileOgName: 'b.png' }) },
        '作品说明图最多上传9张',
      ],
      [
        { worksFile: { fileUrl: `/api/files/${'a'.repeat(64)}.txt`, fileOgName: 'a.txt' } },
        WORKS_MESSAGES.fileMissing,
      ],
      [
        { worksFile: { fileUrl: 'https://example.com/a.png', fileOgName: 'a.png' } },
        expect.stringContaining('仅支持'),
      ],
      [{ worksAbstract: '长'.repeat(501) }, '作品简介不能超过500个字'],
    ] as never
    for (const [change, msg] of cases)
      expect(await register(token, form(file, change))).toEqual({ code: 400, msg })
    expect(await register(token, [1, 2])).toMatchObject({ code: 400, msg: '请上传作品文件' })
  })
})

describe('certificate and evidence package', () => {
  it('the certificate PDF reads, through pdftotext, the owner, the hash and the number', async () => {
    const token = await t.api.login(DEMO.designer)
    const { id, detail } = await registerText(token, '证书')
    const pdf = await download(`/api/works/${id}/certificate`, token)
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/)
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString()
    expect(text).toContain('作品存证证书')
    expect(text).toContain('陈思远')
    expect(text).toContain(detail.worksHash)
    expect(text).toContain(detail.certificateStorageNo)
    expect(text).toContain('咖簿公证云存证平台（示例）')
  })

  it('the zip holds the file, the statement whose SHA-256 is worksHash, a manifest and a token openssl verifies', async () => {
    const token = await t.api.login(DEMO.designer)
    const { id, content, detail } = await registerText(token, '证据')
    const res = await download(`/api/works/${id}/package`, token)
    expect(res.headers['content-type']).toBe('application/zip')
    const files = unzipSync(new Uint8Array(res.rawPayload))
    const names = Object.keys(files).sort()
    expect(names).toEqual(
      [
        'work/证据.txt',
        'statement.txt',
        'manifest.sha256',
        'certificate.pdf',
        'timestamp.tsr',
        'tsa.crt',
        '说明.txt',
      ].sort(),
    )
    const file = (name: string) => Buffer.from(files[name]!)
    expect(sha256(file('work/证据.txt'))).toBe(sha256(content))
    expect(sha256(file('statement.txt'))).toBe(detail.worksHash)
    for (const line of file('manifest.sha256').toString().trim().split('\n')) {
      const [hash, name] = line.split('  ')
      expect(sha256(file(name!))).toBe(hash)
    }
    expect(file('说明.txt').toString()).toContain(
      'openssl ts -verify -data statement.txt -in timestamp.tsr -token_in -CAfile tsa.crt',
    )
    // Entry times are Beijing wall-clock time, as worksHashTime states it (a zip time has no zone).
    const zip = res.rawPayload
    expect(zip.readUInt32LE(0)).toBe(0x04034b50)
    const dosTime = zip.readUInt16LE(10)
    const [hour, minute] = [dosTime >> 11, (dosTime >> 5) & 63]
    const stated = /T(\d\d):(\d\d)/.exec(detail.worksHashTime)!
    expect(hour).toBe(Number(stated[1]))
    expect(Math.abs(minute - Number(stated[2])) % 58).toBeLessThanOrEqual(1)

    const dir = tempDir('works-evidence')
    try {
      for (const name of ['statement.txt', 'timestamp.tsr', 'tsa.crt'])
        fs.writeFileSync(path.join(dir, name), file(name))
      const verify = (data: string) =>
        spawnSync(
          'openssl',
          ['ts', '-verify', '-data', data, '-in', 'timestamp.tsr', '-token_in', '-CAfile', 'tsa.crt'],
          {
            cwd: dir,
            encoding: 'utf8',
          },
        )
      const ok = verify('statement.txt')
      expect(ok.stdout).toContain('Verification: OK')
      expect(ok.status).toBe(0)
      const byDigest = spawnSync(
        'openssl',
        [
          'ts',
          '-verify',
          '-digest',
          detail.worksHash ?? '',
          '-in',
          'timestamp.tsr',
          '-token_in',
          '-CAfile',
          'tsa.crt',
        ],
        { cwd: dir, encoding: 'utf8' },
      )
      expect(byDigest.stdout).toContain('Verification: OK')
      // One changed character in the statement and the token no longer vouches for it.
      fs.writeFileSync(
        path.join(dir, 'changed.txt'),
        file('statement.txt').toString().replace('陈思远', '陈思源'),
      )
      const changed = verify('changed.txt')
      expect(changed.status).not.toBe(0)
      expect(`${changed.stdout}${changed.stderr}`).toContain('Verification: FAILED')
      // The token's TSTInfo: SHA-256 of the statement, our policy, the time of registration.
      const info = execFileSync('openssl', ['ts', '-reply', '-in', 'timestamp.tsr', '-token_in', '-text'], {
        cwd: dir,
      }).toString()
      expect(info).toContain('TST info:')
      expect(info).toContain('Hash Algorithm: sha256')
      expect(info).toContain('Policy OID: 1.3.6.1.4.1.32473.1.1')
      const genTime = new Date(new Date(detail.worksHashTime).getTime())
      expect(info).toContain(
        `Time stamp: ${genTime.toUTCString().slice(8, 11)} ${String(genTime.getUTCDate()).padStart(2, ' ')} ${genTime.toISOString().slice(11, 19)}`,
      )
      const cert = execFileSync('openssl', ['x509', '-in', 'tsa.crt', '-noout', '-ext', 'extendedKeyUsage'], {
        cwd: dir,
      }).toString()
      expect(cert).toMatch(/critical\s+Time Stamping/)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  it('the chain links each record to the one before', async () => {
    const notary = t.server.app.notary as unknown as { chain: { verifyChain(): Promise<number | null> } }
    expect(await notary.chain.verifyChain()).toBeNull()
    const rows = await t.server.app.db.kysely
      .selectFrom('notary_chain')
      .selectAll()
      .orderBy('height')
      .execute()
    expect(rows.length).toBeGreaterThanOrEqual(12)
    for (const [i, row] of rows.entries()) if (i > 0) expect(row.prev_hash).toBe(rows[i - 1]!.record_hash)
  })
})

describe('who sees what', () => {
  it('another user and visitors never get the panel, the certificate or the package', async () => {
    const owner = await t.api.login(DEMO.designer)
    const { id, detail } = await registerText(owner, '私密')
    const other = await t.api.login('13800000003')
    const PANEL = ['fileSize', 'org', 'certificateStorageNo', 'certificateUrl', 'packageUrl']
    for (const token of [other, undefined, 'not-a-token']) {
      const seen = (await t.api.get(`/api/works/show/${id}`, token)).data as WorkDetail
      expect(seen.mine).toBe(false)
      expect(seen.worksHash).toBe(detail.worksHash)
      for (const field of PANEL) expect(seen).not.toHaveProperty(field)
    }
    for (const what of ['certificate', 'package']) {
      const missing = (await download(`/api/works/999999/${what}`, other)).json()
      expect(missing).toEqual({ code: 404, msg: '作品不存在' })
      expect((await download(`/api/works/${id}/${what}`, other)).json()).toEqual(missing)
      expect((await download(`/api/works/${id}/${what}`)).json().code).toBe(403)
    }
    expect(await t.api.get('/api/works/show/999999')).toEqual({ code: 404, msg: '作品不存在' })
    expect(await t.api.get('/api/works/show/abc')).toEqual({ code: 404, msg: '作品不存在' })
  })

  it('lists my works and the public directory, newest first, filtered by type and author', async () => {
    const token = await t.api.login(DEMO.designer)
    const mine = await t.api.get('/api/works/my?pageSize=5', token)
    expect(mine.code).toBe(200)
    expect(mine.rows.length).toBe(5)
    expect(mine.rows.every((r: { userName: string }) => r.userName === '陈思远')).toBe(true)
    const ids = mine.rows.map((r: { id: number }) => r.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    const page2 = await t.api.get('/api/works/my?pageSize=5&pageNum=2', token)
    expect(page2.total).toBe(mine.total)
    expect(page2.rows[0].id).toBeLessThan(ids[4])
    const zhouKe = await t.server.app.db.kysely
      .selectFrom('users')
      .select('id')
      .where('account', '=', '13800000003')
      .executeTakeFirstOrThrow()
    const byAuthor = await t.api.get(`/api/works/list?userId=${zhouKe.id}&pageSize=50`)
    expect(byAuthor.total).toBe(5)
    const byType = await t.api.get('/api/works/list?worksType=9&pageSize=50')
    expect(byType.rows.map((r: { worksName: string }) => r.worksName).sort()).toEqual(
      ['「云栖」旅行茶具套装', '「西溪」湿地文创书签系列'].sort(),
    )
    expect((await t.api.get('/api/works/my')).code).toBe(403)
  })

  it('indexes works for the site search by name, tag, owner and type', async () => {
    const byName = await searchKind(t.server.app.db, '折叠台灯', '作品', 10)
    expect(byName.rows.map((r) => r.title)).toContain('「栖光」折叠台灯')
    expect(byName.rows[0]!.url).toMatch(/^\/works\/detail\?id=\d+$/)
    const byTag = await searchKind(t.server.app.db, '黄铜', '作品', 10)
    expect(byTag.rows.map((r) => r.title)).toEqual(['「西溪」湿地文创书签系列'])
    expect((await searchKind(t.server.app.db, '周可', '作品', 10)).total).toBe(5)
    // The type a result shows is searchable too: 交互与UI设计 (type 11) is the pillbox prototype's.
    const byType = await searchKind(t.server.app.db, '交互与UI设计', '作品', 10)
    expect(byType.rows.map((r) => r.title)).toEqual(['智能药盒交互原型说明'])
  })
})

describe('public verification', () => {
  it('matches a work file or a worksHash by hash, and an uploaded file by its SHA-256', async () => {
    const token = await t.api.login(DEMO.designer)
    const { id, content, detail } = await registerText(token, '查验')
    const expected = {
      matched: true,
      worksId: id,
      worksName: '海风短章',
      userName: '陈思远',
      worksHashTime: detail.worksHashTime,
      certificateStorageNo: expect.stringMatching(/^KB-CZ-\d{4}-\d{6}$/),
    }
    expect((await t.api.post('/api/works/verify', { hash: detail.worksHash })).data).toEqual({
      hash: detail.worksHash,
      matchedBy: 'worksHash',
      ...expected,
    })
    expect((await t.api.post('/api/works/verify', { hash: sha256(content).toUpperCase() })).data).toEqual({
      hash: sha256(content),
      matchedBy: 'file',
      ...expected,
    })
    const { payload, headers } = multipartFile('任意名字.txt', content)
    const byFile = (
      await t.server.app.inject({ method: 'POST', url: '/api/works/verify', payload, headers })
    ).json()
    expect(byFile.data).toEqual({ hash: sha256(content), matchedBy: 'file', ...expected })
    const unknown = multipartFile('other.txt', Buffer.from('从未登记的内容'))
    const none = (await t.server.app.inject({ method: 'POST', url: '/api/works/verify', ...unknown })).json()
    expect(none.data).toEqual({ hash: sha256('从未登记的内容'), matched: false })
    expect(await t.api.post('/api/works/verify', { hash: 'xyz' })).toEqual({
      code: 400,
      msg: '请输入64位十六进制的SHA-256哈希值，或上传要查验的文件',
    })
  })
})

describe('rate limit', () => {
  it('a burst of registrations gets at most the hour’s allowance through', async () => {
    await insertUser(t.server.app, '13900003333', 'Other2026!', '白露')
    const token = await t.api.login('13900003333', 'Other2026!')
    await t.api.post(
      '/api/my/realNameAuth',
      {
        username: '白露',
        identityType: '1',
        identity: '320505199003071250',
        cityId: '320505',
        professional: '1',
        professionalName: '插画师',
        read: true,
      },
      token,
    )
    const files = []
    for (let i = 0; i < REGISTER_LIMIT.max + 5; i++)
      files.push(await upload(token, `第${i}篇.txt`, freshText(`第${i}篇`)))
    const answers = await Promise.all(files.map((file) => register(token, form(file))))
    const codes = answers.map((a) => a.code)
    expect(codes.filter((c) => c === 200)).toHaveLength(REGISTER_LIMIT.max)
    expect(answers.filter((a) => a.code === 429).every((a) => a.msg === WORKS_MESSAGES.tooMany)).toBe(true)
    expect(codes.filter((c) => c === 429)).toHaveLength(5)
  })
})
