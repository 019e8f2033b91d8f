import { describe, expect, it } from 'vitest'
import {
  documentTokens,
  indexSearchDocs,
  removeSearchDoc,
  SEARCH_KINDS,
  searchKind,
} from '../../server/services/search-index.ts'
import { useTestApp } from '../support/use-test-app.ts'

// No demo content: seeded news and designers would match these keywords too.
const t = useTestApp({ seed: false })

describe('the search index (CJK bigrams through FTS5 on SQLite, a GIN tsvector on PostgreSQL)', () => {
  it('cuts Chinese into ordered bigrams then single characters, and keeps latin words whole', () => {
    expect(documentTokens('陈思远 Studio 2026')).toBe('陈思 思远 studio 2026 陈 思 远')
  })

  it('finds a record by any part of a Chinese name, by a latin prefix, and not by characters out of order', async () => {
    const db = t.server.app.db
    await indexSearchDocs(db, [
      {
        kind: '设计师',
        refId: 'x1',
        title: '欧阳青禾',
        snippet: '苏州',
        url: '/designer/detail?id=x1',
        body: 'Lumen 工作室',
      },
      { kind: '设计师', refId: 'x2', title: '欧青', snippet: '杭州', url: '/designer/detail?id=x2' },
      { kind: '资讯', refId: 'x3', title: '青禾奖揭晓', snippet: '', url: '/news/detail?id=x3' },
    ])
    const titles = async (keyword: string, kind = '设计师') =>
      (await searchKind(db, keyword, kind, 10)).rows.map((r) => r.title).sort()
    expect(await titles('阳青禾')).toEqual(['欧阳青禾'])
    expect(await titles('青禾')).toEqual(['欧阳青禾'])
    expect(await titles('青')).toEqual(['欧阳青禾', '欧青'])
    expect(await titles('lum')).toEqual(['欧阳青禾'])
    expect(await titles('禾青')).toEqual([])
    expect(await titles('青禾', '资讯')).toEqual(['青禾奖揭晓'])
    expect(await titles('"*()-:')).toEqual([])
    // Re-indexing replaces the row; removing takes it out.
    await indexSearchDocs(db, [{ kind: '设计师', refId: 'x2', title: '欧青禾', snippet: '', url: '/d' }])
    expect(await titles('青禾')).toEqual(['欧阳青禾', '欧青禾'])
    await removeSearchDoc(db, '设计师', 'x1')
    expect(await titles('青禾')).toEqual(['欧青禾'])
  })
})

describe('GET /api/search and /api/search/groups', () => {
  it('groups matches by kind in the page’s order, each with its total and first five', async () => {
    const groups = (await t.api.get(`/api/search/groups?keyword=${encodeURIComponent('认证')}`))
      .data as Array<{
      kind: string
      total: number
      rows: Array<{ kind: string; url: string }>
    }>
    const kinds = groups.map((g) => g.kind)
    expect(kinds).toEqual(expect.arrayContaining(['栏目', '协议']))
    expect(kinds).toEqual(SEARCH_KINDS.filter((k) => kinds.includes(k)))
    for (const g of groups) {
      expect(g.rows.length).toBe(Math.min(5, g.total))
      expect(g.rows.every((r) => r.kind === g.kind)).toBe(true)
    }
  })

  it('lists one kind, paged, and every competition definition is found by its title', async () => {
    for (const c of t.server.app.competitions.all()) {
      const body = await t.api.get(`/api/search?keyword=${encodeURIComponent(c.title)}&kind=竞赛`)
      expect(body.rows.map((r: { url: string }) => r.url)).toContain(`/${c.slug}/index`)
    }
    const all = await t.api.get(`/api/search?keyword=${encodeURIComponent('认证')}&kind=协议&pageSize=50`)
    expect(all.total).toBeGreaterThan(0)
    expect(all.rows.every((r: { kind: string }) => r.kind === '协议')).toBe(true)
    expect((await t.api.get('/api/search?keyword=x&kind=nope')).code).toBe(400)
  })
})
