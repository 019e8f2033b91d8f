import type { Kysely } from 'kysely'
import type { Partner, MenuItem as SiteMenuItem } from '../../schemas/api/site.ts'
import type { Database } from '../db/schema.ts'
import { ok } from '../lib/envelope.ts'
import { PreparedJson } from './prepared-json.ts'
import type { CountedTable, VersionedCache } from './reference-versions.ts'

/** One entry of the header menu, frozen: the `data` items of GET /api/tbMenuInfo/queryAll. */
type MenuItem = Readonly<SiteMenuItem>
/** One footer partner, frozen: the `data` items of GET /api/common/partners. */
type PartnerItem = Readonly<Partner>

function frozen<T extends object>(items: T[]): readonly T[] {
  for (const item of items) Object.freeze(item)
  return Object.freeze(items)
}

/**
 * The header menu and the footer partners, read from the database once per data version and shared by
 * every request (and by server-side rendering: `app.siteCache.menus()`). The lists are frozen: callers
 * get the very arrays the API sends. Kept fresh by the ReferenceWatcher
 * (README "Reference data from memory").
 */
export class SiteCache implements VersionedCache {
  readonly tables = ['menus', 'partners'] as const satisfies readonly CountedTable[]
  private readonly db: Kysely<Database>
  private menuList: readonly MenuItem[] = []
  private partnerList: readonly PartnerItem[] = []
  /** The whole answer of GET /api/tbMenuInfo/queryAll, serialised once per version. */
  menuReply = new PreparedJson(ok(this.menuList))
  /** The whole answer of GET /api/common/partners. */
  partnersReply = new PreparedJson(ok(this.partnerList))

  constructor(db: Kysely<Database>) {
    this.db = db
  }

  /** The header menu in display order, exactly the `data` of GET /api/tbMenuInfo/queryAll. */
  async menus(): Promise<readonly MenuItem[]> {
    return this.menuList
  }

  /** The footer partners in display order, exactly the `data` of GET /api/common/partners. */
  async partners(): Promise<readonly PartnerItem[]> {
    return this.partnerList
  }

  async reload(changed: CountedTable[]): Promise<void> {
    if (changed.includes('menus')) {
      const rows = await this.db
        .selectFrom('menus')
        .select(['id', 'key', 'title', 'url', 'hot'])
        .orderBy('sort')
        .orderBy('id')
        .execute()
      this.menuList = frozen(
        rows.map((r) => ({ id: r.id, key: r.key, title: r.title, url: r.url, hot: Number(r.hot) === 1 })),
      )
      this.menuReply = new PreparedJson(ok(this.menuList))
    }
    if (changed.includes('partners')) {
      const rows = await this.db
        .selectFrom('partners')
        .select(['id', 'name', 'logo', 'url'])
        .orderBy('sort')
        .orderBy('id')
        .execute()
      this.partnerList = frozen(rows.map((r) => ({ id: r.id, name: r.name, logo: r.logo, url: r.url })))
      this.partnersReply = new PreparedJson(ok(this.partnerList))
    }
  }
}
