import type { FastifyInstance } from 'fastify'
import { ok } from '../lib/envelope.ts'

/** Public site furniture: the header menu and the footer's partner logos. */
export async function siteRoutes(app: FastifyInstance): Promise<void> {
  app.get('/tbMenuInfo/queryAll', async () => {
    const rows = await app.db.kysely
      .selectFrom('menus')
      .select(['id', 'key', 'title', 'url', 'hot'])
      .orderBy('sort')
      .orderBy('id')
      .execute()
    return ok(rows.map((r) => ({ ...r, hot: Number(r.hot) === 1 })))
  })

  app.get('/common/partners', async () => {
    const rows = await app.db.kysely
      .selectFrom('partners')
      .select(['id', 'name', 'logo', 'url'])
      .orderBy('sort')
      .orderBy('id')
      .execute()
    return ok(rows)
  })
}
