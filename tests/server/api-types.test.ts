import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../support/use-test-app.ts'

/**
 * The API's data types are written once, in schemas/api/ (schemas/api/json.ts says how): each route's
 * response schema puts one of those objects itself in its envelope, and the SPA takes its types from
 * the same objects. A route that spells its data out afresh — or copies, spreads or wraps a shared
 * one — would let the server's answer and the SPA's type drift apart again, so it fails here.
 */
const t = useTestApp()

const API_SCHEMAS = path.resolve(import.meta.dirname, '../../schemas/api')

/** Every object that a module of schemas/api exports, with the name it goes by. */
async function sharedSchemas(): Promise<Map<unknown, string>> {
  const shared = new Map<unknown, string>()
  for (const file of fs.readdirSync(API_SCHEMAS).filter((f) => f.endsWith('.ts'))) {
    const module = (await import(path.join(API_SCHEMAS, file))) as Record<string, unknown>
    for (const [name, value] of Object.entries(module)) {
      if (value && typeof value === 'object') shared.set(value, `schemas/api/${file} ${name}`)
    }
  }
  return shared
}

type JsonSchema = { type?: unknown; items?: unknown; properties?: Record<string, unknown> }

/** What a route answers inside its envelope: `data`, or the items of a table's `rows`. */
function dataSchemaOf(response: unknown): { what: string; schema: unknown } | undefined {
  const ok = (response as Record<string, JsonSchema> | undefined)?.[200]
  const properties = ok?.properties ?? {}
  if (properties.data) return { what: 'data', schema: properties.data }
  const rows = properties.rows as JsonSchema | undefined
  if (rows) return { what: 'rows', schema: { type: 'array', items: rows.items } }
  return undefined
}

type Route = { method: string; url: string; schema?: { response?: unknown } }

/** The routes whose data schema is not one of schemas/api, and how many routes with data were walked. */
function strays(routes: Route[], shared: Map<unknown, string>) {
  const found: string[] = []
  let checked = 0
  for (const route of routes) {
    if (!route.url.startsWith('/api/') || route.method === 'HEAD') continue
    const data = dataSchemaOf(route.schema?.response)
    if (!data) continue
    checked++
    const schema = data.schema as JsonSchema
    const isShared =
      shared.has(schema) ||
      (schema.type === 'array' && Object.keys(schema).length === 2 && shared.has(schema.items))
    if (!isShared)
      found.push(`${route.method} ${route.url}: its ${data.what} schema is not one of schemas/api`)
  }
  return { found, checked }
}

describe('the API’s data types have one definition', () => {
  it('every route’s data schema is an object exported by schemas/api (or a list of one)', async () => {
    const { found, checked } = strays(t.server.app.routeCatalog, await sharedSchemas())
    expect(found).toEqual([])
    // Every JSON route with data is walked, not a vacuous pass: 29 of them when this was written.
    expect(checked).toBeGreaterThanOrEqual(29)
  })

  it('refuses a data schema equal to a shared one but written again, and one wrapped in a copy', async () => {
    const shared = await sharedSchemas()
    const menu = t.server.app.routeCatalog.find((r) => r.url === '/api/tbMenuInfo/queryAll')
    const response = menu?.schema?.response as Record<string, JsonSchema>
    const list = response[200]?.properties?.data as JsonSchema
    const withData = (data: unknown) => ({ 200: { properties: { code: {}, msg: {}, data } } })
    const copies: Route[] = [
      { method: 'GET', url: '/api/copied', schema: { response: withData(structuredClone(list)) } },
      { method: 'GET', url: '/api/spread', schema: { response: withData({ ...list, nullable: true }) } },
      {
        method: 'GET',
        url: '/api/item-copied',
        schema: { response: withData({ ...(list.items as object) }) },
      },
      { method: 'GET', url: '/api/shared', schema: { response: withData(list.items) } },
    ]
    expect(strays(copies, shared).found).toEqual([
      'GET /api/copied: its data schema is not one of schemas/api',
      'GET /api/spread: its data schema is not one of schemas/api',
      'GET /api/item-copied: its data schema is not one of schemas/api',
    ])
  })
})
