import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOKEN_COOKIE } from '../../schemas/contract.ts'
import { actingPathSpellings } from '../support/redirect-variants.ts'
import { VALID_FORMS } from '../support/valid-forms.ts'
import { entryWithWork, newEntrant, workStands } from './entrants.ts'
import { baseURL, launch, openPage, signIn, submitLogin } from './page.ts'

/**
 * Issue 21 items 2 and 3 in Chromium: a page on another site (served on `localhost` while the portal is
 * on 127.0.0.1) tries what the review did — navigate the visitor to a state-changing GET, post a form,
 * and sign the visitor into the attacker's account through /redirect. Each fails; the same actions
 * from the portal itself work.
 */
let browser: Browser
let attacker: http.Server
let attackerOrigin = ''

/** The other site: `/go?to=` navigates the top window, `/post?to=` submits a form there. */
function attackerPage(url: URL): string {
  const to = url.searchParams.get('to') ?? ''
  if (url.pathname === '/post')
    return `<form id="f" method="post" action="${to}"></form><script>document.getElementById('f').submit()</script>`
  return `<p>正在跳转</p><script>location = ${JSON.stringify(to)}</script>`
}

beforeAll(async () => {
  browser = await launch()
  attacker = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(attackerPage(new URL(req.url ?? '/', 'http://x')))
  })
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve))
  attackerOrigin = `http://localhost:${(attacker.address() as AddressInfo).port}`
})
afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => attacker?.close(resolve))
})

const tokenOf = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === TOKEN_COOKIE)?.value

/** Sends the page to the other site, which sends it on to `to`; resolves once it is back on the portal. */
async function viaAttacker(page: Page, kind: 'go' | 'post', to: string) {
  // The frame's own goto: the page's waits for the portal's app, which the other site is not.
  await page.mainFrame().goto(`${attackerOrigin}/${kind}?to=${encodeURIComponent(to)}`)
  await page.waitForURL((url) => url.origin === baseURL())
  await page.waitForLoadState('domcontentloaded')
}

describe('requests another site makes the browser send', () => {
  it('a navigation to deleteWork (a GET that deletes) deletes nothing', async () => {
    const account = await newEntrant('13900002101', 'Kabu2026!')
    const id = entryWithWork(account, 'competition')
    const { page } = await openPage(browser)
    await signIn(page, account)
    await viaAttacker(page, 'go', `${baseURL()}/api/tbCompetitionInfo/deleteWork?id=${id}`)
    expect(await page.locator('body').textContent()).toContain('不接受来自其他网站的请求')
    expect(workStands(id)).toBe(true)
    // The portal's own request, with the token the SPA sends, does delete it: the test could see a deletion.
    const token = await tokenOf(page)
    const own = await page.evaluate(
      async ({ t, work }) =>
        (
          await fetch(`/api/tbCompetitionInfo/deleteWork?id=${work}`, { headers: { authorization: t ?? '' } })
        ).json(),
      { t: token, work: id },
    )
    expect(own.code).toBe(200)
    expect(workStands(id)).toBe(false)
  })

  it('a form posted to the address book deletes no address', async () => {
    const { page } = await openPage(browser)
    const account = await newEntrant('13900002102', 'Kabu2026!')
    await signIn(page, account)
    const token = (await tokenOf(page)) as string
    const added = await page.request.post('/api/address/insert', {
      headers: { authorization: token },
      data: VALID_FORMS.address,
    })
    expect((await added.json()).code, await added.text()).toBe(200)
    const list = async () =>
      (await (await page.request.get('/api/address/list', { headers: { authorization: token } })).json()).data
    const [address] = await list()
    await viaAttacker(page, 'post', `${baseURL()}/api/address/delete/${address.id}`)
    expect(await list()).toHaveLength(1)
  })
})

describe('/redirect from another site (login CSRF)', () => {
  /** A hand-off link the attacker mints for their own account. */
  async function attackersLink(): Promise<string> {
    const { page } = await openPage(browser)
    await signIn(page, '13800000003')
    const res = await page.request.post('/api/my/handoff', {
      headers: { authorization: (await tokenOf(page)) as string },
      data: { url: '/mine?change=Info' },
    })
    return (await res.json()).data.link as string
  }

  it('leaves a signed-in visitor signed in as themselves', async () => {
    const link = await attackersLink()
    const { page } = await openPage(browser)
    await signIn(page)
    const before = await tokenOf(page)
    await viaAttacker(page, 'go', link)
    expect(await tokenOf(page)).toBe(before)
    // The demo designer's nickname (13800000003 would be 周可).
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('思远设计')
  })

  it('sends the visitor straight on under every spelling the router opens as /redirect (/REDIRECT, /Redirect/…)', async () => {
    // Issue 33 item 1: /REDIRECT?token= from another site showed 确认登录 for the attacker's account.
    const link = new URL(await attackersLink())
    const { page } = await openPage(browser)
    await signIn(page)
    const before = await tokenOf(page)
    const problems: string[] = []
    for (const spelling of actingPathSpellings('/redirect')) {
      await viaAttacker(page, 'go', `${baseURL()}${spelling}${link.search}`)
      const landed = new URL(page.url())
      if (`${landed.pathname}${landed.search}` !== '/mine?change=Info')
        problems.push(`${spelling}: landed on ${landed.pathname}${landed.search}`)
      if (await page.getByTestId('handoff-confirm').isVisible()) problems.push(`${spelling}: 确认登录 shown`)
    }
    expect(problems).toEqual([])
    expect(await tokenOf(page)).toBe(before)
  })

  it('leaves a signed-out visitor signed out', async () => {
    const link = await attackersLink()
    const { page } = await openPage(browser)
    await page.goto('/')
    await viaAttacker(page, 'go', link)
    expect(await tokenOf(page)).toBeUndefined()
  })

  it('cannot ride a sign-in: return_url=/redirect?token=… goes home, signed in as the visitor', async () => {
    // The review's way in: a same-site navigation after the visitor's own sign-in.
    const link = new URL(await attackersLink())
    const { page } = await openPage(browser)
    await page.goto(`/login?return_url=${encodeURIComponent(link.pathname + link.search)}`)
    await submitLogin(page, '13800000001', 'Kabu2026!')
    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('思远设计')
    const me = await page.request.get('/api/my/getUserBase', {
      headers: { authorization: (await tokenOf(page)) as string },
    })
    expect((await me.json()).data.username).toBe('陈思远')
  })

  it('a link the visitor opens themselves names the account it would switch to, and 取消 keeps theirs', async () => {
    const link = await attackersLink()
    const { page } = await openPage(browser)
    await signIn(page)
    const before = await tokenOf(page)
    await page.goto(link)
    await expect.poll(() => page.getByTestId('handoff-account').textContent()).toContain('138****0003')
    await expect.poll(() => page.getByTestId('handoff-switch').textContent()).toContain('当前已登录')
    await page.screenshot({ path: '/tmp/kabu-handoff-confirm-1366.png' })
    await page.getByRole('button', { name: '取消' }).click()
    await page.waitForURL((url) => url.pathname === '/mine')
    expect(await tokenOf(page)).toBe(before)
  })
})

describe('在其他设备登录 (a hand-off link opened by its owner)', () => {
  it('signs a phone in from the QR code of the settings page, once', async () => {
    const { page } = await openPage(browser)
    await signIn(page)
    await page.goto('/mine?change=Setting')
    await page.getByRole('button', { name: '生成登录二维码' }).click()
    await expect.poll(() => page.getByTestId('handoff-qr').isVisible()).toBe(true)
    await page.screenshot({ path: '/tmp/kabu-handoff-1366.png', fullPage: true })
    const link = (await page.getByTestId('handoff-link').textContent()) as string
    expect(await page.getByTestId('handoff-status').textContent()).toContain('仅可使用一次')

    // The phone opens the scanned address itself (Sec-Fetch-Site: none) and confirms the account.
    const phone = await openPage(browser, 375)
    await phone.page.goto(link)
    await expect.poll(() => phone.page.getByTestId('handoff-account').textContent()).toContain('138****0001')
    await phone.page.screenshot({ path: '/tmp/kabu-handoff-confirm-375.png' })
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    await phone.page.getByRole('button', { name: '确认登录' }).click()
    await phone.page.waitForURL('**/mine?change=Info')
    await expect.poll(() => phone.page.getByTestId('user-menu').count()).toBeGreaterThan(0)
    expect(await tokenOf(phone.page)).toBeDefined()
    await phone.page.screenshot({ path: '/tmp/kabu-handoff-phone-375.png' })

    // A second device with the same link gets nothing: the code is spent.
    const other = await openPage(browser, 375)
    await other.page.goto(link)
    await other.page.getByTestId('handoff-invalid').waitFor()
    expect(await tokenOf(other.page)).toBeUndefined()

    // The settings page at phone width.
    await page.setViewportSize({ width: 375, height: 800 })
    await page.screenshot({ path: '/tmp/kabu-handoff-375.png', fullPage: true })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
  })
})
