import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOf } from '../support/api-client.ts'
import { createTestApp, DEMO } from '../support/test-app.ts'
import { uploadFile } from '../support/uploads.ts'
import { insertUser } from '../support/users.ts'

let server: Awaited<ReturnType<typeof createTestApp>>
let token: string
beforeAll(async () => {
  server = await createTestApp()
  token = await apiOf(server.app).login(DEMO.designer)
})
afterAll(() => server.close())

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('not really pixels'),
])

const upload = (name: string, content: Buffer, auth: string | null = token) =>
  uploadFile(server.app, auth, name, content)

describe('POST /api/common/upload', () => {
  it('stores a file by content hash and answers with its URL, not its bytes', async () => {
    const body = (await upload('作品封面.png', PNG)).json()
    expect(body.code).toBe(200)
    expect(body.data).toEqual({
      url: expect.stringMatching(/^\/api\/files\/[0-9a-f]{64}\.png$/),
      fileName: '作品封面.png',
      size: PNG.length,
    })
    const file = await server.app.inject({ url: body.data.url, headers: { authorization: token } })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.rawPayload.equals(PNG)).toBe(true)
    expect(fs.existsSync(`${server.dataDir}/files`)).toBe(true)
  })

  it('keeps one copy of the same content', async () => {
    const a = (await upload('a.png', PNG)).json().data.url
    const b = (await upload('b.png', PNG)).json().data.url
    expect(a).toBe(b)
  })

  it('needs a signed-in user', async () => {
    expect((await upload('a.png', PNG, null)).json().code).toBe(403)
  })

  it('refuses types it does not keep and content that lies about its type', async () => {
    expect((await upload('run.exe', Buffer.from('MZ...'))).json().msg).toMatch(/^不支持的文件类型/)
    expect((await upload('fake.png', Buffer.from('<script>alert(1)</script>'))).json()).toEqual({
      code: 400,
      msg: '文件内容与扩展名不符',
    })
  })

  it('refuses files over 20 MB', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 0x41)
    expect((await upload('big.txt', big)).json()).toEqual({ code: 400, msg: '文件大小不能超过20MB' })
  })

  it('answers an unknown file with a 404 code', async () => {
    expect((await server.app.inject({ url: `/api/files/${'0'.repeat(64)}.png` })).json()).toEqual({
      code: 404,
      msg: '文件不存在',
    })
    expect((await server.app.inject({ url: '/api/files/..%2F..%2Fkabu.db' })).json().code).toBe(404)
  })
})

describe('GET /api/files/:name: private until a public record shows it', () => {
  const SEEDS = path.resolve(import.meta.dirname, '../../server/db/seed/files/works')
  /** A fresh picture (a new hash) that the demo works' seed never registered. */
  const freshPicture = () =>
    Buffer.concat([fs.readFileSync(path.join(SEEDS, 'qiguang-lamp.png')), randomBytes(16)])
  type Headers = Record<string, string>
  const get = (url: string, headers: Headers = {}) => server.app.inject({ url, headers })
  /** What a visitor may compare between two answers: everything but the clock and the request's id. */
  const visible = (res: Awaited<ReturnType<typeof get>>) => {
    const { date: _date, 'x-request-id': _id, ...headers } = res.headers
    return { status: res.statusCode, headers, body: res.body }
  }

  it('serves an upload no public record shows only to whoever uploaded it, never to be cached', async () => {
    const url = (await upload('产权证明.png', freshPicture())).json().data.url as string
    for (const headers of [{ authorization: token }, { cookie: `kb_member_token=${token}` }] as Headers[]) {
      const own = await get(url, headers)
      expect(own.statusCode).toBe(200)
      expect(own.headers['cache-control']).toBe('private, no-store')
      const thumb = await get(`${url}/thumb?w=280`, headers)
      expect(thumb.statusCode).toBe(200)
      expect(thumb.headers['content-type']).toBe('image/webp')
      expect(thumb.headers['cache-control']).toBe('private, no-store')
    }
  })

  it('answers anyone else exactly as it answers a file that does not exist', async () => {
    const url = (await upload('报名表.png', freshPicture())).json().data.url as string
    const missing = `/api/files/${'e'.repeat(64)}.png`
    const stranger = await apiOf(server.app).login(
      await insertUser(server.app, '13900005555', 'Right#Pass1'),
      'Right#Pass1',
    )
    for (const headers of [
      {},
      { authorization: stranger },
      { cookie: `kb_member_token=${stranger}` },
    ] as Headers[]) {
      for (const suffix of ['', '/thumb?w=280']) {
        const theirs = await get(`${url}${suffix}`, headers)
        expect(visible(theirs)).toEqual(visible(await get(`${missing}${suffix}`, headers)))
        expect(theirs.json()).toEqual({ code: 404, msg: '文件不存在' })
      }
    }
  })

  it('serves the same content to each user who uploaded it', async () => {
    const content = freshPicture()
    const url = (await upload('a.png', content)).json().data.url as string
    const other = await apiOf(server.app).login(
      await insertUser(server.app, '13900006666', 'Right#Pass1'),
      'Right#Pass1',
    )
    expect((await uploadFile(server.app, other, 'b.png', content)).json().data.url).toBe(url)
    expect((await get(url, { authorization: other })).statusCode).toBe(200)
  })

  it('keeps the files of rights-confirmed works public and cacheable for a year', async () => {
    const work = await server.app.db.kysely
      .selectFrom('rights_work_files')
      .select('file_name')
      .where('file_name', 'like', '%.png')
      .executeTakeFirstOrThrow()
    for (const suffix of ['', '/thumb?w=280']) {
      const res = await get(`/api/files/${work.file_name}${suffix}`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
  })

  it('makes an upload public once a registered work shows it', async () => {
    const url = (await upload('新作品.png', freshPicture())).json().data.url as string
    expect((await get(url)).json()).toEqual({ code: 404, msg: '文件不存在' })
    const registered = await apiOf(server.app).post(
      '/api/works/register',
      {
        worksFile: { fileUrl: url, fileOgName: '新作品.png' },
        worksName: '公开之后',
        worksType: '2',
        tag: '样张',
        read: true,
      },
      token,
    )
    expect(registered.code).toBe(200)
    const now = await get(url)
    expect(now.statusCode).toBe(200)
    expect(now.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})
