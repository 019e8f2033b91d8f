import { useEffect, useState } from 'react'
import type { DictItem, RegionNode } from '../api/common.ts'

// Codes become labels once the lookups finish (SPEC §4 "Work detail"): until then a hook answers
// undefined and the screen shows nothing in the label's place. The API module loads lazily, so a
// server-rendered page that only needs a label adds no HTTP client to its first paint.

/** The labels of a dictionary (GET /common/type/{name}) by code; undefined while loading or failed, or for name ''. */
export function useDictLabels(name: string): ReadonlyMap<string, string> | undefined {
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>()
  useEffect(() => {
    // '' asks for nothing: the caller has the labels already.
    if (!name) return
    let live = true
    import('../api/common.ts')
      .then((api) => api.getDict(name))
      .then((items: DictItem[]) => live && setLabels(new Map(items.map((i) => [i.dictCode, i.dictLabel]))))
      // The API client has shown why; the code's label simply stays empty.
      .catch(() => {})
    return () => {
      live = false
    }
  }, [name])
  return labels
}

/** The names from the province down to the region `id` in the tree, or [] when it is not there. */
export function regionPath(tree: ReadonlyArray<RegionNode>, id: string): string[] {
  for (const node of tree) {
    if (node.id === id) return [node.name]
    const below = node.subLevel ? regionPath(node.subLevel, id) : []
    if (below.length) return [node.name, ...below]
  }
  return []
}

/** A region id's names from the region tree (GET /common/treeRegionByType); undefined while unknown. */
export function useRegionNames(id: string | undefined): string[] | undefined {
  const [names, setNames] = useState<string[]>()
  useEffect(() => {
    if (!id) return
    let live = true
    import('../api/common.ts')
      .then((api) => api.getRegionTree())
      .then((tree) => {
        const found = regionPath(tree, id)
        if (live && found.length) setNames(found)
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [id])
  return names
}
