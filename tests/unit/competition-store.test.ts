// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { CompetitionView } from '../../definitions/competition/view.ts'
import { TOKEN_INVALID_MSG } from '../../schemas/contract.ts'
import { getCompetition } from '../../src/api/competition.ts'
import { http } from '../../src/api/http.ts'
import { removeToken, setToken } from '../../src/lib/token.ts'
import { dataOf, useCompetitionStore } from '../../src/stores/competition.ts'
import { FIXTURE_IDS } from '../support/competitions.ts'
import { DEMO } from '../support/test-app.ts'
import { recordingSink } from './recording-sink.ts'

/**
 * The competition store (SPEC §3) against the real server the unit project runs (its fixture
 * competitions, registering now): loads fill the store, and failures reject with the server's msg
 * (SPEC §8). The newcomer demo account is used: no other unit test registers it anywhere.
 */
const store = () => useCompetitionStore.getState()
const NOT_FOUND = '赛事不存在或已下线'

/** What a load rejected with: an Error (the client's ApiError) whose message must be the server's msg. */
async function rejection(load: Promise<unknown>): Promise<{ isError: boolean; message: string }> {
  const e = await load.then(
    () => undefined,
    (error: unknown) => error,
  )
  return { isError: e instanceof Error, message: e instanceof Error ? e.message : String(e) }
}
const failedWith = (message: string) => ({ isError: true, message })

let token: string
let view: CompetitionView
beforeAll(async () => {
  recordingSink()
  const res = await http.post('/login', { account: DEMO.newcomer, password: DEMO.password, logInSource: 2 })
  token = res.data.data.token
  view = await getCompetition('optional-fee')
})

afterEach(() => {
  removeToken()
  store().reset()
})

describe('competition store loads, signed in', () => {
  it('the definition is the fixture’s (id, API family)', () => {
    expect(view).toMatchObject({
      competitionId: FIXTURE_IDS['optional-fee'],
      api: 'young2025',
      slug: 'optional-fee',
    })
  })

  it('loadRanges fills the default and Propositional lists', async () => {
    store().setInfo(view)
    const ranges = await store().loadRanges()
    expect(ranges).toEqual({
      default: [{ dictCode: 'product', dictLabel: '产品设计', dictSort: 1, listClass: 'default' }],
      Propositional: [],
    })
    expect(store().ranges).toEqual(ranges)
  })

  it('loadCompanyType fills the definition’s company types', async () => {
    store().setInfo(view)
    const types = await store().loadCompanyType()
    expect(types).toEqual([{ dictCode: '2', dictLabel: '高校', dictSort: 1 }])
    expect(store().companyType).toEqual(types)
  })

  it('loadUserInfo before registering: not registered, workStep 0', async () => {
    setToken(token)
    store().setInfo(view)
    const entry = await store().loadUserInfo()
    expect(entry).toMatchObject({
      competitionId: FIXTURE_IDS['optional-fee'],
      registered: false,
      info: null,
      workStep: 0,
      worksCount: 0,
      worksMax: 3,
      payRequired: false,
      paid: false,
      finalised: false,
    })
    expect(store().userInfo).toEqual(entry)
    expect(store().workStep).toBe(0)
  })

  it('loadRegionTree fills a non-empty tree', async () => {
    const tree = await store().loadRegionTree()
    expect(tree.length).toBeGreaterThan(0)
    expect(store().regionTree).toBe(tree)
  })
})

describe('competition store loads that fail reject with the server msg (SPEC §8)', () => {
  it('loadUserInfo signed out', async () => {
    store().setInfo(view)
    expect(await rejection(store().loadUserInfo())).toEqual(failedWith(TOKEN_INVALID_MSG))
    expect(TOKEN_INVALID_MSG).toBe('令牌无效或已过期，请重新登录')
    expect(store().userInfo).toBeNull()
  })

  it('an unknown competition id: ranges, company types and user info', async () => {
    setToken(token)
    store().setInfo({ ...view, competitionId: 987_654 })
    expect(await rejection(store().loadRanges())).toEqual(failedWith(NOT_FOUND))
    expect(await rejection(store().loadCompanyType())).toEqual(failedWith(NOT_FOUND))
    expect(await rejection(store().loadUserInfo())).toEqual(failedWith(NOT_FOUND))
    expect(store()).toMatchObject({ ranges: null, companyType: null, userInfo: null, workStep: 0 })
  })

  it('loads without a competition chosen throw before any request', async () => {
    await expect(store().loadRanges()).rejects.toThrow('no competition chosen')
  })

  it('choosing another competition forgets the last one’s data', async () => {
    store().setInfo(view)
    await store().loadRanges()
    store().setInfo({ ...view, competitionId: FIXTURE_IDS['fee-default'] })
    expect(store().ranges).toBeNull()
  })
})

describe('dataOf: the data of a load, or an Error with the server msg', () => {
  it('answers the data for code 200', () => {
    expect(dataOf({ code: 200, msg: '操作成功', data: { a: 1 } })).toEqual({ a: 1 })
    expect(dataOf({ code: 200, msg: '操作成功', data: [1] }, { nonEmpty: true })).toEqual([1])
  })

  it.each([400, 403, 404, 500, 301])('throws the msg for code %i', (code) => {
    expect(() => dataOf({ code, msg: '服务器说不行', data: [1] })).toThrow(new Error('服务器说不行'))
  })

  it('throws "Error" when a failing body has no msg', () => {
    expect(() => dataOf({ code: 500, msg: '', data: null })).toThrow(new Error('Error'))
  })

  it('with nonEmpty, throws the msg for empty or non-list data (region and company-type loads)', () => {
    expect(() => dataOf({ code: 200, msg: '暂无数据', data: [] }, { nonEmpty: true })).toThrow(
      new Error('暂无数据'),
    )
    expect(() => dataOf({ code: 200, msg: '暂无数据', data: null }, { nonEmpty: true })).toThrow(
      new Error('暂无数据'),
    )
  })

  it('without nonEmpty, empty data is data', () => {
    expect(dataOf({ code: 200, msg: '操作成功', data: [] })).toEqual([])
  })
})
