import type { FastifyInstance } from 'fastify'
import { listOf } from '../../schemas/api/json.ts'
import { menuItemSchema, partnerSchema } from '../../schemas/api/site.ts'
import { query, replies } from '../lib/route-schema.ts'

const schemas = {
  menu: {
    tags: ['站点'],
    summary: '页头菜单',
    querystring: query({}),
    response: replies(listOf(menuItemSchema)),
  },
  partners: {
    tags: ['站点'],
    summary: '页脚合作伙伴（content/site.json）',
    querystring: query({}),
    response: replies(listOf(partnerSchema)),
  },
} as const

/**
 * Public site furniture: the header menu and the footer's partner logos, answered from app.siteCache
 * with bytes prepared once per data version (server/services/site-cache.ts; README "Reference data from
 * memory").
 */
export async function siteRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/tbMenuInfo/queryAll',
    { schema: schemas.menu, compress: false, decompress: false },
    (request, reply) => app.siteCache.menuReply.send(request, reply),
  )

  app.get(
    '/common/partners',
    { schema: schemas.partners, compress: false, decompress: false },
    (request, reply) => app.siteCache.partnersReply.send(request, reply),
  )
}
