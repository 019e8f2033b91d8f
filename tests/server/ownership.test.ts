import { describe, expect, it } from 'vitest'
import { DEFAULT_CERT_FEE_FEN } from '../../server/config.ts'
import { newPayer } from '../support/payers.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp()

const address = {
  userName: '陈思远',
  phone: '13800000001',
  cityId: '320508',
  address: '青石路 1 号（演示地址）',
}

/** Two signed-in users, A with two addresses. */
async function twoUsers() {
  const a = await newPayer(t.server.app, t.api, DEFAULT_CERT_FEE_FEN)
  const b = await newPayer(t.server.app, t.api, 0)
  const first = (await t.api.post('/api/address/insert', address, a.token)).data.id as number
  const second = (await t.api.post('/api/address/insert', { ...address, address: '云湖大道 2 号' }, a.token))
    .data.id as number
  return { a, b, first, second }
}

const list = async (token: string) =>
  (await t.api.get('/api/address/list', token)).data as Array<{
    id: number
    address: string
    isDefault: boolean
  }>

describe('address edit, delete and default (SPEC §7 Account)', () => {
  it('edits an address and moves the default with it', async () => {
    const { a, second } = await twoUsers()
    const saved = await t.api.post(
      `/api/address/update/${second}`,
      { ...address, address: '改后的地址', isDefault: true },
      a.token,
    )
    expect(saved.code).toBe(200)
    const after = await list(a.token)
    expect(after.filter((x) => x.isDefault).map((x) => x.address)).toEqual(['改后的地址'])
  })

  it('sets a default, and deleting the default hands it to the newest address left', async () => {
    const { a, first, second } = await twoUsers()
    expect((await t.api.post(`/api/address/default/${second}`, {}, a.token)).code).toBe(200)
    expect((await list(a.token)).find((x) => x.isDefault)?.id).toBe(second)
    expect((await t.api.post(`/api/address/delete/${second}`, {}, a.token)).code).toBe(200)
    expect(await list(a.token)).toEqual([expect.objectContaining({ id: first, isDefault: true })])
  })

  it('validates an edit with the address schema', async () => {
    const { a, first } = await twoUsers()
    expect(await t.api.post(`/api/address/update/${first}`, { ...address, phone: '12' }, a.token)).toEqual({
      code: 400,
      msg: '请输入正确的11位手机号',
    })
    expect((await t.api.post('/api/address/update/abc', address, a.token)).code).toBe(404)
  })
})

describe('ownership: user B can never read or change user A’s addresses, orders or bills', () => {
  it('refuses B’s edit, default and delete of A’s address as if it did not exist, and changes nothing', async () => {
    const { a, b, first } = await twoUsers()
    const before = await list(a.token)
    const answers = await Promise.all([
      t.api.post(`/api/address/update/${first}`, { ...address, address: 'B 改的' }, b.token),
      t.api.post(`/api/address/default/${first}`, {}, b.token),
      t.api.post(`/api/address/delete/${first}`, {}, b.token),
      t.api.post('/api/address/delete/999999', {}, b.token),
    ])
    expect(answers).toEqual(Array(4).fill({ code: 404, msg: '收货地址不存在' }))
    expect(await list(a.token)).toEqual(before)
    expect(await list(b.token)).toEqual([])
  })

  it('lists only the caller’s own orders and bills', async () => {
    const { a, b } = await twoUsers()
    await t.api.post('/api/my/approve/4', {}, a.token)
    await t.api.post('/api/my/approve/2', {}, b.token)
    const ordersA = await t.api.get('/api/my/orders', a.token)
    expect(ordersA).toMatchObject({
      code: 200,
      total: 1,
      rows: [{ method: 4, status: 3, amountFen: DEFAULT_CERT_FEE_FEN }],
    })
    const ordersB = await t.api.get('/api/my/orders', b.token)
    expect(ordersB).toMatchObject({ total: 1, rows: [{ method: 2, status: 1 }] })
    expect(ordersB.rows[0].orderNumber).not.toBe(ordersA.rows[0].orderNumber)

    const billsA = await t.api.get('/api/my/bills?kind=money', a.token)
    expect(billsA).toMatchObject({ total: 1, rows: [{ amount: -DEFAULT_CERT_FEE_FEN, balanceAfter: 0 }] })
    expect((await t.api.get('/api/my/bills?kind=integral', a.token)).rows).toMatchObject([
      { amount: 298, balanceAfter: 298 },
    ])
    expect(await t.api.get('/api/my/bills?kind=money', b.token)).toMatchObject({ total: 0, rows: [] })
    expect((await t.api.get('/api/my/orders')).code).toBe(403)
  })

  it('shows the demo designer the seeded certification order and its ledger', async () => {
    const token = await t.api.login(DEMO.designer)
    expect(await t.api.get('/api/my/orders', token)).toMatchObject({
      total: 1,
      rows: [{ method: 4, status: 3 }],
    })
    // Newest first: the certification, then the opening balance the seed gave the account.
    expect((await t.api.get('/api/my/bills?kind=money', token)).rows).toMatchObject([
      { amount: -DEFAULT_CERT_FEE_FEN, balanceAfter: 128_000 },
      { amount: 157_800, balanceAfter: 157_800, memo: '期初余额' },
    ])
  })
})

describe('address limits under a concurrent burst', () => {
  it('keeps at most 20 addresses and exactly one default, however many requests race', async () => {
    const { a } = await twoUsers()
    const inserts = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        t.api.post(
          '/api/address/insert',
          { ...address, address: `并发地址 ${i}`, isDefault: i % 2 === 0 },
          a.token,
        ),
      ),
    )
    // Two were there already.
    expect(inserts.filter((r) => r.code === 200)).toHaveLength(18)
    const all = await list(a.token)
    expect(all).toHaveLength(20)
    expect(all.filter((x) => x.isDefault)).toHaveLength(1)
    await Promise.all(all.slice(0, 8).map((x) => t.api.post(`/api/address/default/${x.id}`, {}, a.token)))
    expect((await list(a.token)).filter((x) => x.isDefault)).toHaveLength(1)
  })
})
