import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiOf } from '../support/api-client.ts'
import { createTestApp, DEMO } from '../support/test-app.ts'
import { uploadFile } from '../support/uploads.ts'

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
    const file = await server.app.inject({ url: body.data.url })
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
