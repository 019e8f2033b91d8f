import { describe, expect, it } from 'vitest'
import { stageAt } from '../../definitions/competition/phases.ts'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp()

describe('GET /api/tbCompetitionInfo/list (home page, search)', () => {
  it('lists every active definition once, live competitions before upcoming, judging and finished ones', async () => {
    const body = await t.api.get('/api/tbCompetitionInfo/list')
    expect(body.code).toBe(200)
    const rows = body.data as Array<{ slug: string; stage: string; feeYuan?: string; cover: { src: string } }>
    const defined = t.server.app.competitions.all()
    expect(rows.map((r) => r.slug).sort()).toEqual(defined.map((c) => c.slug).sort())
    const order = ['registering', 'submitting', 'upcoming', 'judging', 'finished']
    const ranks = rows.map((r) => order.indexOf(r.stage))
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    for (const row of rows) {
      const c = defined.find((d) => d.slug === row.slug)
      expect(row.stage).toBe(c && stageAt(c.phases, Date.now()))
      expect(row.feeYuan !== undefined).toBe(Boolean(c?.pay))
      expect(row.cover.src).toBe(c?.cover.src)
    }
  })
})
