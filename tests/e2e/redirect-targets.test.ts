import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_COOKIE } from '../../schemas/contract.ts'
import { actingPathSpellings, redirectVariants, SAFE_TARGETS } from '../support/redirect-variants.ts'
import { baseURL, launch, openPage, signIn, stagingURL, submitLogin } from './page.ts'

/**
 * Redirect targets as Chromium reads them (issue 21 item 1). Another site, served on `localhost` while
 * the portal is on 127.0.0.1, records every visit: whatever the target, the browser must end on the
 * portal and the other site must see nobody.
 */
let browser: Browser
let page: Page
let elsewhere: http.Server
const visits: string[] = []
let otherHost = ''

beforeAll(async () => {
  browser = await launch()
  elsewhere = http.createServer((req, res) => {
    visits.push(req.url ?? '')
    res.writeHead(200, { 'content-type': 'text/plain' }).end('another site')
  })
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve))
  otherHost = `localhost:${(elsewhere.address() as AddressInfo).port}`
  // Its own context: openPage's are closed after each test, and this page serves them all.
  page = await (await browser.newContext({ baseURL: baseURL() })).newPage()
})
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => elsewhere?.close(resolve))
})

const portalHost = () => new URL(baseURL()).host

/** Every generated variant, checked in one page (a new context each would take minutes). */
describe('/redirect?url= in Chromium', () => {
  it('never ends on another site, and refuses control characters with the 400 envelope', async () => {
    const variants = redirectVariants('HOST')
    expect(variants.length).toBeGreaterThan(100)
    // Every problem is collected, so a failing run shows the whole table, not its first row.
    const problems: string[] = []
    for (const variant of variants) {
      const value = variant.value.replaceAll('HOST', otherHost)
      const label = JSON.stringify(value)
      const address = `/redirect?url=${encodeURIComponent(value)}`
      // What the server answers, redirects not followed.
      const answer = await fetch(`${baseURL()}${address}`, { redirect: 'manual' })
      const body = await answer.text()
      if (answer.status >= 500) problems.push(`${label}: HTTP ${answer.status} ${body.slice(0, 80)}`)
      if (variant.control) {
        const envelope = answer.headers.get('content-type')?.includes('json') ? JSON.parse(body) : body
        if (answer.status !== 400 || envelope?.msg !== '跳转地址无效' || envelope?.code !== 400)
          problems.push(`${label}: expected the 400 envelope, got HTTP ${answer.status} ${body.slice(0, 80)}`)
        if (!answer.headers.get('content-security-policy'))
          problems.push(`${label}: answered without the security headers`)
      }
      // Where Chromium ends.
      await page.goto(address).catch(() => undefined)
      const host = new URL(page.url()).host
      if (host !== portalHost()) problems.push(`${label}: Chromium ended on ${page.url()}`)
    }
    expect(problems).toEqual([])
    expect(visits).toEqual([])
  })

  it.each(SAFE_TARGETS)('keeps the site path %s (arrives as %s)', async (input, arrives) => {
    await page.goto(`/redirect?url=${encodeURIComponent(input)}`)
    const landed = new URL(page.url())
    expect(landed.host).toBe(portalHost())
    expect(`${landed.pathname}${landed.search}${landed.hash}`).toBe(arrives)
  })
})

describe('return_url after sign-in', () => {
  it.each([`/\t/HOST/`, `/\\HOST/`, `%2F%09%2FHOST%2F`, `/.//HOST/`])(
    'signing in with return_url=%s stays on the site',
    async (raw) => {
      const { page: fresh } = await openPage(browser)
      const value = raw.replaceAll('HOST', otherHost)
      await fresh.goto(`/login?return_url=${encodeURIComponent(value)}`)
      await submitLogin(fresh, '13800000001', 'Kabu2026!')
      await fresh.waitForURL((url) => url.pathname !== '/login')
      await fresh.waitForLoadState('domcontentloaded')
      expect(new URL(fresh.url()).host).toBe(portalHost())
      expect(visits).toEqual([])
    },
  )
})

/**
 * Issue 33 item 1: the router opens /REDIRECT, /Redirect/ and /%52edirect as the hand-off page, so
 * a return_url spelt so must be judged as that page: the visitor signs in and lands on the home page,
 * never on 确认登录 for the attacker's account.
 */
describe('return_url naming a page that acts, under any spelling', () => {
  let attackersCode = ''
  beforeAll(async () => {
    const { page: attacker } = await openPage(browser)
    await signIn(attacker, '13800000003')
    const token = (await attacker.context().cookies()).find((c) => c.name === TOKEN_COOKIE)?.value
    const res = await attacker.request.post('/api/my/handoff', {
      headers: { authorization: decodeURIComponent(token ?? '') },
      data: { url: '/mine' },
    })
    attackersCode = new URL((await res.json()).data.link).searchParams.get('token') ?? ''
    expect(attackersCode).not.toBe('')
  })

  // Each spelling of /redirect is a real sign-in (the attack); /authorizeWx's are the same rule,
  // judged in tests/unit/redirect-target.test.ts.
  it('signing in with return_url=<each spelling of /redirect>?token=… lands home, never on 确认登录', async () => {
    const spellings = actingPathSpellings('/redirect')
    const { page: visitor } = await openPage(browser)
    const problems: string[] = []
    for (const spelling of spellings) {
      // Signed out each time, so /login shows its form whatever it does for a signed-in visitor.
      await visitor.context().clearCookies()
      const returnUrl = `${spelling}?token=${encodeURIComponent(attackersCode)}&url=%2Fmine`
      await visitor.goto(`/login?return_url=${encodeURIComponent(returnUrl)}`)
      await submitLogin(visitor, '13800000001', 'Kabu2026!')
      await visitor.waitForURL((url) => url.pathname !== '/login')
      const landed = new URL(visitor.url())
      if (landed.pathname !== '/') problems.push(`${spelling}: landed on ${landed.pathname}${landed.search}`)
      if (await visitor.getByTestId('handoff-confirm').isVisible())
        problems.push(`${spelling}: 确认登录 shown`)
    }
    expect(problems).toEqual([])
  }, 180_000)
})

/** Under the staging prefix (BASE_PATH=/test/): the prefix must not hide `//host` from the check. */
describe('under BASE_PATH=/test/', () => {
  const stagingHost = () => new URL(stagingURL()).host
  const PREFIXED = [
    '/test//HOST/',
    '/test/\\HOST/',
    '/test/.//HOST/',
    '%2Ftest%2F%2FHOST%2F',
    '/test/\t/HOST/',
  ]

  it('/test/redirect?url= never leaves the site', async () => {
    const problems: string[] = []
    for (const raw of PREFIXED) {
      const value = raw.replaceAll('HOST', otherHost)
      await page.goto(`${stagingURL()}/test/redirect?url=${encodeURIComponent(value)}`).catch(() => undefined)
      if (new URL(page.url()).host !== stagingHost())
        problems.push(`${JSON.stringify(value)} → ${page.url()}`)
    }
    expect(problems).toEqual([])
    expect(visits).toEqual([])
  })

  it.each(PREFIXED.slice(0, 3))('signing in with return_url=%s stays on the site', async (raw) => {
    const { page: fresh } = await openPage(browser, 1280, stagingURL())
    await fresh.goto(`/test/login?return_url=${encodeURIComponent(raw.replaceAll('HOST', otherHost))}`)
    await submitLogin(fresh, '13800000001', 'Kabu2026!')
    await fresh.waitForURL((url) => url.pathname !== '/test/login')
    expect(new URL(fresh.url()).host).toBe(stagingHost())
    expect(visits).toEqual([])
  })

  it('the WeChat sign-in returns within the site whatever its return_url', async () => {
    const { page: fresh } = await openPage(browser, 1280, stagingURL())
    await fresh.goto(`/test/wxlogin?return_url=${encodeURIComponent(`/test//${otherHost}/`)}`)
    await fresh.getByTestId('wx-open-here').click()
    await fresh.waitForURL((u) => u.pathname === '/api/sandbox/wechat/authorize')
    await fresh.fill('#nickname', '前缀跳转测试')
    await fresh.getByRole('button', { name: '确认登录' }).click()
    await fresh.waitForURL(
      (u) => u.pathname.startsWith('/test') && !u.pathname.startsWith('/test/authorizeWx'),
    )
    expect(new URL(fresh.url()).host).toBe(stagingHost())
    expect(visits).toEqual([])
  })
})
