// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http, isSuccessCode } from '../../src/api/http.ts'
import { configureHttp } from '../../src/api/http-hooks.ts'
import { getMenus } from '../../src/api/site.ts'
import { TOKEN_INVALID_MSG } from '../../src/lib/constants.ts'
import { removeToken, setToken } from '../../src/lib/token.ts'
import { recordingSink } from './recording-sink.ts'

// These run against the real API server started by tests/support/unit-server.ts, on this page's origin.

let sink: ReturnType<typeof recordingSink>
let unauthorized: number
let currentPath: string

beforeEach(() => {
  sink = recordingSink()
  unauthorized = 0
  currentPath = '/index'
  configureHttp({ onUnauthorized: () => unauthorized++, currentPath: () => currentPath })
  removeToken()
})
afterEach(() => removeToken())

async function signIn(): Promise<string> {
  const res = await http.post('/login', { account: '13800000001', password: 'Kabu2026!', logInSource: 2 })
  return res.data.data.token
}

describe('API client (SPEC §7, §8)', () => {
  it('uses base /api and a 20000 ms timeout', () => {
    expect(http.defaults.baseURL).toBe('/api')
    expect(http.defaults.timeout).toBe(20_000)
  })

  it('treats body codes 200 and 301 as success and others as errors', () => {
    expect(isSuccessCode(200)).toBe(true)
    expect(isSuccessCode(301)).toBe(true)
    for (const code of [400, 403, 404, 429, 500]) expect(isSuccessCode(code)).toBe(false)
  })

  it('resolves a successful call with its data and shows nothing', async () => {
    const menus = await getMenus()
    expect(menus.length).toBeGreaterThan(0)
    expect(sink.shown).toEqual([])
  })

  it('shows the server message for 5000 ms and rejects with it', async () => {
    const call = http.post('/login', { account: '13800000001', password: 'wrong-password', logInSource: 2 })
    await expect(call).rejects.toMatchObject({ name: 'ApiError', message: '账号或密码错误', code: 400 })
    expect(sink.shown).toEqual([{ message: '账号或密码错误', type: 'error', durationMs: 5000 }])
  })

  it('shows no second message while one is on screen, but still rejects', async () => {
    await expect(http.get('/search', { params: { keyword: '' } })).rejects.toThrow('请输入搜索关键词')
    await expect(http.post('/login', {})).rejects.toThrow('请输入手机号码或邮箱')
    expect(sink.shown.map((s) => s.message)).toEqual(['请输入搜索关键词'])
    sink.clearScreen()
    await expect(http.post('/login', {})).rejects.toThrow('请输入手机号码或邮箱')
    expect(sink.shown).toHaveLength(2)
  })

  it('on code 403 with the token message: no message, and the visitor is sent to sign in', async () => {
    await expect(http.get('/my/getUserBase')).rejects.toMatchObject({ message: TOKEN_INVALID_MSG, code: 403 })
    expect(sink.shown).toEqual([])
    expect(unauthorized).toBe(1)
  })

  it('does not send the visitor to /login when already there', async () => {
    currentPath = '/login'
    await expect(http.get('/my/getUserBase')).rejects.toThrow(TOKEN_INVALID_MSG)
    expect(unauthorized).toBe(0)
  })

  it('leaves 403 handling to the caller when asked (the router user check)', async () => {
    await expect(http.get('/my/getUserBase', { skipAuthRedirect: true })).rejects.toThrow(TOKEN_INVALID_MSG)
    expect(unauthorized).toBe(0)
  })

  it('sends the cookie token as the Authorization header', async () => {
    const token = await signIn()
    setToken(token)
    const res = await http.get('/my/getUserBase')
    expect(res.config.headers.Authorization).toBe(token)
    expect(res.data.data.username).toBe('陈思远')
  })

  it('lets a token parameter override the cookie', async () => {
    setToken('stale-token-from-cookie')
    const token = await signIn()
    const res = await http.get('/my/getUserBase', { params: { token } })
    expect(res.config.headers.Authorization).toBe(token)
    expect(res.data.code).toBe(200)
  })

  it('reads the envelope of an HTTP error (unknown API path)', async () => {
    await expect(http.get('/no/such/endpoint')).rejects.toThrow('接口不存在')
    expect(sink.shown[0]?.message).toBe('接口不存在')
  })

  it('only writes a console log for a code the call names (SPEC §8: 401 on the work detail)', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    try {
      // An unknown API path answers the envelope {code: 404}; named, it raises no message.
      const call = http.get('/no-such-endpoint', { logOnlyCodes: [404] })
      await expect(call).rejects.toMatchObject({ name: 'ApiError', code: 404 })
      expect(sink.shown).toEqual([])
      expect(log).toHaveBeenCalledTimes(1)
      // A 403 named so is not sent to sign in either.
      await expect(http.get('/my/getUserMoney', { logOnlyCodes: [403] })).rejects.toMatchObject({ code: 403 })
      expect(unauthorized).toBe(0)
      expect(sink.shown).toEqual([])
    } finally {
      log.mockRestore()
    }
  })
})
