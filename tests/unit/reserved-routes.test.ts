import { describe, expect, it } from 'vitest'
import { isReservedSegment, RESERVED_SEGMENTS } from '../../definitions/core/reserved.ts'
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

describe('reserved route segments', () => {
  it('lists every first segment of the SPA’s own routes, so no competition slug can shadow one', () => {
    const segments = [...firstSegments(routes)]
    expect(segments.length).toBeGreaterThan(15)
    expect(segments.filter((segment) => !isReservedSegment(segment))).toEqual([])
  })

  it('compares without case, as people type addresses', () => {
    expect(isReservedSegment('Mine')).toBe(true)
    expect(isReservedSegment('2026abcCompetition')).toBe(false)
    expect(new Set(RESERVED_SEGMENTS).size).toBe(RESERVED_SEGMENTS.length)
  })
})
