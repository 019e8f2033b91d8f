import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { agreementSchema, searchGroupSchema, searchHitSchema } from '../../schemas/api/content.ts'
import { listOf } from '../../schemas/api/json.ts'
import { BusinessError, CODE, ok, table } from '../lib/envelope.ts'
import { PAGING, params, query, replies, tableReplies } from '../lib/route-schema.ts'
import { countByKind, SEARCH_KINDS, type SearchResult, searchKind } from '../services/search-index.ts'

const searchQuery = query({
  keyword: { type: 'string', maxLength: 50 },
  kind: { type: 'string', enum: SEARCH_KINDS, description: '只看一类结果' },
  ...PAGING,
})

/** How many of each kind the grouped result page shows before 查看全部. */
const GROUP_PREVIEW = 5

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
    summary: '站内搜索：设计师、作品、资讯、报价、人才、竞赛、专题、栏目与协议（可按类别分页）',
    querystring: searchQuery,
    response: tableReplies(searchHitSchema),
  },
  groups: {
    tags: ['内容与搜索'],
    summary: '站内搜索，按类别分组：每类的总数与前几条',
    querystring: query({ keyword: { type: 'string', maxLength: 50 } }),
    response: replies(listOf(searchGroupSchema)),
  },
} as const

function keywordOf(raw: string | undefined): string {
  const keyword = (raw ?? '').trim()
  if (!keyword) throw new BusinessError(CODE.badRequest, '请输入搜索关键词')
  return keyword
}

/** Agreements and the site-wide search over the index every kind writes (services/search-index.ts). */
export async function contentRoutes(instance: FastifyInstance): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  app.get('/common/agreement/:key', { schema: schemas.agreement }, async (request) => {
    const doc = app.agreements.get(request.params.key)
    if (!doc) throw new BusinessError(CODE.notFound, '协议不存在')
    return ok(doc)
  })

  app.get('/search', { schema: schemas.search }, async (request) => {
    const keyword = keywordOf(request.query.keyword)
    const { kind, pageNum, pageSize } = request.query
    const offset = (pageNum - 1) * pageSize
    if (kind) {
      const { rows, total } = await searchKind(app.db, keyword, kind, pageSize, offset)
      return table(rows, total)
    }
    // All kinds, in the order the result page groups them: each kind's slice of the page.
    const counts = await countByKind(app.db, keyword)
    const rows: SearchResult[] = []
    let skipped = 0
    for (const each of SEARCH_KINDS) {
      const count = counts.get(each) ?? 0
      if (rows.length >= pageSize) break
      if (skipped + count <= offset) {
        skipped += count
        continue
      }
      const from = Math.max(0, offset - skipped)
      rows.push(...(await searchKind(app.db, keyword, each, pageSize - rows.length, from)).rows)
      skipped += count
    }
    return table(
      rows,
      [...counts.values()].reduce((a, b) => a + b, 0),
    )
  })

  app.get('/search/groups', { schema: schemas.groups }, async (request) => {
    const keyword = keywordOf(request.query.keyword)
    const counts = await countByKind(app.db, keyword)
    const kinds = SEARCH_KINDS.filter((kind) => counts.has(kind))
    const groups = await Promise.all(
      kinds.map(async (kind) => ({
        kind,
        total: counts.get(kind) ?? 0,
        rows: (await searchKind(app.db, keyword, kind, GROUP_PREVIEW)).rows,
      })),
    )
    return ok(groups)
  })
}
