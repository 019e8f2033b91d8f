import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isReservedSegment, RESERVED_SEGMENTS } from '../../definitions/core/reserved.ts'
import { SITE_ROUTES } from '../../definitions/core/site-routes.ts'
import { routes } from '../../src/app/router.tsx'

/** The first path segment of every static route under the shell. */
function firstSegments(list: typeof routes, out = new Set<string>()): Set<string> {
  for (const route of list) {
    // Event pages (events/<slug>.json) sit at the paths their files name; the event checker keeps them
    // off core pages and competitions (tests/unit/event-check.test.ts).
    if (route.id?.startsWith('event:')) continue
    const first = route.path?.split('/')[0]
    if (first && !first.startsWith(':') && first !== '*') out.add(first)
    else if (route.children && !route.path) firstSegments(route.children, out)
    if (route.path === '/' && route.children) firstSegments(route.children, out)
  }
  return out
}

/** The full path of every page of the shell, '' for the home page, without the competitions' dynamic tree. */
function sitePaths(list: typeof routes, prefix = '', out = new Set<string>()): Set<string> {
  for (const route of list) {
    if (route.path?.startsWith(':') || route.path === '*') continue
    // Event pages come from events/ (definitions/known-routes.ts reads them there).
    if (route.id?.startsWith('event:')) continue
    const here = route.path === '/' ? '' : [prefix, route.path].filter(Boolean).join('/')
    if (route.index || (route.path && route.path !== '/' && !route.children)) out.add(here)
    if (route.children) sitePaths(route.children, here, out)
  }
  return out
}

describe('the site routes links in definitions may lead to', () => {
  it('are exactly the SPA’s own pages (definitions/core/site-routes.ts follows src/app/router.tsx)', () => {
    expect([...sitePaths(routes)].sort()).toEqual([...SITE_ROUTES].sort())
  })
})

describe('reserved route segments', () => {
  it('lists every first segment of the SPA’s own routes, so no competition slug can shadow one', () => {
    const segments = [...firstSegments(routes)]
    expect(segments.length).toBeGreaterThan(15)
    expect(segments.filter((segment) => !isReservedSegment(segment))).toEqual([])
  })

  it('lists every top-level entry of public/, so no competition slug can shadow a served file', () => {
    const served = fs.readdirSync(path.resolve(import.meta.dirname, '../../public'))
    expect(served.length).toBeGreaterThan(3)
    expect(served.filter((entry) => !isReservedSegment(entry))).toEqual([])
  })

  it('compares without case, as people type addresses', () => {
    expect(isReservedSegment('Mine')).toBe(true)
    expect(isReservedSegment('2026abcCompetition')).toBe(false)
    expect(new Set(RESERVED_SEGMENTS).size).toBe(RESERVED_SEGMENTS.length)
  })
})
