import { describe, expect, it } from 'vitest'
import type { SandboxWechat } from '../../server/services/wechat/sandbox.ts'
import { useTestApp } from '../support/use-test-app.ts'

const t = useTestApp()
const FAILED = '微信登录失败，请重新扫码'

/** What /wxlogin does, then what the phone does at the sandbox's page: answers /authorizeWx's address. */
async function scanAndConfirm(nickname: string, decision: 'allow' | 'deny' = 'allow') {
  const { url, state } = (await t.api.get('/api/wx/authorize')).data as { url: string; state: string }
  const authorize = new URL(url)
  const page = await t.server.app.inject({ url: authorize.pathname + authorize.search })
  expect(page.body).toContain('确认登录')
  const form = new URLSearchParams({
    state,
    redirect_uri: authorize.searchParams.get('redirect_uri') as string,
    nickname,
    decision,
  })
  const answer = await t.server.app.inject({
    method: 'POST',
    url: authorize.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  })
  expect(answer.statusCode).toBe(302)
  const issued = new URL(answer.headers.location as string).searchParams.get('code')
  if (issued) confirmations.set(issued, String(answer.headers['set-cookie'] ?? '').split(';')[0] ?? '')
  // The confirming device keeps the proof that it confirmed; the sign-in finishes there.
  const confirmed = String(answer.headers['set-cookie'] ?? '').split(';')[0] ?? ''
  return { state, callback: new URL(answer.headers.location as string), confirmed }
}

/** Finishes a sign-in as the device that confirmed it (the sandbox's QR code opens on a phone). */
const wechatLogin = async (
  code: string | null,
  state: string,
  cookie = confirmations.get(code ?? '') ?? '',
) =>
  (
    await t.server.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: cookie ? { cookie } : {},
      payload: { code: code ?? undefined, state, logInSource: 1 },
    })
  ).json()
/** Each confirmed code's confirmation cookie, as its device holds it. */
const confirmations = new Map<string, string>()

describe('WeChat sign-in over the sandbox provider (SPEC §6 source 1)', () => {
  it('creates the account on the first sign-in and finds it again on the next', async () => {
    const first = await scanAndConfirm('测试微信甲')
    expect(first.callback.pathname).toBe('/authorizeWx')
    expect(first.callback.searchParams.get('state')).toBe(first.state)
    const signedIn = await wechatLogin(first.callback.searchParams.get('code'), first.state)
    expect(signedIn.code).toBe(200)
    const user = (await t.api.get('/api/my/getUserBase', signedIn.data.token)).data
    expect(user.username).toBe('测试微信甲')
    // No password: a wrong one costs a full hash like any other (README), and settings offer none to change.
    expect(user.hasPassword).toBe(false)

    const again = await scanAndConfirm('测试微信甲')
    const second = await wechatLogin(again.callback.searchParams.get('code'), again.state)
    expect((await t.api.get('/api/my/getUserBase', second.data.token)).data.id).toBe(user.id)
  })

  it('signs a first-time WeChat user in from several tabs at once into one account', async () => {
    const scans: Array<Awaited<ReturnType<typeof scanAndConfirm>>> = []
    for (let i = 0; i < 8; i++) scans.push(await scanAndConfirm('测试微信并发'))
    // Eight different one-time codes for one WeChat user (a code is spent once, whoever sends it).
    expect(new Set(scans.map((scan) => scan.callback.searchParams.get('code'))).size).toBe(8)
    const answers = await Promise.all(
      scans.map((scan) => wechatLogin(scan.callback.searchParams.get('code'), scan.state)),
    )
    expect(answers.map((a) => `${a.code} ${a.msg}`)).toEqual(answers.map(() => '200 操作成功'))
    const ids = await Promise.all(
      answers.map(async (a) => (await t.api.get('/api/my/getUserBase', a.data.token)).data.id),
    )
    expect(new Set(ids).size).toBe(1)
  })

  it('spends a code once, and refuses forged states, forged, expired or denied codes', async () => {
    const { state, callback } = await scanAndConfirm('测试微信乙')
    const code = callback.searchParams.get('code') as string
    const wechat = t.server.app.wechat as SandboxWechat
    expect(await wechatLogin(code, 'made.up.state')).toEqual({ code: 400, msg: FAILED })
    expect((await wechatLogin(code, state)).code).toBe(200)
    expect(await wechatLogin(code, state)).toEqual({ code: 400, msg: FAILED })

    const fresh = (await t.api.get('/api/wx/authorize')).data.state as string
    const [body] = code.split('.')
    expect(await wechatLogin(`${body}.forged`, fresh)).toEqual({ code: 400, msg: FAILED })
    const expired = wechat.issueCode(wechat.userFor('测试微信丙'), Date.now() - 10 * 60_000)
    expect(await wechatLogin(expired, fresh)).toEqual({ code: 400, msg: FAILED })

    const denied = await scanAndConfirm('测试微信丁', 'deny')
    expect(denied.callback.searchParams.get('code')).toBeNull()
    expect(await wechatLogin(null, denied.state)).toEqual({ code: 400, msg: FAILED })
  })

  it('sends the browser back only to this site’s /authorizeWx', async () => {
    const { state } = (await t.api.get('/api/wx/authorize')).data
    for (const target of ['https://evil.example/authorizeWx', 'http://localhost:80/elsewhere']) {
      const page = await t.server.app.inject({
        url: `/api/sandbox/wechat/authorize?${new URLSearchParams({ state, redirect_uri: target })}`,
      })
      expect(page.body).toContain('链接无效')
      const post = await t.server.app.inject({
        method: 'POST',
        url: '/api/sandbox/wechat/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          state,
          redirect_uri: target,
          nickname: 'x',
          decision: 'allow',
        }).toString(),
      })
      expect(post.statusCode).toBe(200)
      expect(post.body).toContain('链接无效')
    }
  })
})

describe('WeChat sign-in is bound to the browser that started it', () => {
  it('refuses a code confirmed on another device when this browser neither started nor confirmed it (login CSRF)', async () => {
    // The attacker starts and confirms a sign-in of their own, then sends its code to the victim.
    const attacker = await scanAndConfirm('攻击者微信二')
    expect(attacker.confirmed).toMatch(/^kb_wx_confirm=/)
    const code = attacker.callback.searchParams.get('code')
    const forced = await wechatLogin(code, attacker.state, '')
    expect(forced).toEqual({ code: 400, msg: FAILED })
    // Another code's confirmation proves nothing for this one.
    const other = await scanAndConfirm('别人的微信')
    expect(await wechatLogin(code, attacker.state, other.confirmed)).toEqual({ code: 400, msg: FAILED })
    // On the device that confirmed, it finishes.
    expect((await wechatLogin(code, attacker.state, attacker.confirmed)).code).toBe(200)
  })

  it('refuses a code and state from someone else’s sign-in in a browser that started its own (login CSRF)', async () => {
    // The victim's browser starts a sign-in and keeps its nonce cookie.
    const started = await t.server.app.inject({ url: '/api/wx/authorize' })
    const cookie = String(started.headers['set-cookie']).split(';')[0] as string
    expect(cookie).toMatch(/^kb_wx_nonce=/)
    expect(String(started.headers['set-cookie'])).toMatch(/HttpOnly/)
    // The attacker's own code and state, sent to the victim's browser.
    const attacker = await scanAndConfirm('攻击者微信')
    const forced = await t.server.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie },
      payload: { code: attacker.callback.searchParams.get('code'), state: attacker.state, logInSource: 1 },
    })
    expect(forced.json()).toEqual({ code: 400, msg: FAILED })

    // The victim's own sign-in, finished in the same browser, goes through.
    const own = started.json().data as { url: string; state: string }
    const authorize = new URL(own.url)
    const confirmed = await t.server.app.inject({
      method: 'POST',
      url: authorize.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        state: own.state,
        redirect_uri: authorize.searchParams.get('redirect_uri') as string,
        nickname: '本人微信',
        decision: 'allow',
      }).toString(),
    })
    const code = new URL(confirmed.headers.location as string).searchParams.get('code')
    const signedIn = await t.server.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie },
      payload: { code, state: own.state, logInSource: 1 },
    })
    expect(signedIn.json().code).toBe(200)
  })
})
