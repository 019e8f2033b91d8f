import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAGING_PREFIX } from '../support/e2e-server.ts'
import { launch, openPage, scrollThrough, stagingURL, submitLogin } from './page.ts'

// The staging build: `vite build` with BASE_PATH=/test/ into dist-test/, served by a second real server
// started with BASE_PATH=/test/ (tests/support/e2e-server.ts). Every site path must stay under the
// prefix; the API stays at /api (issue 7, item 11).

const P = STAGING_PREFIX.replace(/\/$/, '') // '/test'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

const openStaging = () => openPage(browser, 1280, stagingURL())

/** Records every request that failed or answered 4xx/5xx. */
function watchFailures(page: Page): string[] {
  const failed: string[] = []
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`))
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`)
  })
  return failed
}

async function signInOnStaging(page: Page, account = '13800000001'): Promise<void> {
  await page.goto(`${P}/login`)
  await submitLogin(page, account, 'Kabu2026!')
  // The router writes the prefix's home as /test (no trailing slash).
  await page.waitForURL((url) => url.pathname === P || url.pathname === `${P}/`)
}

describe(`the staging build under ${STAGING_PREFIX}`, () => {
  it('loads every image and the video poster of a landing page from under the prefix', async () => {
    const { page, errors } = await openStaging()
    const failed = watchFailures(page)
    await page.goto(`${P}/application/designWeek`)
    await page.locator('[data-section]').first().waitFor()
    await scrollThrough(page)

    const images = await page.locator('main img').evaluateAll((els) =>
      els.map((e) => {
        const img = e as HTMLImageElement
        return {
          path: new URL(img.currentSrc || img.src).pathname,
          loaded: img.complete && img.naturalWidth > 0,
        }
      }),
    )
    expect(images.length).toBeGreaterThan(3)
    expect(images.filter((i) => i.loaded).length).toBeGreaterThan(3)
    for (const image of images) {
      expect(image.path.startsWith(`${P}/landing/`), image.path).toBe(true)
      // Some stay lazy (a speaker row wider than the screen): ask for those too.
      if (!image.loaded) expect((await page.request.get(image.path)).status(), image.path).toBe(200)
    }
    const poster = await page.locator('main video').first().getAttribute('poster')
    expect(poster?.startsWith(`${P}/landing/`), String(poster)).toBe(true)
    expect(failed).toEqual([])
    expect(errors).toEqual([])
  })

  it('points the sign-up form’s agreement link under the prefix, and it opens', async () => {
    const { page } = await openStaging()
    await page.goto(`${P}/application/designWeek#signup`)
    const link = page.locator('[data-section] form').getByRole('link', { name: /协议|政策/ })
    await link.first().waitFor()
    expect(await link.first().getAttribute('href')).toBe(`${P}/agreement/private`)
    const [tab] = await Promise.all([page.context().waitForEvent('page'), link.first().click()])
    await expect.poll(() => tab.locator('main h1').textContent()).toBe('咖簿网隐私政策')
    expect(new URL(tab.url()).pathname).toBe(`${P}/agreement/private`)
  })

  it('points the real-name form’s agreement link under the prefix', async () => {
    const { page } = await openStaging()
    // The new demo user, who is not verified yet.
    await signInOnStaging(page, '13800000002')
    await page.getByTestId('realname-card').getByRole('button', { name: '立即实名认证' }).click()
    await page.getByTestId('realname-tip').getByRole('button', { name: '去认证' }).click()
    const link = page.getByTestId('realname-form').getByRole('link', { name: /协议/ })
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe(`${P}/agreement/user`)
  })

  it('after a 403 sends the visitor to sign in under the prefix and back to the same page', async () => {
    const { page } = await openStaging()
    await signInOnStaging(page)
    await page.goto(`${P}/agreement/private`)
    await expect.poll(() => page.locator('main h1').textContent()).toBe('咖簿网隐私政策')
    // The page comes rendered signed out; the browser checks the session after hydrating. The session
    // must end after that check (a check that fails itself goes to /index, as the spec says).
    await expect.poll(() => page.getByTestId('user-menu').isVisible()).toBe(true)
    const token = (await page.context().cookies()).find((c) => c.name === 'kb_member_token')!.value
    // The session ends elsewhere; coming back to the tab, the shell's protected check gets code 403.
    await page.request.post('/api/logout', { headers: { authorization: token } })
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await page.waitForURL((url) => url.pathname === `${P}/login`)
    expect(new URL(page.url()).searchParams.get('return_url')).toBe('/agreement/private')

    await submitLogin(page, '13800000001', 'Kabu2026!')
    await page.waitForURL((url) => url.pathname === `${P}/agreement/private`)
    await expect.poll(() => page.locator('main h1').textContent()).toBe('咖簿网隐私政策')
  })

  it('knows it is already on the login page: a 403 there does not send it to sign in again', async () => {
    const { page } = await openStaging()
    // A proxy in front refuses the footer's partner list with a bare 403, which the client reads as
    // code 403 (the page itself, menu included, comes rendered by the server).
    await page.route('**/api/common/partners', (route) =>
      route.fulfill({ status: 403, contentType: 'text/html', body: '<h1>403 Forbidden</h1>' }),
    )
    const login = `${P}/login?return_url=%2Fagreement%2Fprivate`
    await page.goto(login)
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('没有访问权限，请重新登录')
    await page.waitForTimeout(300)
    const url = new URL(page.url())
    expect(`${url.pathname}${url.search}`).toBe(login)
    expect(await page.getByTestId('login-prompt').getAttribute('href')).toBe(`${P}/login`)
  })

  it('sends an unknown path to the 404 page under the prefix', async () => {
    const { page, errors } = await openStaging()
    await page.goto(`${P}/no/such/page`)
    await page.waitForURL((url) => url.pathname === `${P}/404`)
    await expect.poll(() => page.locator('main h1').textContent()).toBe('页面不存在')
    await page.goto(`${P}/application/no-such-campaign`)
    await page.waitForURL((url) => url.pathname === `${P}/404`)
    expect(errors).toEqual([])
  })
})
