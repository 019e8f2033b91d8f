import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { logLines } from '../support/log-lines.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * Issue 21 item 4 on the page routes: a page whose data fails to load is logged with its address, and
 * that address may carry a token (the review found `/redirect?token=<a 7-day token>` in clear, logged
 * when its loader threw in the server renderer). Needs the built renderer (dist/ssr).
 */
const STATIC_DIR = path.resolve(import.meta.dirname, '../../dist')
const SECRET = 'S3cr3tT0kenValueThatMustNeverBeLogged0123456'
const { lines, stream: logStream } = logLines()
let server: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  server = await createTestApp({ staticDir: STATIC_DIR, logStream })
})
afterAll(() => server?.close().catch(() => undefined))

describe('page routes in the log', () => {
  it('/redirect is answered without rendering and without an error line', async () => {
    lines.length = 0
    const res = await server.app.inject({
      url: `/redirect?token=${SECRET}&url=%2Fmine`,
      headers: { host: 'localhost' },
    })
    expect(res.statusCode).toBe(302)
    expect(lines.filter((l) => /"level":(40|50)/.test(l))).toEqual([])
    for (const line of lines) expect(line).not.toContain(SECRET)
  })

  it('a page whose data fails to load is logged without the token its address carries', async () => {
    await server.app.db.kysely.destroy()
    lines.length = 0
    const res = await server.app.inject({
      url: `/news/index?type=1&token=${SECRET}`,
      headers: { host: 'localhost', authorization: `Bearer ${SECRET}`, cookie: `kb_member_token=${SECRET}` },
    })
    // The page still works: the browser renders it from the shell.
    expect(res.statusCode).toBe(200)
    // Logged when the render ends: on a busy machine after its visitor got the shell (the render runs
    // on, server/plugins/page-render.ts), while a thread may still be loading the renderer.
    const rendered = () => lines.filter((l) => l.includes('could not be rendered'))
    await expect.poll(() => rendered().length, { timeout: 45_000 }).toBeGreaterThan(0)
    const warned = rendered()
    expect(warned[0]).toContain('token=[REDACTED]')
    for (const line of lines) expect(line).not.toContain(SECRET)
  }, 90_000)
})
