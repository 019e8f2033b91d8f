import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_STAFF, demoUsers } from '../../server/db/seed/demo-users.ts'
import { accessibilityFindings, describeFindings } from './axe.ts'
import { baseURL, launch, openPage, signIn } from './page.ts'

/**
 * Published results (issue 24 item 7) in Chromium against the built portal with the demo data: the
 * closed demo competition 2025qingtaiCompetition (103) has fictional entries, the demo judges' sheets
 * and a published publication (server/db/seed/results.ts), and the demo designer 陈思远 won 金奖 in
 * 日用产品. The results page server-rendered with share tags, at 1366 and 375 px (no sideways scroll,
 * no axe findings), the links to it, a 404 where nothing is published, and 我的赛事 with the award and
 * the judges' anonymous comments. Screenshots go to /tmp/kabu-results-*.png.
 */
const SLUG = '2025qingtaiCompetition'
const RESULTS = `/${SLUG}/results`
const DESIGNER_WORK = '「栖光」折叠台灯'
/** The demo judges' own names (README "Demo accounts"): an entrant reads only 评委一, 评委二… */
const DEMO_JUDGE_NAMES = DEMO_STAFF.filter((s) => s.role === 'judge').map(
  (s) => demoUsers.find((u) => u.account === s.account)!.username,
)
let browser: Browser

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
})

describe('the public results page', () => {
  it('is server-rendered with its title, description and share image, and the winners in the HTML', async () => {
    const res = await fetch(`${baseURL()}${RESULTS}`, { redirect: 'manual' })
    expect(res.status).toBe(200)
    const html = await res.text()
    const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? ''
    expect(/<title>([^<]*)<\/title>/.exec(head)?.[1]).toContain('获奖名单')
    const meta = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(head)?.[1] ?? ''
    expect(meta('og:title')).toContain('获奖名单')
    expect(meta('description')).toMatch(/评审结果已公布：.+共 \d+ 件作品获奖/)
    expect(meta('og:image')).toMatch(/^https?:\/\/.+\/competitions\/_share\/.+\.(jpg|png)$/)
    const image = await fetch(meta('og:image'))
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toMatch(/image\/(jpeg|png)/)
    // The winners are in the HTML itself (crawlers and share cards run no script); nothing private is.
    const body = html.replace(/<script[\s\S]*?<\/script>/g, '')
    expect(body).toContain(DESIGNER_WORK)
    expect(body).toContain('陈思远')
    expect(body).toContain('金奖')
    for (const secret of ['13700000', '示例路', 'demo-entrant-', '示例设计学院', '评委'])
      expect(html).not.toContain(secret)
  })

  it.each([1366, 375])(
    'at %i px: winners by range and award with their covers, no sideways scroll, no axe findings',
    async (width) => {
      const { page, errors } = await openPage(browser, width)
      await page.goto(RESULTS)
      await page.getByRole('heading', { level: 1, name: /获奖名单/ }).waitFor()
      const ranges = page.getByTestId('results-range')
      expect(await ranges.count()).toBe(4)
      const first = ranges.first()
      expect(await first.getByRole('heading', { level: 2 }).textContent()).toBe('日用产品')
      const levels = await first
        .getByTestId('results-award')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-award')))
      expect(levels).toEqual(['gold', 'silver', 'bronze', 'merit'])
      const gold = first.locator('[data-award=gold]').getByTestId('results-winner')
      expect(await gold.count()).toBe(1)
      expect(await gold.textContent()).toContain(DESIGNER_WORK)
      expect(await gold.textContent()).toContain('陈思远')
      // The cover is the public thumbnail and loads for a signed-out visitor.
      const cover = gold.getByTestId('work-cover')
      await cover.scrollIntoViewIfNeeded()
      await page.waitForFunction(
        (el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0,
        await cover.elementHandle(),
      )
      expect(await cover.getAttribute('data-cover')).toBe('own')
      expect(await cover.getAttribute('src')).toMatch(/^\/api\/files\/[0-9a-f]{64}\.png\/thumb\?w=280$/)
      expect(await noSideScroll(page)).toBe(true)
      expect(describeFindings(await accessibilityFindings(page), RESULTS)).toBe('')
      await page.screenshot({
        path: `/tmp/kabu-results-page-${width}.png`,
        fullPage: width !== 375,
      })
      expect(errors).toEqual([])
    },
  )

  it('answers the site’s 404 page for a competition whose results are not published', async () => {
    const res = await fetch(`${baseURL()}/competition/results`, { redirect: 'manual' })
    expect([301, 302, 303, 307, 308]).toContain(res.status)
    expect(new URL(res.headers.get('location') ?? '', baseURL()).pathname).toBe('/404')
    const { page } = await openPage(browser, 1366)
    await page.goto('/competition/results')
    expect(new URL(page.url()).pathname).toBe('/404')
  })
})

describe('links to the results page', () => {
  it('the competition’s index page leads to it; a competition without results has no link', async () => {
    const { page, errors } = await openPage(browser, 375)
    await page.goto(`/${SLUG}/index`)
    const notice = page.getByTestId('results-notice')
    await notice.waitFor()
    await notice.getByRole('link', { name: '查看获奖名单' }).click()
    await page.waitForURL(`**${RESULTS}`)
    await page.getByTestId('results-winner').first().waitFor()
    await page.goto('/competition/index')
    await page.getByRole('navigation', { name: '赛事导航' }).waitFor()
    expect(await page.getByTestId('results-notice').count()).toBe(0)
    expect(await page.getByRole('link', { name: '获奖名单' }).count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('/events/index links it on the competition’s card only', async () => {
    const { page, errors } = await openPage(browser, 1366)
    await page.goto('/events/index')
    await page.getByTestId('hub-card').first().waitFor()
    const links = page.getByTestId('hub-results-link')
    expect(await links.count()).toBe(1)
    expect(await links.getAttribute('href')).toBe(RESULTS)
    await links.click()
    await page.waitForURL(`**${RESULTS}`)
    await page.getByTestId('results-winner').first().waitFor()
    expect(errors).toEqual([])
  })
})

describe('我的赛事 after publication', () => {
  it.each([1366, 375])(
    'at %i px the demo designer sees the award, the rank and the judges’ anonymous comments',
    async (width) => {
      const { page, errors } = await openPage(browser, width)
      await signIn(page)
      await page.goto('/mine?change=Competition')
      const entry = page.locator('[data-testid=my-competition][data-competition-id="103"]')
      const result = entry.getByTestId('my-result')
      await result.waitFor()
      expect(await result.textContent()).toContain(DESIGNER_WORK)
      expect(await entry.getByTestId('my-result-award').textContent()).toBe('金奖')
      expect(await result.textContent()).toMatch(/类别排名第 1 名（共 \d+ 件）/)
      const comments = entry.getByTestId('my-result-comments').getByRole('listitem')
      expect(await comments.count()).toBeGreaterThan(0)
      expect(await comments.first().textContent()).toMatch(/^终评 · 评委一：.+/)
      // Never who judged: none of the demo judges' names.
      for (const judge of DEMO_JUDGE_NAMES) expect(await entry.textContent()).not.toContain(judge)
      expect(await noSideScroll(page)).toBe(true)
      await entry.scrollIntoViewIfNeeded()
      await entry.screenshot({ path: `/tmp/kabu-results-mine-${width}.png` })
      expect(errors).toEqual([])
    },
  )
})
