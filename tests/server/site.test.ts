import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoUsers } from '../../server/db/seed/demo-users.ts'
import { DEMO_DESIGNERS } from '../../server/db/seed/people-data.ts'
import { createTestApp } from '../support/test-app.ts'

let server: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  server = await createTestApp()
})
afterAll(() => server.close())

describe('database', () => {
  it('runs on the database this suite was asked for', () => {
    expect(server.app.db.dialect).toBe(process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite')
  })
})

describe('GET /api/tbMenuInfo/queryAll', () => {
  it('lists the menu in order with id, key, title, url and hot', async () => {
    const body = (await server.app.inject({ url: '/api/tbMenuInfo/queryAll' })).json()
    expect(body.code).toBe(200)
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      key: 'home',
      title: '首页',
      url: '/index',
      hot: false,
    })
    expect(body.data.filter((m: { hot: boolean }) => m.hot).map((m: { key: string }) => m.key)).toEqual([
      'events',
    ])
    for (const item of body.data)
      expect(Object.keys(item).sort()).toEqual(['hot', 'id', 'key', 'title', 'url'])
  })
})

describe('GET /api/common/partners', () => {
  it('returns the 42 partner logos as local files', async () => {
    const body = (await server.app.inject({ url: '/api/common/partners' })).json()
    expect(body.data).toHaveLength(42)
    for (const p of body.data) expect(p.logo).toMatch(/^partners\/partner-\d{2}\.svg$/)
  })
})

describe('seed', () => {
  it('never duplicates rows when the server starts again on the same database', async () => {
    const count = async (table: 'users' | 'menus' | 'partners' | 'staff_roles' | 'audit_log') =>
      Number(
        (
          await server.app.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    const before = {
      users: await count('users'),
      menus: await count('menus'),
      partners: await count('partners'),
      staffRoles: await count('staff_roles'),
      audit: await count('audit_log'),
    }
    const { seed } = await import('../../server/db/seed/index.ts')
    await seed(server.app.db)
    await seed(server.app.db)
    expect({
      users: await count('users'),
      menus: await count('menus'),
      partners: await count('partners'),
      staffRoles: await count('staff_roles'),
      audit: await count('audit_log'),
    }).toEqual(before)
    // The demo accounts (three designers, the admin and three judges, each judge and the admin with
    // one role and its audit entry) and the directory's demo designers (server/db/seed/people-data.ts).
    expect(before).toEqual({
      users: demoUsers.length + DEMO_DESIGNERS.length,
      menus: 9,
      partners: 42,
      staffRoles: 4,
      audit: 4,
    })
    expect(demoUsers).toHaveLength(7)
  })
})

describe('content', () => {
  it('serves the three agreements and refuses an unknown one', async () => {
    for (const key of ['user', 'private', 'disclaimer']) {
      const body = (await server.app.inject({ url: `/api/common/agreement/${key}` })).json()
      expect(body.code).toBe(200)
      expect(body.data.key).toBe(key)
      expect(body.data.sections.length).toBeGreaterThan(3)
    }
    expect((await server.app.inject({ url: '/api/common/agreement/other' })).json()).toEqual({
      code: 404,
      msg: '协议不存在',
    })
  })

  it('searches menus and agreements, paged', async () => {
    const body = (
      await server.app.inject({ url: `/api/search?keyword=${encodeURIComponent('认证')}&pageSize=50` })
    ).json()
    expect(body.code).toBe(200)
    expect(body.rows.map((r: { url: string }) => r.url)).toContain('/certification/index')
    expect(body.rows.some((r: { kind: string }) => r.kind === '协议')).toBe(true)
    expect(body.total).toBe(body.rows.length)
    const page = (
      await server.app.inject({
        url: `/api/search?keyword=${encodeURIComponent('认证')}&pageSize=1&pageNum=2`,
      })
    ).json()
    expect(page.rows).toHaveLength(1)
    expect(page.total).toBe(body.total)
  })

  it('treats LIKE wildcards in a keyword literally', async () => {
    const body = (await server.app.inject({ url: '/api/search?keyword=%25' })).json()
    expect(body.rows.filter((r: { kind: string }) => r.kind === '栏目')).toEqual([])
  })

  it('asks for a keyword', async () => {
    expect((await server.app.inject({ url: '/api/search?keyword=%20' })).json()).toEqual({
      code: 400,
      msg: '请输入搜索关键词',
    })
  })
})
