import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openObjectStore, parseStorage } from '../../server/services/object-store.ts'
import { ObjectStoreUnavailable } from '../../server/services/object-store-contract.ts'
import { logLines } from '../support/log-lines.ts'
import { startS3Server } from '../support/s3-server.ts'
import { startTcpProxy } from '../support/tcp-proxy.ts'
import { createTestApp } from '../support/test-app.ts'
import { uploadFile } from '../support/uploads.ts'
import { newUser, type RequestUser } from '../support/valid-requests.ts'

/**
 * Issue 33 item 3: with STORAGE=s3, readiness tells the truth about the object store, and a request
 * that meets the store down is logged as the object store's failure, not the database's. The server
 * reaches its S3-compatible store (started here) through a TCP proxy this file cuts and restores,
 * as database-outage.test.ts does with PostgreSQL.
 */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('not pixels'),
])

describe('the object store going away and coming back (STORAGE=s3)', () => {
  const logs = logLines()
  let s3: Awaited<ReturnType<typeof startS3Server>>
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>
  let server: Awaited<ReturnType<typeof createTestApp>>
  let user: RequestUser
  beforeAll(async () => {
    s3 = await startS3Server()
    const endpoint = new URL(s3.env.S3_ENDPOINT)
    proxy = await startTcpProxy({ host: endpoint.hostname, port: Number(endpoint.port) })
    const storage = parseStorage({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${proxy.port}` })
    server = await createTestApp({ demoData: false, storage, logStream: logs.stream })
    user = await newUser(server.app)
  })
  afterAll(async () => {
    await proxy?.restore().catch(() => {})
    await server?.close()
    await proxy?.close()
    await s3?.close()
  })

  const ready = () => server.app.inject({ url: '/api/ready' })
  const logged = (msg: string) =>
    logs.lines.map((line) => JSON.parse(line)).filter((line) => line.msg === msg)

  it('answers readiness 503 naming the object store while it is down, and 200 with its latency once back', async () => {
    const before = await ready()
    expect(before.statusCode, before.body).toBe(200)
    expect(before.json().data).toMatchObject({ status: 'ready' })
    expect(before.json().data.objectStoreMs).toBeGreaterThanOrEqual(0)
    await proxy.cut()
    try {
      const during = await ready()
      expect(during.statusCode, during.body).toBe(503)
      expect(during.json()).toEqual({ code: 503, msg: '服务暂时不可用：对象存储无应答' })
      expect(during.headers['retry-after']).toBe('1')
      // Liveness does not depend on it: restarting the instance would not bring the store back.
      expect((await server.app.inject({ url: '/api/health' })).statusCode).toBe(200)
    } finally {
      await proxy.restore()
    }
    const after = await ready()
    expect(after.statusCode, after.body).toBe(200)
    // A refusal (or its kept-alive connection reset) is reported at once with the socket's reason, not
    // as 'no answer in time' after the 2 s allowed for an answer.
    expect(logged('object store unavailable')).toContainEqual(
      expect.objectContaining({ level: 40, probe: 'ready', reason: expect.stringMatching(/^E[A-Z]+$/) }),
    )
    expect(logged('database unavailable')).toEqual([])
  })

  it('answers an upload 503 while the store is down and logs the object store, not the database', async () => {
    await proxy.cut()
    let during: Awaited<ReturnType<typeof uploadFile>>
    const lines = logs.lines.length
    try {
      during = await uploadFile(server.app, user.token, '封面.png', PNG)
    } finally {
      await proxy.restore()
    }
    expect(during.statusCode, during.body).toBe(503)
    expect(during.json()).toEqual({ code: 503, msg: '服务暂时不可用，请稍后重试' })
    const failures = logs.lines
      .slice(lines)
      .map((line) => JSON.parse(line))
      .filter((line) => line.level >= 40)
    expect(failures.map((line) => line.msg)).toEqual(['object store unavailable'])
    expect(failures[0].reason).toBe('ECONNREFUSED')
    const after = await uploadFile(server.app, user.token, '封面.png', PNG)
    expect(after.json().code, after.body).toBe(200)
  })
})

describe('an upload the store drops half-way', () => {
  it('fails as the object store being unavailable, and the S3 client writes nothing to the console', async () => {
    // A "store" that takes the connection and resets it once the upload's bytes start to arrive.
    const dropper = net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy()))
    await new Promise<void>((resolve) => dropper.listen(0, '127.0.0.1', resolve))
    const port = (dropper.address() as net.AddressInfo).port
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'kabu-s3-')), 'cover.png')
    fs.writeFileSync(file, Buffer.alloc(256 * 1024, 1))
    const settings = parseStorage({
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'kabu',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_FORCE_PATH_STYLE: 'true',
    })
    const store = await openObjectStore(settings)
    const consoleWarn = vi.spyOn(console, 'warn')
    try {
      await expect(store.put('covers/cover.png', file)).rejects.toBeInstanceOf(ObjectStoreUnavailable)
      expect(consoleWarn).not.toHaveBeenCalled()
    } finally {
      consoleWarn.mockRestore()
      await new Promise((resolve) => dropper.close(resolve))
      fs.rmSync(path.dirname(file), { recursive: true, force: true })
    }
  })
})
