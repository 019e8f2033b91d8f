import { describe, expect, it } from 'vitest'
import { DEMO_DESIGNERS, DEMO_TALENTS } from '../../server/db/seed/people-data.ts'
import { designerQueries } from '../../server/services/people.ts'
import { searchKind } from '../../server/services/search-index.ts'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp()

/** The demo designers plus the demo account's own profile (陈思远, certified by the seed). */
const DESIGNERS = DEMO_DESIGNERS.length + 1
const q = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()
const list = (params: Record<string, string | number> = {}) => t.api.get(`/api/designer/list?${q(params)}`)
type Row = {
  id: number
  username: string
  evaluateStandard: string
  professional: string
  cityNames: string[]
  approveDate: string
}

describe('designer directory (GET /api/designer/list)', () => {
  it('lists every profile, newest certification first, in the SPEC §3 Designer shape', async () => {
    const all = await list({ pageSize: 50 })
    expect(all.code).toBe(200)
    expect(all.total).toBe(DESIGNERS)
    const dates = all.rows.map((r: Row) => r.approveDate)
    expect(dates).toEqual([...dates].sort().reverse())
    const shen = all.rows.find((r: Row) => r.username === '沈栖梧')
    expect(shen).toMatchObject({
      profilePhoto: 'avatars/designer-02.svg',
      evaluateStandard: '5',
      isAmbassador: 1,
      excellentStatus: 1,
      isInvite: 0,
      cityNames: ['江苏省', '苏州市'],
      professional: '1',
      worksNumber: 0,
      prizes: [
        { prizeId: 'P101', prizeGrade: '1' },
        { prizeId: 'P501', prizeGrade: '1' },
      ],
      patents: [
        { num: 12, patentType: '3' },
        { num: 4, patentType: '2' },
      ],
      projects: [
        { num: 26, projectType: '1' },
        { num: 3, projectType: '3' },
      ],
      userCertificate: { certificateUrl: expect.stringMatching(/^\/api\/certificate\/KBC\d{11}\/image$/) },
    })
    // A municipality shows its district, not the placeholder level 市辖区.
    expect(all.rows.find((r: Row) => r.username === '顾言蹊').cityNames).toEqual(['上海市', '徐汇区'])
    // The certificate image the card shows is the real one.
    const image = await t.server.app.inject({ url: shen.userCertificate.certificateUrl })
    expect(image.headers['content-type']).toContain('image/svg+xml')
    expect(image.body).toContain('沈栖梧')
    // The demo account has its own profile, dated from the certification the seed paid for.
    expect(all.rows.find((r: Row) => r.username === '陈思远')).toMatchObject({
      evaluateStandard: '3',
      isAmbassador: 1,
    })
  })

  it('filters by evaluation standard, professional and region (a province or city covers its districts)', async () => {
    const masters = await list({ evaluateStandard: 5, pageSize: 50 })
    expect(masters.total).toBe(DEMO_DESIGNERS.filter((d) => d.standard === '5').length)
    expect(masters.rows.every((r: Row) => r.evaluateStandard === '5')).toBe(true)

    const visual = await list({ professional: 3, pageSize: 50 })
    expect(visual.total).toBe(DEMO_DESIGNERS.filter((d) => d.field === '3').length)
    expect(visual.rows.every((r: Row) => r.professional === '3')).toBe(true)

    const jiangsu = await list({ cityId: '320000', pageSize: 50 })
    // The demo account (陈思远, 虎丘区) is in 江苏 too.
    expect(jiangsu.total).toBe(DEMO_DESIGNERS.filter((d) => d.city.startsWith('32')).length + 1)
    expect(jiangsu.rows.every((r: Row) => r.cityNames[0] === '江苏省')).toBe(true)
    const suzhou = await list({ cityId: '320500', pageSize: 50 })
    expect(suzhou.rows.map((r: Row) => r.username).sort()).toEqual(['沈栖梧', '罗以宁', '陈思远'].sort())
    const district = await list({ cityId: '320508' })
    expect(district.rows.map((r: Row) => r.username)).toEqual(['沈栖梧'])
    // A city without districts (东莞) is a leaf of its own.
    expect((await list({ cityId: '441900' })).rows.map((r: Row) => r.username)).toEqual(['杜衡之'])

    const both = await list({ cityId: '320000', professional: 1, evaluateStandard: 3 })
    expect(both.rows.map((r: Row) => r.username)).toEqual(['陈思远'])
    expect((await list({ evaluateStandard: 99 })).total).toBe(0)
    // An empty filter is no filter.
    expect((await t.api.get('/api/designer/list?evaluateStandard=&cityId=&keyword=')).total).toBe(DESIGNERS)
  })

  it('finds designers by part of a name, a city or a studio through the search index', async () => {
    expect((await list({ keyword: '栖梧' })).rows.map((r: Row) => r.username)).toEqual(['沈栖梧'])
    expect((await list({ keyword: '蹊径' })).rows.map((r: Row) => r.username)).toEqual(['顾言蹊'])
    const inSuzhou = (await list({ keyword: '苏州', pageSize: 50 })).rows.map((r: Row) => r.username)
    expect(inSuzhou).toEqual(expect.arrayContaining(['沈栖梧', '罗以宁', '陈思远']))
    expect((await list({ keyword: '？？' })).total).toBe(0)
  })

  it('pages with pageNum and pageSize: the last page holds the rest, beyond it is empty with the same total', async () => {
    const size = 7
    const pages = Math.ceil(DESIGNERS / size)
    const seen = new Set<number>()
    for (let page = 1; page <= pages; page++) {
      const res = await list({ pageNum: page, pageSize: size })
      expect(res.total).toBe(DESIGNERS)
      expect(res.rows.length).toBe(page < pages ? size : DESIGNERS - size * (pages - 1))
      for (const r of res.rows) seen.add(r.id)
    }
    expect(seen.size).toBe(DESIGNERS)
    expect(await list({ pageNum: pages + 1, pageSize: size })).toEqual({
      code: 200,
      msg: '操作成功',
      rows: [],
      total: DESIGNERS,
    })
    // The default page: 10.
    expect((await list()).rows.length).toBe(10)
  })

  it('refuses bad parameters with a Chinese 400, never a 5xx', async () => {
    for (const params of [
      'evaluateStandard=abc',
      'professional=1%27%20or%201%3D1',
      'cityId=32',
      'cityId=3200001',
      'pageNum=0',
      'pageSize=51',
      'pageNum=1e309',
      `keyword=${'长'.repeat(41)}`,
      'pageSize=2&pageSize=3',
    ]) {
      const res = await t.server.app.inject({ url: `/api/designer/list?${params}` })
      expect(res.statusCode, params).toBe(200)
      expect(res.json(), params).toEqual({ code: 400, msg: '请求参数有误' })
    }
    for (const url of [
      '/api/designer/detail',
      '/api/designer/detail?id=0',
      '/api/designer/detail?id=abc',
      '/api/designer/detail?id=2147483648',
      '/api/talent/detail?id=-1',
      '/api/talent/list?schoolRecord=x',
    ]) {
      expect(await t.api.get(url), url).toEqual({ code: 400, msg: '请求参数有误' })
    }
  })

  it('reads each page from one index: no table scan and no sort, whatever the filter (SQLite plans)', async () => {
    if (t.server.app.db.dialect !== 'sqlite') return
    const db = t.server.app.db
    for (const filter of [
      {},
      { evaluateStandard: '3' },
      { professional: '2' },
      { cityId: '320000' },
      { cityId: '320508' },
    ]) {
      const { page, count } = designerQueries(db, filter, 500, 10)
      for (const query of [page, count]) {
        const compiled = query.compile()
        // `explain query plan` of the very statement, run through the driver with its parameters.
        const rows = await db.kysely.executeQuery({ ...compiled, sql: `explain query plan ${compiled.sql}` })
        const detail = (rows.rows as Array<{ detail: string }>).map((r) => r.detail).join('\n')
        expect(detail, JSON.stringify(filter)).toMatch(
          /USING (COVERING )?INDEX designer_profiles_|USING INTEGER PRIMARY KEY/,
        )
        expect(detail, JSON.stringify(filter)).not.toMatch(/TEMP B-TREE/)
        expect(detail, JSON.stringify(filter)).not.toMatch(/^SCAN designer_profiles$/m)
      }
    }
  })
})

describe('designer detail (GET /api/designer/detail)', () => {
  it('answers the profile with the studio, intro and certificate, and 404 in Chinese for a missing id', async () => {
    const [row] = (await list({ keyword: '云岫' })).rows
    const detail = await t.api.get(`/api/designer/detail?id=${row.id}`)
    expect(detail.data).toMatchObject({
      id: row.id,
      username: '苏云岫',
      studio: '云岫文创（示例）',
      cityId: '320106',
      cityNames: ['江苏省', '南京市'],
      isInvite: 1,
      certificateNumber: expect.stringMatching(/^KBC\d{11}$/),
    })
    expect(detail.data.intro).toContain('云锦')
    expect(await t.api.get('/api/designer/detail?id=999999')).toEqual({
      code: 404,
      msg: '该设计师不存在或未公开',
    })
  })
})

describe('talents (GET /api/talent/list, /api/talent/detail)', () => {
  it('lists, filters by school record and region, pages, and shows one with its portfolio', async () => {
    const all = await t.api.get('/api/talent/list?pageSize=50')
    expect(all.total).toBe(DEMO_TALENTS.length)
    expect(all.rows[0]).toMatchObject({
      name: '周望月',
      schoolRecord: '3',
      skills: ['产品造型', 'Rhino', 'KeyShot', '手绘'],
      cityNames: ['江苏省', '苏州市'],
    })
    const masters = await t.api.get('/api/talent/list?schoolRecord=4&pageSize=50')
    expect(masters.total).toBe(DEMO_TALENTS.filter((x) => x.record === '4').length)
    const sichuan = await t.api.get('/api/talent/list?cityId=510000')
    expect(sichuan.rows.map((r: { name: string }) => r.name).sort()).toEqual(['池砚', '华小禾'].sort())
    const page2 = await t.api.get('/api/talent/list?pageNum=2&pageSize=15')
    expect(page2.rows.length).toBe(DEMO_TALENTS.length - 15)
    expect((await t.api.get(`/api/talent/list?keyword=${encodeURIComponent('大漆')}`)).rows[0].name).toBe(
      '梅若华',
    )
    const detail = await t.api.get(`/api/talent/detail?id=${all.rows[0].id}`)
    expect(detail.data).toMatchObject({
      name: '周望月',
      images: ['talents/work-01.svg', 'talents/work-02.svg', 'talents/work-03.svg'],
    })
    expect(detail.data.intro).toContain('药盒')
    expect(await t.api.get('/api/talent/detail?id=999999')).toEqual({
      code: 404,
      msg: '该人才不存在或未公开',
    })
  })
})

describe('prize list (GET /api/common/listPrize) and the search index', () => {
  it('serves the prize groups with their items', async () => {
    const res = await t.api.get('/api/common/listPrize')
    expect(res.data.length).toBe(5)
    expect(res.data[0]).toEqual({
      groupValue: 'G1',
      groupLabel: '华夏工业设计奖（示例）',
      prizeList: [
        { prizeValue: 'P101', prizeLabel: '年度产品设计奖' },
        { prizeValue: 'P102', prizeLabel: '概念设计奖' },
        { prizeValue: 'P103', prizeLabel: '可持续设计奖' },
      ],
    })
  })

  it('indexes every designer and talent, found by part of a Chinese name, linking to the detail pages', async () => {
    const db = t.server.app.db
    const counts = await db.kysely
      .selectFrom('search_docs')
      .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
      .where('kind', 'in', ['设计师', '人才'])
      .groupBy('kind')
      .execute()
    expect(Object.fromEntries(counts.map((c) => [c.kind, Number(c.n)]))).toEqual({
      设计师: DESIGNERS,
      人才: DEMO_TALENTS.length,
    })
    const [row] = (await list({ keyword: '既明' })).rows
    expect((await searchKind(db, '既明', '设计师', 10)).rows).toEqual([
      {
        kind: '设计师',
        title: '方既明',
        snippet: '首席设计师 · 山东省 青岛市 · 机械设计制造及其自动化 · 既明交通设计（示例）',
        url: `/designer/detail?id=${row.id}`,
      },
    ])
    expect((await searchKind(db, '望月', '人才', 10)).rows[0]).toMatchObject({
      title: '周望月',
      url: expect.stringMatching(/^\/talent\/detail\?id=\d+$/),
    })
  })

  it('seeds once: a second seed adds nothing', async () => {
    const { seed } = await import('../../server/db/seed/index.ts')
    await seed(t.server.app.db)
    expect((await list()).total).toBe(DESIGNERS)
    expect((await t.api.get('/api/talent/list')).total).toBe(DEMO_TALENTS.length)
  })
})

describe('GET /api/designer/featured (home page)', () => {
  it('lists only featured designers, newest certification first, at most four', async () => {
    const body = await t.api.get('/api/designer/featured')
    expect(body.code).toBe(200)
    const rows = body.data as Array<{ id: number; approveDate: string }>
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThanOrEqual(4)
    const featured = await t.server.app.db.kysely
      .selectFrom('designer_profiles')
      .select('user_id')
      .where('featured', '=', 1)
      .execute()
    const ids = new Set(featured.map((f) => f.user_id))
    expect(rows.every((r) => ids.has(r.id))).toBe(true)
    const dates = rows.map((r) => r.approveDate)
    expect(dates).toEqual([...dates].sort().reverse())
  })
})
