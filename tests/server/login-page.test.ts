import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_COOKIE } from '../../schemas/contract.ts'
import { apiOf } from '../support/api-client.ts'
import { tempDir } from '../support/temp-dir.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * SPEC §4 Login: a signed-in visitor opening /login goes to /. The server answers that before any
 * page is sent (a signed-in visitor used to see the form until the browser had checked the session),
 * always to the site's home — never to a return_url — and only for a live session.
 */
let server: Awaited<ReturnType<typeof createTestApp>>
let staged: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  const staticDir = tempDir('spa')
  fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>spa shell</title>')
  server = await createTestApp({ staticDir })
  staged = await createTestApp({ staticDir, basePath: '/test/' })
})
afterAll(async () => {
  await server.close()
  await staged.close()
})

const cookie = (token: string) => `${TOKEN_COOKIE}=${encodeURIComponent(token)}`

describe('/login for a signed-in visitor', () => {
  it.for([
    '/login',
    '/login?return_url=%2Fmine',
    '/login?return_url=https%3A%2F%2Fevil.example%2F',
    '/login?tab=register',
    '/LOGIN',
    '/login/',
  ])('%s answers 302 to / with nothing cached', async (url) => {
    const token = await apiOf(server.app).login()
    const res = await server.app.inject({ url, headers: { cookie: cookie(token) } })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/')
    expect(res.headers['cache-control']).toContain('no-store')
  })

  it('goes to the prefixed home under a base path', async () => {
    const token = await apiOf(staged.app).login()
    const res = await staged.app.inject({ url: '/test/login', headers: { cookie: cookie(token) } })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/test/')
  })

  it('shows the page to a visitor, and to a token that is no longer live', async () => {
    expect((await server.app.inject({ url: '/login' })).statusCode).toBe(200)
    const dead = await server.app.inject({ url: '/login', headers: { cookie: cookie('not-a-session') } })
    expect(dead.statusCode).toBe(200)
    expect(dead.body).toContain('spa shell')
  })

  it('leaves the pages beside it alone', async () => {
    const token = await apiOf(server.app).login()
    for (const url of ['/login-help', '/loginx', '/forgetPwd'])
      expect((await server.app.inject({ url, headers: { cookie: cookie(token) } })).statusCode).toBe(200)
  })
})
