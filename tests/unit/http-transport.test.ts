// @vitest-environment jsdom
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ApiError, http } from '../../src/api/http.ts'
import { configureHttp } from '../../src/api/http-hooks.ts'
import { removeToken } from '../../src/lib/token.ts'
import { closedPortUrl, type ForeignServer, startForeignServer } from './foreign-server.ts'
import { recordingSink } from './recording-sink.ts'

// What the API client makes of answers that are not our envelope: a proxy's bare statuses, a dead
// network, a timeout. The visitor reads Chinese, never axios's English (issue 7, item 9).

let proxy: ForeignServer
let sink: ReturnType<typeof recordingSink>
let unauthorized: number
let currentPath: string

beforeAll(async () => {
  proxy = await startForeignServer()
})
afterAll(() => proxy.close())

beforeEach(() => {
  sink = recordingSink()
  unauthorized = 0
  currentPath = '/index'
  configureHttp({ onUnauthorized: () => unauthorized++, currentPath: () => currentPath })
  removeToken()
})

/** Calls the stand-in proxy and returns the rejection. */
async function failureOf(path: string, timeout?: number): Promise<ApiError> {
  const error = await http.get(path, { baseURL: proxy.url, ...(timeout ? { timeout } : {}) }).then(
    () => {
      throw new Error(`${path} resolved`)
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('a bare HTTP 403 (no envelope) is code 403', () => {
  it('rejects with code 403 and a Chinese message, and sends the visitor to sign in', async () => {
    const error = await failureOf('/forbidden')
    expect(error).toMatchObject({ code: 403, message: '没有访问权限，请重新登录' })
    expect(unauthorized).toBe(1)
    expect(sink.shown).toEqual([{ message: '没有访问权限，请重新登录', type: 'error', durationMs: 5000 }])
  })

  it('does not send the visitor to /login when already there', async () => {
    currentPath = '/login'
    expect(await failureOf('/forbidden')).toMatchObject({ code: 403 })
    expect(unauthorized).toBe(0)
  })

  it('leaves it to the caller that asked (the router user check)', async () => {
    const call = http.get('/forbidden', { baseURL: proxy.url, skipAuthRedirect: true })
    await expect(call).rejects.toMatchObject({ code: 403 })
    expect(unauthorized).toBe(0)
  })
})

describe('other statuses without an envelope get a Chinese message with the status', () => {
  const cases: Array<[path: string, status: number, message: string]> = [
    ['/unauthorized', 401, '请求失败，请稍后重试（401）'],
    ['/missing', 404, '请求的资源不存在（404）'],
    ['/too-large', 413, '提交的内容过大，请缩小后重试（413）'],
    ['/rate-limited', 429, '请求过于频繁，请稍后再试（429）'],
    ['/crashed', 500, '服务器出错，请稍后重试（500）'],
    ['/bad-gateway', 502, '服务暂时不可用，请稍后重试（502）'],
    ['/unavailable', 503, '服务暂时不可用，请稍后重试（503）'],
    ['/gateway-timeout', 504, '服务暂时不可用，请稍后重试（504）'],
  ]
  it.each(cases)('%s (HTTP %i) → %s, shown for 5 s, no sign-in redirect', async (path, status, message) => {
    const error = await failureOf(path)
    expect(error).toMatchObject({ message, code: status })
    expect(error.message).not.toMatch(/[A-Za-z]/)
    expect(sink.shown).toEqual([{ message, type: 'error', durationMs: 5000 }])
    expect(unauthorized).toBe(0)
  })
})

describe('transport failures keep §8 (toast for 5 s, reject) in Chinese', () => {
  it('a refused connection is 网络连接失败，请检查网络', async () => {
    const call = http.get('/anything', { baseURL: await closedPortUrl() })
    await expect(call).rejects.toMatchObject({ name: 'ApiError', message: '网络连接失败，请检查网络' })
    expect(sink.shown).toEqual([{ message: '网络连接失败，请检查网络', type: 'error', durationMs: 5000 }])
  })

  it('a timeout is 请求超时，请稍后重试', async () => {
    const error = await failureOf('/slow', 300)
    expect(error.message).toBe('请求超时，请稍后重试')
    expect(sink.shown).toEqual([{ message: '请求超时，请稍后重试', type: 'error', durationMs: 5000 }])
  })
})
