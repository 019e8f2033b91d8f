import { describe, expect, it } from 'vitest'
import { useTestApp } from '../support/use-test-app.ts'

/**
 * Issue 21 item 10: what is answered for a signed-in user is kept by no cache (a shared proxy, the
 * browser's back button on a shared computer). Generated from the route table: every GET a signed-in
 * user makes answers `Cache-Control: no-store`, as does a public answer that was shaped by who asked.
 */
const t = useTestApp()

describe('answers for a signed-in user', () => {
  it('every signed-in GET route answers Cache-Control: no-store', async () => {
    const token = await t.api.login()
    const routes = t.server.app.routeCatalog.filter(
      (r) => r.method === 'GET' && r.url.startsWith('/api/') && r.schema?.security,
    )
    expect(routes.length).toBeGreaterThan(15)
    const wrong: string[] = []
    for (const route of routes) {
      const res = await t.server.app.inject({
        url: route.url.replace(/:(\w+)/g, '1'),
        headers: { authorization: token },
      })
      const cache = String(res.headers['cache-control'] ?? '')
      if (!/\bno-store\b/.test(cache)) wrong.push(`${route.url}: ${cache || 'no Cache-Control'}`)
    }
    expect(wrong).toEqual([])
  })

  it('a public answer shaped by the viewer (the owner’s view of a work) is no-store too; a visitor’s is not', async () => {
    const token = await t.api.login()
    const mine = await t.api.get('/api/works/my?pageNum=1&pageSize=1', token)
    const url = `/api/works/show/${mine.rows[0].id}`
    const owner = await t.server.app.inject({ url, headers: { authorization: token } })
    expect(owner.json().data.mine).toBe(true)
    expect(owner.headers['cache-control']).toMatch(/no-store/)
    const visitor = await t.server.app.inject({ url })
    expect(visitor.json().data.mine).toBeFalsy()
    expect(String(visitor.headers['cache-control'] ?? '')).not.toMatch(/no-store/)
  })
})
