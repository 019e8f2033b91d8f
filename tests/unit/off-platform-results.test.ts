import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkAllDefinitions } from '../../definitions/check-all.ts'

/**
 * A closed competition judged before the platform (no `judging` or `awards`) has no results page:
 * /<slug>/results is the engine's only for results published here (issue 24 item 7). Its winners
 * are shown on its preview page, 获奖作品. So where its index speaks of the results, it says
 * where they are — it once said only 获奖名单公布 on 2024-11-20, and /2024qingtaiCompetition/results
 * answered 404.
 */
const repo = path.resolve(import.meta.dirname, '../..')
const offPlatform = checkAllDefinitions(repo).competitions.filter(
  (c) => !(c.judging && c.awards) && Date.parse(c.phases.results) < Date.now(),
)

type Entry = { type?: string; props?: Record<string, unknown> }
const sectionsOf = (c: (typeof offPlatform)[number]) => c.pages.index.sections as Entry[]

describe('closed competitions judged off the platform', () => {
  it('exist in the repository (2024qingtaiCompetition among them)', () => {
    expect(offPlatform.map((c) => c.slug)).toContain('2024qingtaiCompetition')
  })

  it.for(offPlatform.map((c) => [c.slug, c] as const))(
    '%s: its schedule’s results entry names the 获奖作品 page, and the index links to it',
    ([slug, c]) => {
      const items = sectionsOf(c)
        .filter((s) => s.type === 'timeline')
        .flatMap((s) => (s.props?.items ?? []) as Array<{ time?: string; title?: string; text?: string }>)
      const results = items.filter((i) => i.time === '{{phases.results}}')
      expect(results).toHaveLength(1)
      expect(results[0]!.text).toContain('获奖作品')
      expect(JSON.stringify(sectionsOf(c))).toContain(`"href":"/${slug}/preview"`)
    },
  )
})
