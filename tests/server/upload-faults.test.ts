import fs from 'node:fs'
import type net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawConnection, requestBytes } from '../support/raw-http.ts'
import { createTestApp, DEMO } from '../support/test-app.ts'
import { multipartFile } from '../support/uploads.ts'
import { signedIn } from '../support/valid-requests.ts'

/**
 * Issue 21 item 8: an upload that fails on a full disk answers in Chinese that storage is full, and the
 * rest of its body is read and dropped, so the next request on the same keep-alive connection is
 * answered at once (it used to wait for a reset 73 s later). The full disk is /dev/full, written
 * through FileStorage.openTemp: every write fails with the kernel's own ENOSPC.
 */
let server: Awaited<ReturnType<typeof createTestApp>>
let port: number
let token: string
beforeAll(async () => {
  server = await createTestApp()
  token = (await signedIn(server.app, DEMO.designer)).token
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  port = (server.app.server.address() as net.AddressInfo).port
})
afterAll(() => server.close())

describe('an upload onto a full disk', () => {
  it('answers 507 in Chinese, and the next request on the same connection is answered at once', async () => {
    const storage = server.app.storage
    const realOpen = storage.openTemp
    storage.openTemp = () => fs.createWriteStream('/dev/full')
    const connection = await rawConnection(port)
    try {
      // 8 MB: far more than socket buffers hold, so the next request is read only once this body is.
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(8 * 1024 * 1024, 7)])
      const { payload, headers } = multipartFile('full.png', png)
      // The upload and, right behind it on the same connection, an ordinary request.
      const sent = connection.write(
        Buffer.concat([
          requestBytes('POST', '/api/common/upload', { ...headers, authorization: token }, payload),
          requestBytes('GET', '/api/tbMenuInfo/queryAll'),
        ]),
      )
      const upload = await connection.nextResponse()
      expect(upload.status, upload.body).toBe(507)
      expect(JSON.parse(upload.body)).toEqual({
        code: 507,
        msg: '服务器存储空间已满，暂时无法保存，请稍后重试',
      })
      expect(upload.headers['content-security-policy']).toContain("default-src 'self'")
      const started = Date.now()
      const next = await connection.nextResponse()
      expect(next.status).toBe(200)
      expect(JSON.parse(next.body).code).toBe(200)
      expect(Date.now() - started).toBeLessThan(2000)
      await sent
      expect(connection.closed).toBe(false)
    } finally {
      storage.openTemp = realOpen
      connection.close()
    }
    // No temporary file is left behind by the failed upload.
    expect(fs.readdirSync(storage.root).filter((name) => name.startsWith('.upload-'))).toEqual([])
  })
})
