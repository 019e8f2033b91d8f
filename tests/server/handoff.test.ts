import { describe, expect, it } from 'vitest'
import { TOKEN_COOKIE } from '../../schemas/contract.ts'
import { HANDOFF_TTL_MS } from '../../server/services/handoff.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'

/**
 * Issue 21 item 2: `/redirect?token&url` (SPEC §2) signs a browser in only with a one-time hand-off
 * code minted for a signed-in user, and only when the visitor opened the link themselves — never on
 * another site's say-so (login CSRF). On SQLite and, with `npm run test:pg`, PostgreSQL.
 */
const t = useTestApp()

async function mint(token: string, url = '/mine?change=Info') {
  const res = await t.server.app.inject({
    method: 'POST',
    url: '/api/my/handoff',
    headers: { authorization: token },
    payload: { url },
  })
  return res.json() as { code: number; msg: string; data: { link: string; expiresAt: string } }
}

const codeOf = (link: string) => new URL(link).searchParams.get('token') as string

/** Opens a hand-off link as a browser would: `site` is its Sec-Fetch-Site (null: not sent). */
async function open(link: string, site: string | null = 'none') {
  const url = new URL(link)
  return t.server.app.inject({
    url: `${url.pathname}${url.search}`,
    headers: site ? { 'sec-fetch-site': site } : {},
  })
}

/** The session a /redirect answer set, or undefined. */
function sessionSet(res: Awaited<ReturnType<typeof open>>): string | undefined {
  const cookie = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${TOKEN_COOKIE}=`))
  return cookie
    ? decodeURIComponent(cookie.slice(TOKEN_COOKIE.length + 1).split(';')[0] as string)
    : undefined
}

async function whoIs(token: string) {
  return (await t.api.get('/api/my/getUserBase', token)).data?.id as number | undefined
}

describe('hand-off links', () => {
  it('are minted only for a signed-in user, with the target judged as a browser reads it', async () => {
    expect((await t.api.post('/api/my/handoff', { url: '/mine' })).code).toBe(403)
    const token = await t.api.login()
    const made = await mint(token)
    expect(made.code).toBe(200)
    const link = new URL(made.data.link)
    expect(link.pathname).toBe('/redirect')
    expect(link.searchParams.get('url')).toBe('/mine?change=Info')
    expect(Date.parse(made.data.expiresAt) - Date.now()).toBeLessThanOrEqual(HANDOFF_TTL_MS)
    // A link that would lead elsewhere is refused when minted.
    expect((await mint(token, '/\t/evil.example/')).msg).toBe('跳转地址无效')
    expect((await mint(token, 'https://evil.example/')).msg).toBe('跳转地址无效')
  })

  it('sign in the visitor who opens one, once, and go to its target', async () => {
    const token = await t.api.login()
    const owner = await whoIs(token)
    const { data } = await mint(token)
    const first = await open(data.link, 'none')
    expect(first.statusCode).toBe(302)
    expect(first.headers.location).toBe('/mine?change=Info')
    expect(first.headers['cache-control']).toBe('no-store')
    const session = sessionSet(first)
    expect(session).toBeDefined()
    expect(session).not.toBe(token)
    expect(await whoIs(session as string)).toBe(owner)
    expect(String(first.headers['set-cookie'])).toMatch(/Path=\/; Max-Age=\d+; SameSite=Lax/)
    // Spent: the same link again goes to the target with nobody signed in.
    const again = await open(data.link, 'same-origin')
    expect(again.statusCode).toBe(302)
    expect(sessionSet(again)).toBeUndefined()
  })

  it.each([
    ['another site', 'cross-site'],
    ['another origin of the same site', 'same-site'],
    ['a browser that does not say', null],
  ])('never sign anyone in when %s sends the browser', async (_label, site) => {
    const token = await t.api.login()
    const { data } = await mint(token)
    const res = await open(data.link, site)
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/mine?change=Info')
    expect(sessionSet(res)).toBeUndefined()
  })

  it('are not session tokens, and a session token is no hand-off code', async () => {
    const token = await t.api.login()
    const res = await open(`http://localhost/redirect?token=${encodeURIComponent(token)}&url=%2Fmine`)
    expect(res.statusCode).toBe(302)
    expect(sessionSet(res)).toBeUndefined()
    const { data } = await mint(token)
    expect(await whoIs(codeOf(data.link))).toBeUndefined()
  })

  it('end with the session that minted them, and with their two minutes', async () => {
    const token = await t.api.login()
    const { data } = await mint(token)
    expect(
      await t.server.app.handoff.redeem(codeOf(data.link), 60_000, Date.now() + HANDOFF_TTL_MS + 1),
    ).toBe(undefined)
    await t.server.app.inject({ method: 'POST', url: '/api/logout', headers: { authorization: token } })
    expect(sessionSet(await open(data.link))).toBeUndefined()
  })

  it('refuse a forged or altered code', async () => {
    const token = await t.api.login()
    const code = codeOf((await mint(token)).data.link)
    const [sessionId, ...rest] = code.split('.')
    const otherSession = `${Number(sessionId) + 1}.${rest.join('.')}`
    for (const forged of [otherSession, `${code.slice(0, -1)}A`, 'x'.repeat(40), ''])
      expect(await t.server.app.handoff.redeem(forged, 60_000)).toBeUndefined()
  })

  it('sign in exactly once when twenty browsers open the same link at once', async () => {
    const token = await t.api.login(DEMO.designer)
    const { data } = await mint(token)
    const answers = await Promise.all(Array.from({ length: 20 }, () => open(data.link)))
    expect(answers.every((a) => a.statusCode === 302)).toBe(true)
    expect(answers.filter((a) => sessionSet(a)).length).toBe(1)
  })

  it('refuse a target holding a control character with the 400 envelope, and answer no 5xx', async () => {
    for (const bad of ['/%0B/x', '/%01/x', '/%7F/x', '%2F%09%2Fevil.example', '/%09/evil.example/']) {
      const res = await t.server.app.inject({ url: `/redirect?url=${bad}` })
      expect(res.statusCode, bad).toBe(400)
      expect(res.json()).toEqual({ code: 400, msg: '跳转地址无效' })
      expect(res.headers['content-security-policy']).toBeDefined()
    }
    const away = await t.server.app.inject({ url: '/redirect?url=%2F%2Fevil.example%2F' })
    expect(away.statusCode).toBe(302)
    expect(away.headers.location).toBe('/')
  })
})
