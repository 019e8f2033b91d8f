import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_DESIGNERS, DEMO_TALENTS } from '../../server/db/seed/people-data.ts'
import { SEED_WORKS } from '../../server/db/seed/works.ts'
import { launch, openPage, waitForHydration } from './page.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

/** The seeded designers plus the demo account's own profile. */
const DESIGNERS = DEMO_DESIGNERS.length + 1

describe('designer directory (issue 11 items 4 and 5)', () => {
  it('filters by evaluation standard, province and city, keeps the filters in the URL and goes back to page 1', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/designer/index')
    const total = page.getByTestId('designer-total')
    await expect.poll(() => total.textContent()).toBe(`共 ${DESIGNERS} 位设计师`)
    expect(await page.getByTestId('designer-card').count()).toBe(12)

    // Page 2 first: choosing a filter must come back to page 1.
    // Server-rendered as links a crawler can follow.
    const next = page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '下一页' })
    expect(await next.getAttribute('href')).toBe('/designer/index?page=2')
    await waitForHydration(page, 'nav[aria-label=分页] a')
    await next.click()
    await page.waitForURL((u) => u.searchParams.get('page') === '2')
    await page.getByRole('combobox', { name: '评价标准' }).selectOption({ label: '首席设计师' })
    await page.waitForURL(
      (u) => u.searchParams.get('evaluateStandard') === '5' && !u.searchParams.has('page'),
    )
    const masters = DEMO_DESIGNERS.filter((d) => d.standard === '5')
    await expect.poll(() => total.textContent()).toBe(`共 ${masters.length} 位设计师`)
    await page.getByRole('combobox', { name: '评价标准' }).selectOption({ label: '全部' })
    await expect.poll(() => total.textContent()).toBe(`共 ${DESIGNERS} 位设计师`)

    // Province, then city: the city list is the province's.
    await page.getByRole('combobox', { name: '省份' }).selectOption({ label: '江苏省' })
    await page.waitForURL((u) => u.searchParams.get('cityId') === '320000')
    const jiangsu = DEMO_DESIGNERS.filter((d) => d.city.startsWith('32')).length + 1
    await expect.poll(() => total.textContent()).toBe(`共 ${jiangsu} 位设计师`)
    await page.getByRole('combobox', { name: '城市' }).selectOption({ label: '苏州市' })
    await page.waitForURL((u) => u.searchParams.get('cityId') === '320500')
    await expect.poll(() => total.textContent()).toBe('共 3 位设计师')
    const names = await page.getByTestId('designer-card').allTextContents()
    expect(names.join()).toContain('沈栖梧')

    // The filtered address, opened fresh, is the same page (server-rendered from the URL).
    const shared = page.url()
    const { page: other } = await openPage(browser)
    await other.goto(shared)
    await expect.poll(() => other.getByTestId('designer-total').textContent()).toBe('共 3 位设计师')
    expect(await other.getByRole('combobox', { name: '城市' }).inputValue()).toBe('320500')
    expect(errors).toEqual([])
  })

  it('keeps both of two filters chosen in quick succession, while the first is still loading', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/designer/index')
    await expect.poll(() => page.getByTestId('designer-card').count()).toBe(12)
    // The directory answers slowly, so the second choice is made before the first page has loaded.
    await page.route('**/api/designer/list*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.getByRole('combobox', { name: '评价标准' }).selectOption({ label: '首席设计师' })
    await page.waitForTimeout(200)
    await page.getByRole('combobox', { name: '省份' }).selectOption({ label: '江苏省' })
    await page.waitForURL(
      (u) => u.searchParams.get('evaluateStandard') === '5' && u.searchParams.get('cityId') === '320000',
    )
    await page.unroute('**/api/designer/list*')
    const totalOf = (query: string) =>
      page.request
        .get(`/api/designer/list?pageSize=1&${query}`)
        .then((r) => r.json())
        .then((b) => b.total as number)
    const both = await totalOf('evaluateStandard=5&cityId=320000')
    // The two filters together are fewer than the province alone: the first choice was not lost.
    expect(both).toBeLessThan(await totalOf('cityId=320000'))
    await expect.poll(() => page.getByTestId('designer-total').textContent()).toBe(`共 ${both} 位设计师`)
    expect(errors).toEqual([])
  })

  it('finds a designer by part of the name, and a card opens the designer’s page with the badges, prizes and certificate', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/designer/index')
    await page.getByRole('textbox', { name: '姓名、工作室、城市或专长' }).fill('既明')
    await page.locator('main').getByRole('button', { name: '搜索', exact: true }).click()
    await expect.poll(() => page.getByTestId('designer-total').textContent()).toBe('共 1 位设计师')
    const card = page.getByTestId('designer-card')
    expect(await card.textContent()).toContain('人才大使')
    await card.click()
    await page.waitForURL((u) => u.pathname === '/designer/detail' && u.searchParams.has('id'))
    const profile = page.getByTestId('designer-profile')
    await expect.poll(() => profile.textContent()).toContain('方既明')
    expect(await profile.textContent()).toContain('首席设计师')
    expect(await page.title()).toBe('方既明 - 咖簿网')
    const body = (await page.locator('main').textContent()) ?? ''
    for (const text of [
      '长风交通工具设计奖（示例） · 乘用车造型奖',
      '金奖',
      '实用新型专利',
      '企业委托项目',
      '证书编号 KBC',
    ]) {
      expect(body).toContain(text)
    }
    const certificate = page.getByRole('img', { name: '方既明的认证证书' })
    await expect
      .poll(() => certificate.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true)
    expect(errors).toEqual([])
  })

  it('lists the designer’s rights-confirmed works on the designer’s page, and a card opens the work', async () => {
    const { page, errors } = await openPage(browser)
    // Designer 1 is the demo account 陈思远. Other files may register works for the account first,
    // so what the page must show comes from the API: the total and the newest 8.
    const newest = await page.request
      .get('/api/works/list?pageNum=1&pageSize=8&userId=1')
      .then((r) => r.json() as Promise<{ total: number; rows: Array<{ worksName: string }> }>)
    expect(newest.total).toBeGreaterThanOrEqual(SEED_WORKS.filter((w) => w.account === '13800000001').length)
    // An address of its own: the server keeps a rendered page 30 s.
    await page.goto(`/designer/detail?id=1&works=${newest.total}`)
    const works = page.getByTestId('designer-works')
    await expect.poll(() => works.count()).toBe(1)
    expect(await page.getByRole('heading', { name: `确权作品（${newest.total}）` }).count()).toBe(1)
    const text = (await works.textContent()) ?? ''
    for (const w of newest.rows) expect(text).toContain(w.worksName)
    // The open dialog hides the page from the accessibility tree, so the heading is checked first.
    const first = newest.rows[0]!.worksName
    await works.getByText(first).click()
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain(first)
    expect(errors).toEqual([])
  })

  it('lists one designer’s works in the works directory, keeping the designer through the type filter', async () => {
    const { page, errors } = await openPage(browser)
    // Other files may register works for this account first, so the figure comes from the API.
    const expected = await page.request
      .get('/api/works/list?pageNum=1&pageSize=1&userId=1')
      .then((r) => r.json() as Promise<{ total: number }>)
    expect(expected.total).toBeGreaterThanOrEqual(
      SEED_WORKS.filter((w) => w.account === '13800000001').length,
    )
    await page.goto('/works/index?userId=1')
    await waitForHydration(page, '[data-testid=works-type-filter] a')
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('陈思远的确权作品')
    expect(await page.title()).toBe('确权作品：陈思远 - 咖簿网')
    await expect.poll(() => page.getByTestId('works-total').textContent()).toBe(`共 ${expected.total} 件作品`)
    const cards = page.getByTestId('work-card')
    expect(await cards.count()).toBe(Math.min(12, expected.total))
    expect(await page.getByTestId('work-grid').textContent()).not.toContain('周可')

    // A type keeps the designer; the link above the filter drops the designer and keeps the type.
    await page.getByTestId('works-type-filter').getByRole('link', { name: '产品设计' }).click()
    await page.waitForURL((u) => u.searchParams.get('userId') === '1' && u.searchParams.has('worksType'))
    const type = new URL(page.url()).searchParams.get('worksType')
    // The address changes before React has drawn the new page: the link is read once it has.
    const allDesigners = page.getByRole('link', { name: '← 全部设计师的作品' })
    await expect.poll(() => allDesigners.getAttribute('href')).toContain(`worksType=${type}`)
    await allDesigners.click()
    await page.waitForURL((u) => !u.searchParams.has('userId') && u.searchParams.get('worksType') === type)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('确权作品')
    expect(errors).toEqual([])
  })

  it('says so for a designer, a talent or a work that does not exist, with HTTP 404 (no soft 404)', async () => {
    const { page } = await openPage(browser)
    const response = await page.goto('/designer/detail?id=999999')
    expect(response?.status()).toBe(404)
    await expect.poll(() => page.getByTestId('designer-missing').textContent()).toContain('未找到该设计师')
    for (const address of ['/talent/detail?id=999999', '/works/detail?id=999999', '/works/detail?id=abc'])
      expect((await page.goto(address))?.status(), address).toBe(404)
    expect((await page.goto('/designer/detail?id=1'))?.status()).toBe(200)
  })
})

describe('site search', () => {
  it('finds a seeded designer by part of the Chinese name and the result opens the designer’s page', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto(`/search/index?keyword=${encodeURIComponent('云岫')}`)
    const group = page.getByRole('region', { name: '设计师' })
    const result = group.getByTestId('search-result').filter({ hasText: '苏云岫' })
    await result.getByRole('link', { name: '苏云岫' }).click()
    await page.waitForURL((u) => u.pathname === '/designer/detail')
    await expect.poll(() => page.getByTestId('designer-profile').textContent()).toContain('苏云岫')
    expect(errors).toEqual([])
  })
})

describe('talent pages', () => {
  it('lists talents, filters by school record, and opens one with the portfolio', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/talent/index')
    const total = page.getByTestId('talent-total')
    await expect.poll(() => total.textContent()).toBe(`共 ${DEMO_TALENTS.length} 位人才`)
    await page.getByRole('combobox', { name: '学历' }).selectOption({ label: '硕士研究生' })
    await expect
      .poll(() => total.textContent())
      .toBe(`共 ${DEMO_TALENTS.filter((t) => t.record === '4').length} 位人才`)
    await page.getByTestId('talent-card').filter({ hasText: '梅若华' }).click()
    await page.waitForURL((u) => u.pathname === '/talent/detail')
    await expect.poll(() => page.getByTestId('talent-profile').textContent()).toContain('梅若华')
    expect(await page.getByTestId('talent-portfolio').getByRole('img').count()).toBe(2)
    expect(await page.title()).toBe('梅若华 - 咖簿网')
    expect(errors).toEqual([])
  })
})
