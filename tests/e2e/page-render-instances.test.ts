import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedBulkDesigners } from '../../server/db/seed/people.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * Two servers in one process render their own pages. The renderer (dist/ssr, from `npm run build`) is
 * loaded once per process and its API client is one module-wide instance, so the bench and tests that
 * build one app per database used to send the second app's loaders to the first app — a closed one
 * answered 网络连接失败 and the page fell back to the browser; an open one answered with its data.
 */
const STATIC_DIR = path.resolve(import.meta.dirname, '../../dist')
let first: Awaited<ReturnType<typeof createTestApp>>
let second: Awaited<ReturnType<typeof createTestApp>>

beforeAll(async () => {
  first = await createTestApp({ staticDir: STATIC_DIR })
  second = await createTestApp({ staticDir: STATIC_DIR })
  // The second directory holds 5 more designers than the first.
  await seedBulkDesigners(second.app.db, 5)
})
let firstClosed = false
afterAll(async () => {
  if (!firstClosed) await first?.close()
  await second?.close()
})

let renders = 0

/** The designer count a rendered directory page prints (共 N 位设计师), or undefined if not rendered. */
async function renderedTotal(server: typeof first) {
  // An address of its own each time: a server keeps a rendered page 30 s, keyed by the parameters the
  // page reads — `page=01` is page 1 spelt anew.
  const url = `/designer/index?page=${'0'.repeat(++renders)}1`
  const res = await server.app.inject({ url, headers: { host: 'localhost' } })
  expect(res.statusCode).toBe(200)
  const match = res.body.replaceAll('<!-- -->', '').match(/共 (\d+) 位设计师/)
  return match ? Number(match[1]) : undefined
}

describe('server rendering with several servers in one process', () => {
  it('renders each server’s page from its own data, before and after the other one closes', async () => {
    const own = await renderedTotal(first)
    expect(own).toBeGreaterThan(0)
    expect(await renderedTotal(second)).toBe(own! + 5)
    await first.close()
    firstClosed = true
    expect(await renderedTotal(second)).toBe(own! + 5)
  })
})
