import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { agreementSchema, type SearchHit, searchHitSchema } from '../../schemas/api/content.ts'
import { BusinessError, CODE, ok, table } from '../lib/envelope.ts'
import { PAGING, params, query, replies, tableReplies } from '../lib/route-schema.ts'
import { loadAgreements } from '../services/agreements.ts'
import { searchAgreements, searchLanding } from '../services/search.ts'

const contentDir = path.resolve(import.meta.dirname, '../../content')

const searchQuery = query({
  keyword: { type: 'string', maxLength: 50 },
  ...PAGING,
})

const schemas = {
  agreement: {
    tags: ['内容与搜索'],
    summary: '协议全文（user、private、disclaimer）',
    params: params({ key: 20 }),
    querystring: query({}),
    response: replies(agreementSchema),
  },
  search: {
    tags: ['内容与搜索'],
    summary: '站内搜索：栏目、活动页面与协议',
    querystring: searchQuery,
    response: tableReplies(searchHitSchema),
  },
} as const

/** Agreements and the site-wide search over what the portal holds. */
export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const agreements = loadAgreements(path.join(contentDir, 'agreements'))

  app.get<{ Params: { key: string } }>(
    '/common/agreement/:key',
    { schema: schemas.agreement },
    async (request) => {
      const doc = agreements.get(request.params.key)
      if (!doc) throw new BusinessError(CODE.notFound, '协议不存在')
      return ok(doc)
    },
  )

  app.get<{ Querystring: { keyword?: string; pageNum: number; pageSize: number } }>(
    '/search',
    { schema: schemas.search },
    async (request) => {
      const keyword = (request.query.keyword ?? '').trim()
      if (!keyword) throw new BusinessError(CODE.badRequest, '请输入搜索关键词')
      const like = `%${keyword.replace(/[%_\\]/g, (c) => `\\${c}`)}%`
      const menus = await app.db.kysely
        .selectFrom('menus')
        .select(['title', 'url'])
        .where(sql<boolean>`lower(title) like lower(${like}) escape '\\'`)
        .orderBy('sort')
        .execute()
      const hits: SearchHit[] = [
        ...menus.map((m) => ({
          kind: '栏目',
          title: m.title,
          url: m.url,
          snippet: `进入「${m.title}」栏目`,
        })),
        ...searchLanding(app.landing.values(), keyword),
        ...searchAgreements(agreements.values(), keyword),
      ]
      const { pageNum, pageSize } = request.query
      return table(hits.slice((pageNum - 1) * pageSize, pageNum * pageSize), hits.length)
    },
  )
}
