import { describe, expect, it } from 'vitest'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp()

const entry = {
  name: '周敏',
  phone: '13600000001',
  organization: '西岭大学设计学院（示例）',
  position: '工业设计专业',
  attendees: 1,
  read: true,
}

describe('landing page sign-ups', () => {
  it('stores a valid sign-up found through an include and a nested column', async () => {
    const body = await t.api.post('/api/landing/signup-open/signup', entry)
    expect(body).toEqual({ code: 200, msg: '报名成功', data: { id: expect.any(Number) } })
    const row = await t.server.app.db.kysely
      .selectFrom('landing_signups')
      .selectAll()
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({
      slug: 'signup-open',
      form: 'event-signup',
      phone: '13600000001',
      user_id: null,
    })
    expect(JSON.parse(row.data)).toEqual(entry)
  })

  it('takes one sign-up per phone and page', async () => {
    expect(await t.api.post('/api/landing/signup-open/signup', entry)).toEqual({
      code: 400,
      msg: '该手机号已报名，无需重复提交',
    })
  })

  it('answers a burst of identical sign-ups as it answers a sequential duplicate: one stored, no 5xx', async () => {
    const phone = '13600000077'
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.server.app.inject({
          method: 'POST',
          url: '/api/landing/signup-open/signup',
          payload: { ...entry, phone },
        }),
      ),
    )
    expect(answers.map((res) => res.statusCode)).toEqual(answers.map(() => 200))
    const bodies = answers.map((res) => res.json())
    expect(bodies.filter((body) => body.code === 200)).toHaveLength(1)
    expect(bodies.filter((body) => body.code !== 200)).toEqual(
      Array.from({ length: 19 }, () => ({ code: 400, msg: '该手机号已报名，无需重复提交' })),
    )
    const rows = await t.server.app.db.kysely
      .selectFrom('landing_signups')
      .select('id')
      .where('phone', '=', phone)
      .execute()
    expect(rows).toHaveLength(1)
  })

  it('links a signed-in visitor to the sign-up', async () => {
    const token = await t.api.login(DEMO.designer)
    const body = await t.api.post(
      '/api/landing/signup-open/signup',
      { ...entry, phone: '13600000002' },
      token,
    )
    const row = await t.server.app.db.kysely
      .selectFrom('landing_signups')
      .select('user_id')
      .where('id', '=', body.data.id)
      .executeTakeFirstOrThrow()
    expect(row.user_id).toEqual(expect.any(Number))
  })

  it('answers bad input with the schema message and stores nothing', async () => {
    const before = (await t.server.app.db.kysely.selectFrom('landing_signups').select('id').execute()).length
    expect(await t.api.post('/api/landing/signup-open/signup', { ...entry, phone: '123' })).toEqual({
      code: 400,
      msg: '请输入正确的11位手机号',
    })
    expect(
      await t.api.post('/api/landing/signup-open/signup', { ...entry, phone: '13600000009', read: false }),
    ).toEqual({ code: 400, msg: '请阅读' })
    expect((await t.server.app.db.kysely.selectFrom('landing_signups').select('id').execute()).length).toBe(
      before,
    )
  })

  it('refuses closed, sign-up-less and unknown pages', async () => {
    expect(await t.api.post('/api/landing/signup-closed/signup', entry)).toEqual({
      code: 400,
      msg: '报名已截止',
    })
    expect(await t.api.post('/api/landing/no-signup/signup', entry)).toEqual({
      code: 400,
      msg: '该页面没有开放报名',
    })
    expect(await t.api.post('/api/landing/nope/signup', entry)).toEqual({ code: 404, msg: '活动页面不存在' })
  })
})

describe('site search', () => {
  it('finds campaign pages by title and description', async () => {
    const body = await t.api.get(`/api/search?keyword=${encodeURIComponent('测试报名页')}`)
    expect(body.rows).toContainEqual({
      kind: '专题',
      title: '测试报名页',
      url: '/application/signup-open',
      snippet: '服务器测试使用的报名页面，报名不设截止时间。',
    })
    const byDescription = await t.api.get(`/api/search?keyword=${encodeURIComponent('已经截止')}`)
    expect(byDescription.rows.map((r: { url: string }) => r.url)).toEqual(['/application/signup-closed'])
  })
})
