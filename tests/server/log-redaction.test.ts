import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, DEMO } from '../support/test-app.ts'

/** What the request log would hold in production (level info), read line by line. */
const lines: string[] = []
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean))
    done()
  },
})

let server: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  server = await createTestApp({ logStream })
})
afterAll(() => server.close())

describe('the request log', () => {
  it('never holds a token from the query, the Authorization header or the cookie', async () => {
    const login = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { account: DEMO.designer, password: DEMO.password, logInSource: 2 },
    })
    const token = login.json().data.token as string
    await server.app.inject({ url: `/api/my/getUserBase?token=${token}` })
    await server.app.inject({ url: `/api/my/getUserBase?a=1&TOKEN=${token}&b=2` })
    await server.app.inject({ url: '/api/my/getUserBase', headers: { authorization: `Bearer ${token}` } })
    await server.app.inject({ url: '/api/my/getUserBase', headers: { cookie: `kb_member_token=${token}` } })
    await server.app.inject({ url: `/redirect?token=${token}&url=%2Fmine` })

    expect(lines.length).toBeGreaterThan(5)
    for (const line of lines) expect(line).not.toContain(token)
    // The rest of the URL is still there to debug with.
    expect(lines.some((l) => l.includes('/api/my/getUserBase?a=1&TOKEN=[REDACTED]&b=2'))).toBe(true)
  })
})
