import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../support/test-app.ts'

/**
 * Issue 7 item 6: every error is the {code, msg} envelope with a Chinese message and the same security
 * headers as any other answer — including Fastify's own errors raised before any hook, and a request
 * that never finishes arriving.
 */
const REQUEST_TIMEOUT_MS = 400
let server: Awaited<ReturnType<typeof createTestApp>>
let port: number
beforeAll(async () => {
  server = await createTestApp({ requestTimeoutMs: REQUEST_TIMEOUT_MS })
  await server.app.listen({ port: 0, host: '127.0.0.1' })
  port = (server.app.server.address() as net.AddressInfo).port
})
afterAll(() => server.close())

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
  'strict-transport-security',
  'referrer-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
]

/** The security headers of an ordinary API answer, to compare error answers with. */
async function ordinaryHeaders() {
  const res = await server.app.inject({ url: '/api/tbMenuInfo/queryAll' })
  return Object.fromEntries(SECURITY_HEADERS.map((h) => [h, res.headers[h]]))
}

describe('Fastify’s own errors in the envelope', () => {
  it.each([
    ['a bad URL component', '/api/files/%c0', 400, '请求参数有误'],
    ['a parameter over the maximum length', `/api/files/${'a'.repeat(300)}`, 414, '请求地址过长'],
  ])('answers %s with the envelope and the security headers', async (_what, url, status, msg) => {
    const res = await server.app.inject({ url })
    expect(res.statusCode).toBe(status)
    expect(res.json()).toEqual({ code: status, msg })
    const expected = await ordinaryHeaders()
    expect(expected['content-security-policy']).toContain("default-src 'self'")
    for (const header of SECURITY_HEADERS) expect(res.headers[header], header).toBe(expected[header])
  })

  it('answers an unsupported content type with 415 and the envelope', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    })
    expect(res.statusCode).toBe(415)
    expect(res.json()).toEqual({ code: 415, msg: '不支持的请求格式' })
    expect(res.headers['content-security-policy']).toBe((await ordinaryHeaders())['content-security-policy'])
  })

  it('answers a request that is not multipart on the upload route with the envelope', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/common/upload',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(res.statusCode).toBeLessThan(500)
    expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/)
  })
})

/** Opens a raw connection, writes `data`, and collects what comes back until the server closes it. */
function rawExchange(data: string, giveUpAfterMs: number) {
  return new Promise<{ reply: string; closedAfterMs: number | null }>((resolve, reject) => {
    const started = Date.now()
    const socket = net.connect(port, '127.0.0.1')
    let reply = ''
    const giveUp = setTimeout(() => {
      socket.destroy()
      resolve({ reply, closedAfterMs: null })
    }, giveUpAfterMs)
    socket.on('data', (chunk) => {
      reply += chunk.toString('utf8')
    })
    socket.on('error', reject)
    socket.on('close', () => {
      clearTimeout(giveUp)
      resolve({ reply, closedAfterMs: Date.now() - started })
    })
    socket.write(data)
  })
}

describe('errors of the connection itself', () => {
  it.each([
    ['broken HTTP framing', 'NOT HTTP AT ALL\r\n\r\n', 400, '请求参数有误'],
    [
      'headers over Node’s 16 KB limit',
      `GET /api/tbMenuInfo/queryAll HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      '请求头过大',
    ],
  ])('answers %s with the envelope and the security headers', async (_what, data, status, msg) => {
    const { reply } = await rawExchange(data, 5_000)
    const [head = '', json = ''] = reply.split('\r\n\r\n')
    expect(head).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `))
    expect(head.toLowerCase()).toContain("content-security-policy: default-src 'self'")
    expect(JSON.parse(json)).toEqual({ code: status, msg })
  })
})

describe('a half-sent request', () => {
  it('is answered 408 in the envelope and closed within the request timeout', async () => {
    const body = JSON.stringify({ account: '13800000001', password: 'Kabu2026!', logInSource: 2 })
    const half = body.slice(0, body.length / 2)
    const { reply, closedAfterMs } = await rawExchange(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${half}`,
      REQUEST_TIMEOUT_MS + 5_000,
    )
    expect(closedAfterMs, 'the server never closed the connection').not.toBeNull()
    // The documented bound: the timeout plus Node's check interval (at most a second).
    expect(closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1_000 + 500)
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50)
    const [head = '', json = ''] = reply.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 408 /)
    expect(head.toLowerCase()).toContain("content-security-policy: default-src 'self'")
    expect(JSON.parse(json)).toEqual({ code: 408, msg: '请求超时，请稍后重试' })
  })

  it('is answered the same when even the headers never finish', async () => {
    const { reply, closedAfterMs } = await rawExchange(
      'GET /api/tbMenuInfo/queryAll HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ',
      REQUEST_TIMEOUT_MS + 5_000,
    )
    expect(closedAfterMs).not.toBeNull()
    expect(closedAfterMs).toBeLessThan(REQUEST_TIMEOUT_MS + 1_000 + 500)
    expect(JSON.parse(reply.split('\r\n\r\n')[1] ?? '')).toEqual({ code: 408, msg: '请求超时，请稍后重试' })
  })
})
