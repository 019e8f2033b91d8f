import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MINE_TABS } from '../../src/lib/paths.ts'
import { newEntrant } from './entrants.ts'
import { launch, openPage, signIn } from './page.ts'

/** Issue 22 item 7 (entrant details) and item 5 (the /mine tables on a phone), in Chromium. */
let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

const PASSWORD = 'Entrant2026!'

/** How much wider than the window the page is: 0 when nothing scrolls sideways. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('the home page greets a new account, and welcomes back a returning one', () => {
  it('says 欢迎加入 at the first sign-in and 欢迎回来 at the next', async () => {
    const account = await newEntrant('13700002201', PASSWORD)
    const first = await openPage(browser)
    await signIn(first.page, account, PASSWORD)
    const hero = first.page.locator('main h1 + p')
    await expect.poll(() => hero.textContent()).toContain('参赛者2201，欢迎加入咖簿网。')
    expect(await hero.textContent()).not.toContain('欢迎回来')

    const again = await openPage(browser)
    await signIn(again.page, account, PASSWORD)
    await expect
      .poll(() => again.page.locator('main h1 + p').textContent())
      .toContain('参赛者2201，欢迎回来。')
    expect([...first.errors, ...again.errors]).toEqual([])
  })
})

describe('/certification/search shows each designer’s city and profession', () => {
  it('has no card without them', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/certification/search')
    const cards = page.getByTestId('certified-list').locator('> div')
    await expect.poll(() => cards.count()).toBeGreaterThan(1)
    const lines = await page.getByTestId('certified-place').allTextContents()
    expect(lines.length).toBe(await cards.count())
    expect(lines.filter((line) => line.trim() === '—')).toEqual([])
    expect(lines.some((line) => /市.* · .+/.test(line))).toBe(true)
    expect(errors).toEqual([])
  })
})

describe('the résumé keeps a province-and-city choice (/mine/cv)', () => {
  it('saves 江苏省 苏州市, shows it at /mine/cvself and offers it again when edited', async () => {
    const account = await newEntrant('13700002202', PASSWORD)
    const { page, errors } = await openPage(browser)
    await signIn(page, account, PASSWORD)
    await page.goto('/mine/cv')
    await page.locator('#root_title').fill('产品设计师')
    await page.locator('#root_summary').fill('专注家居产品设计。')
    const cascader = page.getByTestId('region-cascader')
    await cascader.getByLabel('省/直辖市').selectOption({ label: '江苏省' })
    await cascader.getByLabel('城市').selectOption({ label: '苏州市' })
    // A résumé names a city: no district to choose.
    expect(await cascader.getByLabel('区/县').count()).toBe(0)
    await page.getByRole('button', { name: '保存简历' }).click()
    await page.waitForURL((url) => url.pathname === '/mine/cvself')
    await expect.poll(() => page.textContent('main')).toContain('江苏省 苏州市')

    await page.goto('/mine/cv')
    const again = page.getByTestId('region-cascader')
    await expect.poll(() => again.getByLabel('城市').inputValue()).toBe('320500')
    expect(await again.getByLabel('省/直辖市').inputValue()).toBe('320000')
    expect(errors).toEqual([])
  })
})

describe('/mine at 375 px (issue 22 item 5)', () => {
  it('scrolls no tab sideways; orders and bills read as cards', async () => {
    const { page, errors } = await openPage(browser, 375)
    await signIn(page)
    for (const { tab } of MINE_TABS) {
      await page.goto(`/mine?change=${tab}`)
      await page.locator('main h2').first().waitFor()
      // Measured once the tab's records are in (its loading skeleton gone).
      await page.waitForFunction(() => !document.querySelector('main [aria-label="加载中"]'))
      expect(await overflow(page), tab).toBe(0)
    }
    await page.goto('/mine?change=Order')
    const orders = page.getByTestId('mine-orders-cards').locator('> li')
    await expect.poll(() => orders.count()).toBeGreaterThan(0)
    expect(await orders.first().textContent()).toMatch(/订单号.*金额.*支付方式.*状态.*下单时间/)
    expect(await page.getByTestId('mine-orders').isVisible()).toBe(false)
    await page.goto('/mine?change=Bill')
    const bills = page.getByTestId('mine-bills-money-cards').locator('> li')
    await expect.poll(() => bills.count()).toBeGreaterThan(0)
    expect(await bills.first().textContent()).toMatch(/时间.*变动.*余额/)
    expect(await overflow(page)).toBe(0)
    expect(errors).toEqual([])
  }, 180_000)
})
