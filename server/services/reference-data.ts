import type { Kysely, Selectable } from 'kysely'
import type { Database, DictionaryTable, RegionTable } from '../db/schema.ts'

export interface RegionNode {
  id: string
  name: string
  level: number
  /** Present on levels 1 and 2 only: level-3 options have no children (SPEC §5). */
  subLevel?: RegionNode[]
}

export interface DictItem {
  dictCode: string
  dictLabel: string
  dictSort: number
}

/**
 * Regions and dictionaries change only with a new seed, so they are read once and served from
 * memory; `version` feeds the ETag of the region tree.
 */
export class ReferenceData {
  readonly tree: RegionNode[]
  readonly byId: Map<string, { id: string; name: string; level: number; parentId: string | null }>
  readonly children: Map<string | null, RegionNode[]>
  readonly dictionaries: Map<string, DictItem[]>

  private constructor(regions: Selectable<RegionTable>[], dicts: Selectable<DictionaryTable>[]) {
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
  }

  static async load(db: Kysely<Database>): Promise<ReferenceData> {
    const [regions, dicts] = await Promise.all([
      db.selectFrom('regions').selectAll().execute(),
      db.selectFrom('dictionaries').selectAll().execute(),
    ])
    return new ReferenceData(regions, dicts)
  }

  /** A leaf a form may store: a district, or a city that has no districts. */
  isSelectableRegion(id: string): boolean {
    const region = this.byId.get(id)
    return !!region && (region.level === 3 || (region.level === 2 && !this.children.get(id)?.length))
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

  dictLabel(type: string, code: string): string | undefined {
    return this.dictionaries.get(type)?.find((d) => d.dictCode === code)?.dictLabel
  }
}
