import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { seedDemoResults } from '../../server/db/seed/results.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'

/**
 * The demo data's published results (server/db/seed/results.ts; README "Demo accounts"): with the
 * repository's own competitions, the closed 2025qingtaiCompetition (103) has fictional entries, the
 * demo judges' sheets, the awards the definitions' ranking gives (per range 金1/银2/铜3/优秀6) and a
 * publication; the demo designer won 金奖; seeding again adds nothing. SQLite and PostgreSQL.
 */
const REPO = path.resolve(import.meta.dirname, '../..')
const t = useTestApp({ definitionsRoot: REPO })
const k = () => t.server.app.db.kysely

interface Results {
  ranges: Array<{
    value: string
    label: string
    awards: Array<{
      id: string
      title: string
      winners: Array<{ worksName: string; entrant: string; rank: number }>
    }>
  }>
}

describe('the demo competition with published results', () => {
  it('lists 12 winners per regular range in the definition’s award order, ranks following the ranking', async () => {
    const answer = await t.api.get('/api/competition/results/2025qingtaiCompetition')
    expect(answer.code).toBe(200)
    const data = answer.data as Results
    expect(data.ranges.map((r) => r.label)).toEqual([
      '日用产品',
      '在地工艺再设计',
      '再生材料与循环设计',
      '社区服务与公共设施',
    ])
    for (const range of data.ranges) {
      expect(range.awards.map((a) => [a.title, a.winners.length])).toEqual([
        ['金奖', 1],
        ['银奖', 2],
        ['铜奖', 3],
        ['优秀奖', 6],
      ])
      const ranks = range.awards.flatMap((a) => a.winners.map((w) => w.rank))
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
      expect(ranks[0]).toBe(1)
    }
    expect(data.ranges[0]!.awards[0]!.winners[0]).toMatchObject({
      worksName: '「栖光」折叠台灯',
      entrant: '陈思远',
    })
    // Everyone else is plainly fictional.
    const others = data.ranges
      .flatMap((r) => r.awards.flatMap((a) => a.winners))
      .filter((w) => w.entrant !== '陈思远')
    expect(others.every((w) => w.entrant.endsWith('（示例）'))).toBe(true)
  })

  it('the demo designer sees 金奖 with the final round’s comments in 我的赛事; the demo judges judge 103', async () => {
    const token = await t.api.login(DEMO.designer, DEMO.password)
    const list = (await t.api.get('/api/user/getCompetition', token)).data as Array<{
      competitionId: number
      results: {
        works: Array<{
          award: { title: string } | null
          rank: number
          comments: Array<{ roundTitle: string; judge: string }>
        }>
      } | null
    }>
    const entry = list.find((c) => c.competitionId === 103)!
    expect(entry.results!.works).toHaveLength(1)
    const [work] = entry.results!.works
    expect(work!.award!.title).toBe('金奖')
    expect(work!.rank).toBe(1)
    expect(work!.comments.length).toBeGreaterThan(0)
    expect(new Set(work!.comments.map((c) => c.roundTitle))).toEqual(new Set(['终评']))
    expect(work!.comments[0]!.judge).toBe('评委一')
    const judges = await k()
      .selectFrom('staff_roles as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select('u.account')
      .where('s.role', '=', 'judge')
      .where('s.competition_id', '=', 103)
      .orderBy('u.account')
      .execute()
    expect(judges.map((j) => j.account)).toEqual(['13800000011', '13800000012', '13800000013'])
  })

  it('every demo entry of the paid competition has its fee paid by an order, so 我的赛事 says 已缴费', async () => {
    const token = await t.api.login(DEMO.designer, DEMO.password)
    const list = (await t.api.get('/api/user/getCompetition', token)).data as Array<{
      competitionId: number
      paid: boolean
      payRequired: boolean
    }>
    expect(list.find((c) => c.competitionId === 103)).toMatchObject({ payRequired: true, paid: true })
    // Paid online (the sandbox cashier): the balance is unchanged, the fee's 200 points are added
    // to the 360 of README "Demo accounts".
    expect((await t.api.get('/api/my/getUserMoney', token)).data).toMatchObject({
      money: '1,280.00',
      integral: 560,
    })
    const unpaid = await k()
      .selectFrom('competition_registrations')
      .select('id')
      .where('competition_id', '=', 103)
      .where('paid_order_id', 'is', null)
      .execute()
    expect(unpaid).toEqual([])
    // Each fee is a settled order of the entrant for 103, paid before the submission deadline.
    const orders = await k()
      .selectFrom('competition_registrations as r')
      .innerJoin('orders as o', 'o.id', 'r.paid_order_id')
      .select([
        'o.user_id',
        'r.user_id as entrant',
        'o.status',
        'o.amount_fen',
        'o.competition_id',
        'o.paid_at',
      ])
      .where('r.competition_id', '=', 103)
      .execute()
    expect(orders.length).toBeGreaterThan(0)
    for (const o of orders) {
      expect(o).toMatchObject({ user_id: o.entrant, status: 3, amount_fen: 20000, competition_id: 103 })
      expect(Date.parse(o.paid_at!)).toBeLessThan(Date.parse('2025-09-15T17:00:00+08:00'))
    }
  })

  it('seeding again adds nothing', async () => {
    const count = async () =>
      Promise.all(
        (
          [
            'users',
            'orders',
            'competition_works',
            'judging_sheets',
            'result_awards',
            'result_publications',
            'staff_roles',
          ] as const
        ).map(async (table) =>
          Number(
            (
              await k()
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      )
    const before = await count()
    await seedDemoResults({ db: t.server.app.db, storage: t.server.app.storage })
    expect(await count()).toEqual(before)
  })
})
