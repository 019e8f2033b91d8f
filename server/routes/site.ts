import type { FastifyInstance } from 'fastify'
import { ok } from '../lib/envelope.ts'
import { bool, int, query, replies, shape, str } from '../lib/route-schema.ts'

const schemas = {
  menu: {
    tags: ['站点'],
    summary: '页头菜单',
    querystring: query({}),
    response: replies({
      type: 'array',
      items: shape({ id: int, key: str(50), title: str(50), url: str(200), hot: bool }),
    }),
  },
  partners: {
    tags: ['站点'],
    summary: '页脚合作伙伴（content/site.json）',
    querystring: query({}),
    response: replies({
      type: 'array',
      items: shape({ id: int, name: str(100), logo: str(200), url: { type: ['string', 'null'] } }),
    }),
  },
} as const

/** Public site furniture: the header menu and the footer's partner logos. */
export async function siteRoutes(app: FastifyInstance): Promise<void> {
  app.get('/tbMenuInfo/queryAll', { schema: schemas.menu }, async () => {
    const rows = await app.db.kysely
      .selectFrom('menus')
      .select(['id', 'key', 'title', 'url', 'hot'])
      .orderBy('sort')
      .orderBy('id')
      .execute()
    return ok(rows.map((r) => ({ ...r, hot: Number(r.hot) === 1 })))
  })

  app.get('/common/partners', { schema: schemas.partners }, async () => {
    const rows = await app.db.kysely
      .selectFrom('partners')
      .select(['id', 'name', 'logo', 'url'])
      .orderBy('sort')
      .orderBy('id')
      .execute()
    return ok(rows)
  })
}
