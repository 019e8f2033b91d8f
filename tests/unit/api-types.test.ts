import fs from 'node:fs'
import path from 'node:path'
import type { FromSchema } from 'json-schema-to-ts'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { provinceSchema, RegionNode } from '../../schemas/api/common.ts'
import type { payStatusSchema } from '../../schemas/api/payment.ts'
import type { PayStatus } from '../../schemas/payment.ts'

/**
 * The SPA's side of "each API data type is written once" (the server's side is
 * tests/server/api-types.test.ts): the client modules in src/api declare no shapes of their own, and
 * every type they ask the envelope for comes from schemas/ (or a definitions view). The type-level checks below run in
 * `npm run typecheck`.
 */
const API_DIR = path.resolve(import.meta.dirname, '../../src/api')
/** The transport itself: envelope, errors and hooks, not data. */
const TRANSPORT = new Set(['http.ts', 'http-hooks.ts', 'http-messages.ts'])
const clients = fs.readdirSync(API_DIR).filter((f) => f.endsWith('.ts') && !TRANSPORT.has(f))

/**
 * Names a module imports from schemas/, or from the definitions' API views (definitions/<kind>/view.ts:
 * a competition or event as the API answers it extends the definitions' own types, and schemas/
 * imports nothing outside itself).
 */
function namesFromSchemas(source: string): Set<string> {
  const names = new Set<string>()
  for (const [, list] of source.matchAll(
    /import(?: type)? \{([^}]*)\} from '(?:\.\.\/)+(?:schemas\/[^']+|definitions\/\w+\/view\.ts)'/g,
  )) {
    for (const name of (list ?? '').split(',')) {
      const bare = name.replace(/\btype\b/, '').trim()
      if (bare) names.add(bare)
    }
  }
  return names
}

/** Shapes written in a client module: interfaces, object type aliases, inline object type arguments. */
function ownShapes(file: string, source: string): string[] {
  const found: string[] = []
  for (const [declaration] of source.matchAll(/^\s*(?:export )?(?:interface \w+|type \w+ = [^\n]*\{)/gm))
    found.push(`${file}: ${declaration.trim()}`)
  const imported = namesFromSchemas(source)
  for (const [, fn, argument] of source.matchAll(
    /\b(getData|postData|getTable)<([^>(]*(?:<[^>]*>)?[^>(]*)>\(/g,
  )) {
    const names = (argument ?? '').match(/[A-Za-z_]\w*/g) ?? []
    const own = names.filter((n) => !['void', 'null', 'undefined'].includes(n) && !imported.has(n))
    if ((argument ?? '').includes('{') || own.length) found.push(`${file}: ${fn}<${argument}>`)
  }
  return found
}

describe('src/api declares no data types of its own', () => {
  it('every client module takes its data types from schemas/', () => {
    expect(clients.length).toBeGreaterThanOrEqual(9)
    const found = clients.flatMap((file) =>
      ownShapes(file, fs.readFileSync(path.join(API_DIR, file), 'utf8')),
    )
    expect(found).toEqual([])
  })

  it('would notice an interface, an inline shape or a type not from schemas/', () => {
    const source = [
      "import type { MenuItem } from '../../schemas/api/site.ts'",
      'export interface Partner { id: number }',
      "export const a = () => getData<MenuItem[]>('/a')",
      "export const b = () => postData<{ token: string }>('/b')",
      "export const c = () => getTable<Partner>('/c')",
      "export const d = () => postData<void>('/d')",
    ].join('\n')
    expect(ownShapes('x.ts', source)).toEqual([
      'x.ts: export interface Partner',
      'x.ts: postData<{ token: string }>',
      'x.ts: getTable<Partner>',
    ])
  })

  it('keeps the hand-written types equal to the schemas they stand beside (checked by the typecheck)', () => {
    // RegionNode is recursive, which FromSchema cannot express: a province of the tree's schema is one.
    expectTypeOf<FromSchema<typeof provinceSchema>>().toExtend<RegionNode>()
    // The pay-status schema lists every PAY_STATUS code and nothing else.
    expectTypeOf<FromSchema<typeof payStatusSchema>>().toEqualTypeOf<PayStatus>()
  })
})
