import { describe, expect, it } from 'vitest'
import {
  documentTokens,
  indexSearchDocs,
  removeSearchDoc,
  searchKind,
} from '../../server/services/search-index.ts'
import { useTestApp } from '../support/use-test-app.ts'

// No demo data: the assertions name every record the index holds.
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
