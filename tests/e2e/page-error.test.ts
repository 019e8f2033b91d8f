import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, openPage } from './page.ts'

// A page whose data or code fails to load shows the failure inside the page area; the shell (header,
// footer, back-to-top, toasts) stays, and the page can be retried in place (issue 7, item 10).

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

async function expectShellAround(page: Page): Promise<void> {
  await expect.poll(() => page.locator('header').first().isVisible()).toBe(true)
  expect(await page.locator('footer').first().isVisible()).toBe(true)
  expect(await page.getByRole('button', { name: '回到顶部' }).isVisible()).toBe(true)
  expect(
    await page
      .getByRole('link', { name: /^咖簿网\s?首页$/ })
      .first()
      .isVisible(),
  ).toBe(true)
}

/**
 * The home page with its footer hydrated (the footer hydrates when it nears the viewport, and its
 * partner carousel appears then): a click on a footer link is then the app's own navigation.
 */
async function homeWithLiveFooter(page: Page): Promise<void> {
  await page.goto('/')
  await page.getByRole('heading', { name: '平台服务' }).waitFor()
  await page.locator('footer').first().scrollIntoViewIfNeeded()
  await page.getByTestId('partner-carousel').waitFor()
}

/** A mark that a full page reload would wipe out. */
const markWindow = (page: Page) => page.evaluate(() => Object.assign(window, { kabuNoReload: true }))
const stillMarked = (page: Page) => page.evaluate(() => 'kabuNoReload' in window)

describe('a failed page load keeps the shell', () => {
  it('shows an API outage inside the page with the toast, and retries the page in place', async () => {
    const { page } = await openPage(browser)
    // The agreement API is down: the connection fails, as when the server is unreachable. (A page
    // loaded from the server comes rendered; the browser asks the API when it navigates itself.)
    await homeWithLiveFooter(page)
    await page.route('**/api/common/agreement/**', (route) => route.abort('connectionfailed'))
    await page.locator('footer').getByRole('link', { name: '用户协议' }).click()

    const failure = page.locator('main').getByTestId('page-error')
    await expect.poll(() => failure.isVisible()).toBe(true)
    expect(await failure.getByRole('heading').textContent()).toBe('页面加载失败')
    expect(await failure.textContent()).toContain('网络连接失败，请检查网络')
    await expectShellAround(page)
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('网络连接失败，请检查网络')

    // The API comes back: retrying runs the page's data load again without reloading the site.
    await markWindow(page)
    await page.unroute('**/api/common/agreement/**')
    await failure.getByRole('button', { name: '重试' }).click()
    await expect.poll(() => page.locator('main h1').textContent()).toBe('咖簿网用户服务协议')
    expect(await failure.count()).toBe(0)
    expect(await stillMarked(page)).toBe(true)
    expect(new URL(page.url()).pathname).toBe('/agreement/user')
  })

  it('shows a stale chunk after a deploy inside the shell and reloads to the new build', async () => {
    const { page } = await openPage(browser)
    await homeWithLiveFooter(page)
    // After a deploy the old chunk is gone: the lazy import of the next page fails.
    await page.route('**/assets/agreement-page-*.js', (route) =>
      route.fulfill({ status: 404, body: 'Not found' }),
    )
    await page.locator('footer').getByRole('link', { name: '用户协议' }).click()

    const failure = page.locator('main').getByTestId('page-error')
    await expect.poll(() => failure.isVisible()).toBe(true)
    expect(await failure.getByRole('heading').textContent()).toBe('网站已更新')
    await expectShellAround(page)
    expect(new URL(page.url()).pathname).toBe('/agreement/user')

    await page.unroute('**/assets/agreement-page-*.js')
    await failure.getByRole('button', { name: '刷新页面' }).click()
    await expect.poll(() => page.locator('main h1').textContent()).toBe('咖簿网用户服务协议')
  })

  it('leaves the page standing when a part of the shell cannot load its chunk', async () => {
    const { page, errors } = await openPage(browser)
    await page.route('**/assets/partner-carousel-*.js', (route) =>
      route.fulfill({ status: 404, body: 'Not found' }),
    )
    await page.goto('/')
    await page.getByRole('heading', { name: '平台服务' }).waitFor()
    // The carousel loads when the footer comes into view; its chunk is gone.
    const refused = page.waitForResponse('**/assets/partner-carousel-*.js')
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    expect((await refused).status()).toBe(404)
    // React learns of the failed import a moment after the response.
    await page.waitForTimeout(500)
    expect(errors.length).toBeGreaterThan(0)
    await expectShellAround(page)
    expect(await page.getByRole('heading', { name: '平台服务' }).isVisible()).toBe(true)
    expect(await page.getByTestId('page-error').count()).toBe(0)
  })
})
