import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { definitionsRoot } from '../support/competitions.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * Issue 34 item 1: a landing page is data the server reads from DEFINITIONS_ROOT, not part of the
 * build. GET /api/landing/:slug answers the page with its includes expanded; the SPA and the server's
 * own renders fetch it there.
 */
const root = definitionsRoot()
const file = path.join(root, 'landing-pages/added-later.json')
const page = {
  $schema: './landing-page.schema.json',
  title: '后来加的活动页',
  description: '服务器启动之后才写进定义目录的活动页面。',
  sections: [
    { type: 'hero', id: 'top', props: { title: '后来加的活动页' } },
    { include: 'competition/intro' },
    { type: 'twoColumn', props: { left: [{ include: 'competition/intro' }], right: [] } },
  ],
}

type App = Awaited<ReturnType<typeof createTestApp>>
const started: App[] = []
const start = async () => {
  const server = await createTestApp({ definitionsRoot: root, demoData: false })
  started.push(server)
  return server
}
afterAll(async () => {
  for (const server of started) await server.close()
  fs.rmSync(root, { recursive: true, force: true })
})
/** The server started after the page was added (the first test), which the others ask. */
let restarted: App | undefined
const server = () => {
  if (!restarted) throw new Error('the restart test starts the server the others ask')
  return restarted
}

const get = (server: App, slug: string, headers: Record<string, string> = {}) =>
  server.app.inject({ url: `/api/landing/${slug}`, headers })

describe('GET /api/landing/:slug', () => {
  it('serves a page file added to the definitions root after a restart, with no build, its includes expanded', async () => {
    const before = await start()
    expect((await get(before, 'added-later')).json()).toEqual({ code: 404, msg: '活动页面不存在' })
    await before.close()

    fs.writeFileSync(file, JSON.stringify(page))
    restarted = await start()
    const res = await get(restarted, 'added-later')
    expect(res.statusCode).toBe(200)
    const intro = { type: 'hero', props: { title: '大赛简介（共享片段）' } }
    expect(res.json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: {
        title: '后来加的活动页',
        description: '服务器启动之后才写进定义目录的活动页面。',
        sections: [page.sections[0], intro, { type: 'twoColumn', props: { left: [intro], right: [] } }],
        // Nobody has drawn its share card yet: it shares the site's, not a missing file.
        shareImage: { src: '/share.jpg', alt: '咖簿网', width: 1200, height: 630 },
      },
    })
    // Two starts on fresh databases: well within a minute, but over the default 30 s on a busy machine.
  }, 90_000)

  it('answers an unknown slug with the 404 envelope', async () => {
    expect((await get(server(), 'no-such-page')).json()).toEqual({ code: 404, msg: '活动页面不存在' })
    // The schema files beside the pages are no pages.
    expect((await get(server(), 'landing-page.schema')).json()).toMatchObject({ code: 404 })
  })

  it('may be kept by browsers, which ask again with its ETag and get 304 while it is unchanged', async () => {
    const first = await get(server(), 'signup-open')
    expect(first.json().data.title).toBe('测试报名页')
    expect(first.headers['cache-control']).toBe('no-cache')
    const etag = String(first.headers.etag)
    expect(etag).toMatch(/^W\/"[\w-]+"$/)
    const again = await get(server(), 'signup-open', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.body).toBe('')
    // Another page's tag is no match.
    const other = String((await get(server(), 'added-later')).headers.etag)
    expect(other).not.toBe(etag)
    expect((await get(server(), 'signup-open', { 'if-none-match': other })).statusCode).toBe(200)
  })
})
