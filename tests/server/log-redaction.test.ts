import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logLines } from '../support/log-lines.ts'
import { createTestApp, DEMO } from '../support/test-app.ts'

/** What the request log would hold in production (level info), read line by line. */
const { lines, stream: logStream } = logLines()

let server: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  server = await createTestApp({ logStream })
})
afterAll(() => server.close())

async function signIn(): Promise<string> {
  const login = await server.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { account: DEMO.designer, password: DEMO.password, logInSource: 2 },
  })
  return login.json().data.token as string
}

describe('the request log', () => {
  it('never holds a token from the query, the Authorization header or the cookie', async () => {
    const token = await signIn()
    lines.length = 0
    await server.app.inject({ url: `/api/my/getUserBase?token=${token}` })
    await server.app.inject({ url: `/api/my/getUserBase?a=1&TOKEN=${token}&b=2` })
    await server.app.inject({ url: '/api/my/getUserBase', headers: { authorization: `Bearer ${token}` } })
    await server.app.inject({ url: '/api/my/getUserBase', headers: { cookie: `kb_member_token=${token}` } })
    await server.app.inject({ url: `/redirect?token=${token}&url=%2Fmine` })
    // A name the server decodes is the same credential: %74oken is token.
    await server.app.inject({ url: `/api/my/getUserBase?%74oken=${token}` })
    // A signed document link carries its credential in the path.
    await server.app.inject({ url: `/api/others/download/${token}/1` })

    expect(lines.length).toBeGreaterThan(6)
    for (const line of lines) expect(line).not.toContain(token)
    // The rest of the URL is still there to debug with.
    expect(lines.some((l) => l.includes('/api/my/getUserBase?a=1&TOKEN=[REDACTED]&b=2'))).toBe(true)
  })

  it('writes one compact line a request: method, redacted URL, status and time', async () => {
    lines.length = 0
    await server.app.inject({ url: '/api/tbMenuInfo/queryAll?x=1' })
    expect(lines).toHaveLength(1)
    const line = JSON.parse(lines[0] as string)
    expect(line).toMatchObject({ method: 'GET', url: '/api/tbMenuInfo/queryAll?x=1', status: 200 })
    expect(typeof line.ms).toBe('number')
    // A soak at info wrote ≈380 bytes a request in two lines; one line of what matters is under 200.
    expect(Buffer.byteLength(lines[0] as string)).toBeLessThan(200)
  })
})

describe('every other log line', () => {
  it('holds no token wherever one appears: message, error, stack, fields, an HTTP client’s config', async () => {
    const token = await signIn()
    lines.length = 0
    const err = Object.assign(new Error(`GET /redirect?token=${token} failed`), {
      // An axios error carries the request it made, Authorization header included.
      config: { url: `/api/x?token=${token}`, headers: { Authorization: `Bearer ${token}` } },
    })
    server.app.log.error({ err, url: `/redirect?token=${token}&url=%2Fmine` }, 'server rendering failed')
    server.app.log.warn(`loading /news/index?token=${token} failed (Bearer ${token})`)
    server.app.log.warn({ cookie: `kb_member_token=${token}; other=1` }, 'a header')
    expect(lines).toHaveLength(3)
    for (const line of lines) expect(line).not.toContain(token)
    expect(lines[0]).toContain('/redirect?token=[REDACTED]&url=%2Fmine')
    expect(lines[0]).toContain('server rendering failed')
  })

  it('holds no token when a request fails inside (the database gone)', async () => {
    const own = await createTestApp({ logStream })
    try {
      const login = await own.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { account: DEMO.designer, password: DEMO.password, logInSource: 2 },
      })
      const token = login.json().data.token as string
      await own.app.db.kysely.destroy()
      lines.length = 0
      const res = await own.app.inject({
        url: `/api/my/getUserBase?token=${token}`,
        headers: { authorization: token, cookie: `kb_member_token=${token}` },
      })
      expect(res.statusCode).toBeGreaterThanOrEqual(500)
      expect(lines.some((l) => l.includes('"level":50'))).toBe(true)
      for (const line of lines) expect(line).not.toContain(token)
    } finally {
      await own.close().catch(() => undefined)
    }
  })
})
