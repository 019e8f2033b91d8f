import type { Kysely, Selectable } from 'kysely'
import type { DictItem, RegionLevelItem, RegionNode } from '../../schemas/api/common.ts'
import type { Database, DictionaryTable, RegionTable } from '../db/schema.ts'
import { ok } from '../lib/envelope.ts'
import { PreparedJson } from './prepared-json.ts'
import type { CountedTable, VersionedCache } from './reference-versions.ts'

/**
 * One snapshot of the regions and dictionaries, served from memory, with the whole answers of the
 * dictionary, tree and level routes prepared once (PreparedJson). Never changed after it is built:
 * ReferenceStore swaps in a new snapshot when a table's version moves.
 */
declare module 'fastify' {
  interface FastifyInstance {
    reference: ReferenceData
  }
}

export class ReferenceData {
  readonly tree: RegionNode[]
  readonly byId: Map<string, { id: string; name: string; level: number; parentId: string | null }>
  readonly children: Map<string | null, RegionNode[]>
  readonly dictionaries: Map<string, DictItem[]>
  /** GET /api/common/treeRegionByType. */
  readonly treeReply: PreparedJson
  private readonly dictionaryReplies = new Map<string, PreparedJson>()
  private readonly levelReplies = new Map<string | null, PreparedJson>()
  private readonly noLevel = new PreparedJson(ok([]))

  constructor(regions: Selectable<RegionTable>[], dicts: Selectable<DictionaryTable>[]) {
    this.byId = new Map(
      regions.map((r) => [r.id, { id: r.id, name: r.name, level: r.level, parentId: r.parent_id }]),
    )
    this.children = new Map()
    const nodes = new Map<string, RegionNode>()
    for (const r of [...regions].sort((a, b) => a.id.localeCompare(b.id))) {
      const node: RegionNode =
        r.level < 3
          ? { id: r.id, name: r.name, level: r.level, subLevel: [] }
          : { id: r.id, name: r.name, level: r.level }
      nodes.set(r.id, node)
      const siblings = this.children.get(r.parent_id) ?? []
      siblings.push(node)
      this.children.set(r.parent_id, siblings)
    }
    for (const [parent, list] of this.children) {
      const parentNode = parent ? nodes.get(parent) : undefined
      if (parentNode?.subLevel) parentNode.subLevel.push(...list)
    }
    this.tree = this.children.get(null) ?? []
    this.dictionaries = new Map()
    for (const d of [...dicts].sort((a, b) => a.dict_sort - b.dict_sort)) {
      const list = this.dictionaries.get(d.dict_type) ?? []
      list.push({ dictCode: d.dict_code, dictLabel: d.dict_label, dictSort: d.dict_sort })
      this.dictionaries.set(d.dict_type, list)
    }
    this.treeReply = new PreparedJson(ok(this.tree))
    for (const [name, items] of this.dictionaries)
      this.dictionaryReplies.set(name, new PreparedJson(ok(items)))
    for (const [parent, list] of this.children) {
      const level: RegionLevelItem[] = list.map(({ id, name, level, subLevel }) => ({
        id,
        name,
        level,
        hasChildren: !!subLevel?.length,
      }))
      this.levelReplies.set(parent, new PreparedJson(ok(level)))
    }
  }

  /** GET /api/common/type/{name}; undefined for an unknown dictionary. */
  dictionaryReply(name: string): PreparedJson | undefined {
    return this.dictionaryReplies.get(name)
  }

  /** GET /api/common/treeRegion: the provinces (null) or a region's children (none for an unknown id). */
  levelReply(parentId: string | null): PreparedJson {
    return this.levelReplies.get(parentId) ?? this.noLevel
  }

  /**
   * A region a form may store: a district, or a city that has no districts; with `levels` 2 (a form
   * that asks for province and city, the résumé's), any city or district.
   */
  isSelectableRegion(id: string, levels = 3): boolean {
    const region = this.byId.get(id)
    if (!region || region.level < 2) return false
    return region.level >= levels || !this.children.get(id)?.length
  }

  /** Province → … → the region itself. */
  regionPath(id: string): Array<{ id: string; name: string; level: number }> {
    const path: Array<{ id: string; name: string; level: number }> = []
    let current = this.byId.get(id)
    while (current) {
      path.unshift({ id: current.id, name: current.name, level: current.level })
      current = current.parentId ? this.byId.get(current.parentId) : undefined
    }
    return path
  }

  /**
   * The ids of the regions a place name covers: each region so named (or whose name starts with it,
   * for 2 characters or more: 苏州 finds 苏州市), and every region below it.
   */
  regionsNamed(keyword: string): string[] {
    const out: string[] = []
    const walk = (id: string) => {
      out.push(id)
      for (const child of this.children.get(id) ?? []) walk(child.id)
    }
    for (const region of this.byId.values()) {
      if (region.name === keyword || (keyword.length >= 2 && region.name.startsWith(keyword))) walk(region.id)
    }
    return out
  }

  dictLabel(type: string, code: string): string | undefined {
    return this.dictionaries.get(type)?.find((d) => d.dictCode === code)?.dictLabel
  }
}

/**
 * The current ReferenceData of this instance (`app.reference` reads `current`), rebuilt when the
 * ReferenceWatcher sees the regions or dictionaries version move. The table that did not move is
 * not read again.
 */
export class ReferenceStore implements VersionedCache {
  readonly tables = ['dictionaries', 'regions'] as const satisfies readonly CountedTable[]
  private readonly db: Kysely<Database>
  private regions: Selectable<RegionTable>[] = []
  private dicts: Selectable<DictionaryTable>[] = []
  current: ReferenceData = new ReferenceData([], [])

  constructor(db: Kysely<Database>) {
    this.db = db
  }

  async reload(changed: CountedTable[]): Promise<void> {
    const [regions, dicts] = await Promise.all([
      changed.includes('regions') ? this.db.selectFrom('regions').selectAll().execute() : this.regions,
      changed.includes('dictionaries')
        ? this.db.selectFrom('dictionaries').selectAll().execute()
        : this.dicts,
    ])
    this.current = new ReferenceData(regions, dicts)
    this.regions = regions
    this.dicts = dicts
  }
}
