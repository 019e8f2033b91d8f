import { describe, expect, it } from 'vitest'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp()

const address = {
  userName: '陈思远',
  phone: '13800000001',
  cityId: '320508',
  address: '青石路 1 号（演示地址） 8 楼',
}

describe('addresses', () => {
  it('inserts and lists only the owner’s addresses, the first one default', async () => {
    const designer = await t.api.login(DEMO.designer)
    const newcomer = await t.api.login(DEMO.newcomer)
    expect((await t.api.post('/api/address/insert', address, designer)).code).toBe(200)
    expect(
      (
        await t.api.post(
          '/api/address/insert',
          { ...address, address: '云湖大道 2 号（演示地址）' },
          designer,
        )
      ).code,
    ).toBe(200)
    const mine = (await t.api.get('/api/address/list', designer)).data
    expect(mine).toHaveLength(2)
    expect(mine[0]).toMatchObject({ isDefault: true, cityNames: ['江苏省', '苏州市', '姑苏区'] })
    expect((await t.api.get('/api/address/list', newcomer)).data).toEqual([])
  })

  it('moves the default when a new default is added', async () => {
    const designer = await t.api.login(DEMO.designer)
    await t.api.post('/api/address/insert', { ...address, address: '新默认地址', isDefault: true }, designer)
    const list = (await t.api.get('/api/address/list', designer)).data
    expect(
      list.filter((a: { isDefault: boolean }) => a.isDefault).map((a: { address: string }) => a.address),
    ).toEqual(['新默认地址'])
  })

  it('validates with the address schema', async () => {
    const designer = await t.api.login(DEMO.designer)
    expect(await t.api.post('/api/address/insert', { ...address, phone: '1380000' }, designer)).toEqual({
      code: 400,
      msg: '请输入正确的11位手机号',
    })
    expect(await t.api.post('/api/address/insert', { ...address, userName: ' ' }, designer)).toEqual({
      code: 400,
      msg: '收货人不能为空',
    })
    expect(await t.api.post('/api/address/insert', { ...address, cityId: '320500' }, designer)).toEqual({
      code: 400,
      msg: '请选择有效的所在地区',
    })
  })
})
