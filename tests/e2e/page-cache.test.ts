import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../support/test-app.ts'

/**
 * Issue 21 item 5, the page cache: a rendered page is keyed by its path and only the query parameters
 * its render read, so parameters a page ignores reach the cached page; a client may cause a limited
 * number of new renders a minute, after which it gets the app shell (the page still works); and a
 * page's HTML never carries a query string its render did not read. Needs the built renderer.
 */
const STATIC_DIR = path.resolve(import.meta.dirname, '../../dist')
let server: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  server = await createTestApp({ staticDir: STATIC_DIR, renderLimit: 6 })
})
afterAll(() => server?.close())

/** The page's render instant (its data block), or undefined for the plain shell. */
async function rendered(url: string, client = '10.1.0.1') {
  const res = await server.app.inject({ url, headers: { host: 'localhost' }, remoteAddress: client })
  expect(res.statusCode).toBe(200)
  const data = /<script type="application\/json" id="kb-page-data">(.*?)<\/script>/s.exec(res.body)?.[1]
  return { renderedAt: data ? (JSON.parse(data).renderedAt as number) : undefined, html: res.body }
}

describe('the page cache', () => {
  it('answers an address whose extra parameters the page ignores from the page already rendered', async () => {
    const first = await rendered('/news/index?type=1&utm_source=a1b2c3')
    expect(first.renderedAt).toBeDefined()
    const again = await rendered('/news/index?utm_source=zzz999&type=1&from=qq')
    expect(again.renderedAt).toBe(first.renderedAt)
    // Neither visitor's own parameters are in the page anyone is sent.
    for (const text of ['a1b2c3', 'zzz999']) expect(again.html).not.toContain(text)
  })

  it('renders anew for a parameter the page reads', async () => {
    const one = await rendered('/news/index?type=1')
    const two = await rendered('/news/index?type=2')
    expect(one.renderedAt).toBeDefined()
    expect(two.renderedAt).toBeDefined()
    expect(two.renderedAt).not.toBe(one.renderedAt)
  })

  it('gives a client the shell once it has caused its renders for the minute; others still get pages', async () => {
    const client = '10.1.0.2'
    const pages = [
      '/designer/index',
      '/talent/index',
      '/works/index',
      '/certification/index',
      '/historyVideo/list',
    ]
    for (const page of pages.slice(0, 4))
      expect((await rendered(`${page}?page=1`, client)).renderedAt).toBeDefined()
    // Renders 5 and 6 of the minute, then the shell.
    expect((await rendered('/quotation/index?page=1', client)).renderedAt).toBeDefined()
    expect((await rendered('/search/index?keyword=x', client)).renderedAt).toBeDefined()
    const limited = await rendered('/historyVideo/list?page=1', client)
    expect(limited.renderedAt).toBeUndefined()
    expect(limited.html).toContain('<div id="root"></div>')
    // A cached page costs nothing and is still served; another client is not held back.
    expect((await rendered('/designer/index?page=1', client)).renderedAt).toBeDefined()
    expect((await rendered('/historyVideo/list?page=1', '10.1.0.3')).renderedAt).toBeDefined()
  })
})

describe('a page’s own API calls', () => {
  it('count against the visitor’s limits, not one shared by every render', async () => {
    const own = await createTestApp({ staticDir: STATIC_DIR, renderLimit: 1000 })
    try {
      const verify = async (hash: string, client: string) => {
        const res = await own.app.inject({
          url: `/works/verify?hash=${hash}`,
          headers: { host: 'localhost' },
          remoteAddress: client,
        })
        return res.body.includes('id="kb-page-data"')
      }
      // One visitor checks 61 hashes: the 61st is over the 60 a 10 minutes work verification allows.
      const rendered: boolean[] = []
      for (let i = 0; i < 61; i++) rendered.push(await verify(i.toString(16).padStart(64, '0'), '10.2.0.1'))
      expect(rendered.slice(0, 60).every(Boolean)).toBe(true)
      expect(rendered[60]).toBe(false)
      // Another visitor's check is theirs to count.
      expect(await verify('f'.repeat(64), '10.2.0.2')).toBe(true)
    } finally {
      await own.close()
    }
  })
})
