import { describe, expect, it } from 'vitest'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

const t = useTestApp()

const resume = {
  realName: '陈思远',
  title: '资深工业设计师',
  phone: '13800000001',
  cityId: '320505',
  years: 9,
  summary: '专注消费电子与家居产品的造型与 CMF 设计。',
  experience: '2021—至今 青禾设计社（示例） 设计总监\n2016—2021 远帆设计室（示例） 产品设计师',
  education: '2012—2016 某大学（示例） 工业设计 本科',
  skills: '产品造型、CMF、Rhino、KeyShot',
  portfolio: 'https://portfolio.kabu.example/siyuan',
}

describe('résumé (/mine/cv, /mine/cvself)', () => {
  it('saves, reads back with the city’s names, and exports an A4 PDF', async () => {
    const token = await t.api.login(DEMO.designer)
    expect((await t.api.get('/api/my/resume', token)).data).toBeNull()
    expect((await t.api.get('/api/my/resume/pdf', token)).code).toBe(404)
    expect(await t.api.post('/api/my/resume', resume, token)).toEqual({ code: 200, msg: '简历已保存' })
    const saved = (await t.api.get('/api/my/resume', token)).data
    expect(saved).toEqual({ ...resume, cityNames: ['江苏省', '苏州市', '虎丘区'] })
    const pdf = await t.server.app.inject({ url: '/api/my/resume/pdf', headers: { authorization: token } })
    expect(pdf.headers['content-type']).toBe('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/)
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/)
  })

  it('keeps a province-and-city choice: a city is saved and read back with its names (issue 22 item 7)', async () => {
    const token = await t.api.login(DEMO.designer)
    expect(await t.api.post('/api/my/resume', { ...resume, cityId: '320500' }, token)).toEqual({
      code: 200,
      msg: '简历已保存',
    })
    const saved = (await t.api.get('/api/my/resume', token)).data
    expect(saved).toMatchObject({ cityId: '320500', cityNames: ['江苏省', '苏州市'] })
    // A province alone is not a city.
    expect(await t.api.post('/api/my/resume', { ...resume, cityId: '320000' }, token)).toEqual({
      code: 400,
      msg: '请选择有效的所在城市',
    })
  })

  it('validates with the résumé schema, and keeps each user’s résumé to themselves', async () => {
    const token = await t.api.login(DEMO.designer)
    expect(await t.api.post('/api/my/resume', { ...resume, summary: '' }, token)).toEqual({
      code: 400,
      msg: '个人简介不能为空',
    })
    expect(
      await t.api.post('/api/my/resume', { ...resume, portfolio: 'javascript:alert(1)' }, token),
    ).toEqual({
      code: 400,
      msg: '请输入以 http:// 或 https:// 开头的链接',
    })
    expect(await t.api.post('/api/my/resume', { ...resume, summary: '简'.repeat(501) }, token)).toEqual({
      code: 400,
      msg: '个人简介不能超过500个字',
    })
    await insertUser(t.server.app, '13900009999', 'Other2026!')
    const other = await t.api.login('13900009999', 'Other2026!')
    expect((await t.api.get('/api/my/resume', other)).data).toBeNull()
    expect((await t.api.get('/api/my/resume')).code).toBe(403)
  })
})
