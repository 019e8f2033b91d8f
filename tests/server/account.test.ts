import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_INVALID_MSG } from '../../schemas/contract.ts'
import { createTestApp, DEMO } from '../support/test-app.ts'

let server: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  server = await createTestApp({ sessionTtlMs: 3600_000 })
})
afterAll(() => server.close())

const login = (account: string, password: string, ip = '10.0.0.1') =>
  server.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { account, password, logInSource: 2 },
    remoteAddress: ip,
  })

async function token(account: string = DEMO.designer): Promise<string> {
  const res = await login(account, DEMO.password)
  return res.json().data.token
}

describe('POST /api/login', () => {
  it('signs in a demo account and returns a token, trimming the account', async () => {
    const res = await login(`  ${DEMO.designer} `, DEMO.password)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.code).toBe(200)
    expect(body.data.token).toMatch(/^[\w-]{40,}$/)
  })

  it('answers a wrong password with a clear message and no token', async () => {
    const body = (await login(DEMO.newcomer, 'Wrong-pass1', '10.0.0.2')).json()
    expect(body).toEqual({ code: 400, msg: '账号或密码错误' })
  })

  it('answers an unknown account exactly like a wrong password', async () => {
    expect((await login('13999999999', DEMO.password, '10.0.0.3')).json()).toEqual({
      code: 400,
      msg: '账号或密码错误',
    })
  })

  it('asks for the missing field', async () => {
    expect((await login('', 'x')).json().msg).toBe('请输入手机号码或邮箱')
    expect((await login(DEMO.designer, '')).json().msg).toBe('请输入密码')
  })

  it('refuses a WeChat sign-in whose code and state the server never issued', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { code: 'x', state: 'y', logInSource: 1 },
    })
    expect(res.json()).toMatchObject({ code: 400 })
    expect(res.json().msg).toContain('微信登录')
  })
})

describe('sign-in throttling', () => {
  // Its own server: a locked demo account must not leak into the other tests.
  let throttled: Awaited<ReturnType<typeof createTestApp>>
  beforeAll(async () => {
    throttled = await createTestApp()
  })
  afterAll(() => throttled.close())
  const attempt = (account: string, password: string, ip: string) =>
    throttled.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { account, password, logInSource: 2 },
      remoteAddress: ip,
    })

  it('locks an account after five failures, even from different addresses', async () => {
    for (let i = 0; i < 5; i++) await attempt(DEMO.newcomer, `bad-${i}`, `10.1.0.${i}`)
    const blocked = (await attempt(DEMO.newcomer, DEMO.password, '10.1.0.99')).json()
    expect(blocked.code).toBe(429)
    expect(blocked.msg).toMatch(/^登录失败次数过多，请\d+分钟后再试$/)
  })

  it('limits one address trying many accounts', async () => {
    for (let i = 0; i < 20; i++) await attempt(`1390000${String(i).padStart(4, '0')}`, 'nope', '10.2.0.1')
    expect((await attempt(DEMO.designer, DEMO.password, '10.2.0.1')).json().code).toBe(429)
    // Another address is not affected.
    expect((await attempt(DEMO.designer, DEMO.password, '10.2.0.2')).json().code).toBe(200)
  })
})

describe('GET /api/my/getUserBase', () => {
  it('answers 403 with the token message without a token', async () => {
    const res = await server.app.inject({ url: '/api/my/getUserBase' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 403, msg: TOKEN_INVALID_MSG })
  })

  it('returns the user for a token in the Authorization header, with or without Bearer', async () => {
    const t = await token()
    for (const authorization of [t, `Bearer ${t}`]) {
      const body = (
        await server.app.inject({ url: '/api/my/getUserBase', headers: { authorization } })
      ).json()
      expect(body.code).toBe(200)
      expect(body.data).toEqual({
        id: expect.any(Number),
        username: '陈思远',
        nickname: '思远设计',
        profilePhoto: 'avatars/designer-01.svg',
        hasPassword: true,
        firstSignIn: expect.any(Boolean),
      })
    }
  })

  it('takes no session from the kb_member_token cookie alone (the SPA sends it as the Authorization header)', async () => {
    const t = await token()
    const body = (
      await server.app.inject({
        url: '/api/my/getUserBase',
        headers: { cookie: `other=1; kb_member_token=${t}` },
      })
    ).json()
    expect(body).toEqual({ code: 403, msg: '令牌无效或已过期，请重新登录' })
  })

  it('lets a token parameter override the header', async () => {
    const t = await token(DEMO.newcomer)
    const body = (
      await server.app.inject({
        url: `/api/my/getUserBase?token=${t}`,
        headers: { authorization: 'stale-token' },
      })
    ).json()
    expect(body.data.username).toBe('林晓')
  })

  it('stops accepting a token after logout', async () => {
    const t = await token()
    expect(
      (await server.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: t } })).json()
        .code,
    ).toBe(200)
    const body = (
      await server.app.inject({ url: '/api/my/getUserBase', headers: { authorization: t } })
    ).json()
    expect(body).toEqual({ code: 403, msg: TOKEN_INVALID_MSG })
  })
})

describe('session expiry', () => {
  it('refuses a token once its lifetime has passed', async () => {
    const shortLived = await createTestApp({ sessionTtlMs: 50 })
    try {
      const res = await shortLived.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { account: DEMO.designer, password: DEMO.password, logInSource: 2 },
      })
      const t = res.json().data.token
      expect(
        (await shortLived.app.inject({ url: '/api/my/getUserBase', headers: { authorization: t } })).json()
          .code,
      ).toBe(200)
      await new Promise((r) => setTimeout(r, 80))
      expect(
        (await shortLived.app.inject({ url: '/api/my/getUserBase', headers: { authorization: t } })).json()
          .code,
      ).toBe(403)
    } finally {
      await shortLived.close()
    }
  })
})

describe('stored secrets', () => {
  it('keeps passwords as scrypt hashes and tokens only as hashes', async () => {
    const t = await token()
    const users = await server.app.db.kysely.selectFrom('users').select('password_hash').execute()
    // An account without a password (made by WeChat sign-in, or a demo designer of the directory that
    // nobody signs in as) carries an unusable marker that no password matches.
    for (const u of users) expect(u.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$|^unusable:[0-9a-f]{24,}$/)
    expect(users.some((u) => u.password_hash.startsWith('scrypt$'))).toBe(true)
    const sessions = await server.app.db.kysely.selectFrom('sessions').select('token_hash').execute()
    expect(sessions.some((s) => s.token_hash === t)).toBe(false)
    expect(sessions.every((s) => /^[0-9a-f]{64}$/.test(s.token_hash))).toBe(true)
  })
})
