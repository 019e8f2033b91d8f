import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { routeRegistryFile } from '../../scripts/lib/route-registry.ts'
import { ROUTE_MODULES } from '../../server/routes/registry.ts'
import { tempDir } from '../support/temp-dir.ts'

const ROUTES = path.resolve(import.meta.dirname, '../../server/routes')

/** The route files another route file imports: the parts a module is made of. */
function importedBySiblings(): Set<string> {
  const parts = new Set<string>()
  for (const file of fs.readdirSync(ROUTES).filter((f) => f !== 'registry.ts')) {
    const text = fs.readFileSync(path.join(ROUTES, file), 'utf8')
    for (const m of text.matchAll(/from '\.\/([a-z0-9-]+)\.ts'/g)) parts.add(m[1]!)
  }
  return parts
}

describe('the route modules registry (server/routes/registry.ts)', () => {
  it('holds every route file, except the parts other route files import', () => {
    const listed = new Set(
      Object.keys(ROUTE_MODULES).map((key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)),
    )
    const parts = importedBySiblings()
    for (const file of fs.readdirSync(ROUTES).filter((f) => f.endsWith('.ts') && f !== 'registry.ts')) {
      const stem = file.slice(0, -3)
      // A file nobody imports and the registry does not list would never be registered.
      expect(listed.has(stem) || parts.has(stem), `${file} is neither a route module nor part of one`).toBe(
        true,
      )
      // A part registered on its own as well would answer its routes twice.
      expect(listed.has(stem) && parts.has(stem), `${file} is listed and also part of a module`).toBe(false)
    }
    expect(Object.values(ROUTE_MODULES).every((plugin) => typeof plugin === 'function')).toBe(true)
  })

  it('lists a new file that exports an async …Routes plugin, keyed by its camel-case name', () => {
    const root = tempDir('route-registry')
    fs.mkdirSync(path.join(root, 'server/routes'), { recursive: true })
    const write = (file: string, text: string) =>
      fs.writeFileSync(path.join(root, 'server/routes', file), text)
    write('gift-cards.ts', 'export async function giftCardRoutes(app) {}\n')
    write('gift-cards-schema.ts', 'export const schema = {}\n')
    write('gift-cards-part.ts', 'export function giftCardPartRoutes(app) {}\n')
    const [file, text] = routeRegistryFile(root)
    expect(file).toBe('server/routes/registry.ts')
    expect(text).toContain("import { giftCardRoutes } from './gift-cards.ts'")
    expect(text).toContain('  giftCards: giftCardRoutes,')
    expect(text).not.toContain('gift-cards-schema')
    expect(text).not.toContain('gift-cards-part')
    write('two.ts', 'export async function aRoutes(app) {}\nexport async function bRoutes(app) {}\n')
    expect(() => routeRegistryFile(root)).toThrow('server/routes/two.ts exports 2 route plugins')
  })
})
