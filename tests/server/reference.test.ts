import { describe, expect, it } from 'vitest'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp()

const NAMED = [
  'sys_evaluate_standard',
  'sys_works_type',
  'sys_professional_type',
  'sys_patent_type',
  'sys_project_type',
  'sys_prize_grade',
  'design_info_type',
  'sys_school_record',
  'sys_design_quotation_type',
  'competition_company_type',
  'sys_competition_range',
]

describe('GET /api/common/type/{name}', () => {
  it.each(NAMED)('serves %s as {dictCode, dictLabel, dictSort} in dictSort order', async (name) => {
    const body = await t.api.get(`/api/common/type/${name}`)
    expect(body.code).toBe(200)
    expect(body.data.length).toBeGreaterThan(1)
    for (const item of body.data)
      expect(Object.keys(item).sort()).toEqual(['dictCode', 'dictLabel', 'dictSort'])
    const sorts = body.data.map((d: { dictSort: number }) => d.dictSort)
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b))
  })

  it('answers an unknown dictionary with a 404 code', async () => {
    expect(await t.api.get('/api/common/type/nope')).toEqual({ code: 404, msg: '字典不存在' })
  })
})

describe('regions (GB/T 2260)', () => {
  it('serves the three-level tree with no children below level 3', async () => {
    const tree = (await t.api.get('/api/common/treeRegionByType?type=all')).data
    expect(tree).toHaveLength(31)
    const jiangsu = tree.find((p: { id: string }) => p.id === '320000')
    expect(jiangsu).toMatchObject({ name: '江苏省', level: 1 })
    const suzhou = jiangsu.subLevel.find((c: { id: string }) => c.id === '320500')
    expect(suzhou).toMatchObject({ name: '苏州市', level: 2 })
    const huqiu = suzhou.subLevel.find((d: { id: string }) => d.id === '320505')
    expect(huqiu).toEqual({ id: '320505', name: '虎丘区', level: 3 })
    const districts = tree.flatMap((p: { subLevel: Array<{ subLevel?: unknown[] }> }) =>
      p.subLevel.flatMap((c) => c.subLevel ?? []),
    )
    expect(districts.length).toBeGreaterThan(2800)
    expect(districts.every((d: { subLevel?: unknown }) => d.subLevel === undefined)).toBe(true)
  })

  it('serves one level at a time and the path of a code', async () => {
    const provinces = (await t.api.get('/api/common/treeRegion')).data
    expect(provinces).toHaveLength(31)
    expect(provinces[0]).toMatchObject({ hasChildren: true, level: 1 })
    const districts = (await t.api.get('/api/common/treeRegion?parentId=320500')).data
    expect(districts.map((d: { name: string }) => d.name)).toContain('姑苏区')
    expect(districts.every((d: { hasChildren: boolean }) => !d.hasChildren)).toBe(true)
    const paths = (await t.api.get('/api/common/treeRegionIn?ids=320505,999999')).data
    expect(paths).toEqual([
      {
        id: '320505',
        path: [
          { id: '320000', name: '江苏省', level: 1 },
          { id: '320500', name: '苏州市', level: 2 },
          { id: '320505', name: '虎丘区', level: 3 },
        ],
      },
    ])
  })
})
