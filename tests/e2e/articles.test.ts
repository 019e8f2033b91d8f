import type { Browser, Request } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { QUOTATIONS } from '../../server/db/seed/articles/quotations.ts'
import { baseURL, launch, membersOnlyDocumentId, openPage, signIn, waitForHydration } from './page.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

describe('quotations (SPEC §3/§4 Quotation list)', () => {
  it('goes to page 2, then choosing a type returns to page 1 with only that type, asking the API for pageNum=1', async () => {
    const { page, errors } = await openPage(browser)
    const asked: URL[] = []
    page.on('request', (r: Request) => {
      const url = new URL(r.url())
      if (url.pathname === '/api/sysDesignQuotation') asked.push(url)
    })
    await page.goto('/quotation/index')
    await expect.poll(() => page.getByTestId('quotation-row').count()).toBe(10)
    const firstPage = await page.getByTestId('quotation-row').first().textContent()
    // The pager is links (crawlers follow them); clicked once hydrated, the SPA loads the next page.
    await waitForHydration(page, 'nav[aria-label=分页] a')
    await page.getByRole('navigation', { name: '分页' }).getByRole('link', { name: '下一页' }).click()
    await page.waitForURL((url) => url.searchParams.get('page') === '2')
    await expect.poll(() => page.getByTestId('quotation-row').first().textContent()).not.toBe(firstPage)
    expect(asked.at(-1)?.searchParams.get('pageNum')).toBe('2')
    expect(asked.at(-1)?.searchParams.get('pageSize')).toBe('10')
    expect(await page.getByText(`第 2 / ${Math.ceil(QUOTATIONS.length / 10)} 页`).isVisible()).toBe(true)

    await page
      .getByRole('navigation', { name: '报价类型' })
      .getByRole('link', { name: '手板模型制作' })
      .click()
    await page.waitForURL((url) => url.searchParams.get('type') === '7' && !url.searchParams.has('page'))
    const prototypes = QUOTATIONS.filter((q) => q.type === '7').length
    await expect.poll(() => page.getByTestId('quotation-count').textContent()).toBe(`共 ${prototypes} 条报价`)
    const types = await page
      .getByTestId('quotation-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')))
    expect(types).toEqual(Array(prototypes).fill('7'))
    const last = asked.at(-1)!
    expect([last.searchParams.get('pageNum'), last.searchParams.get('type')]).toEqual(['1', '7'])

    await page.getByTestId('quotation-row').first().click()
    await page.waitForURL(/\/quotation\/detail\/\d+$/)
    expect(await page.getByTestId('quotation-price').textContent()).toMatch(/^¥[\d,]+ – ¥[\d,]+ \/ /)
    expect(errors).toEqual([])
  })
})

describe('news and history videos', () => {
  it('filters news by type and opens an article', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/news/index')
    await page.getByRole('navigation', { name: '资讯类型' }).getByRole('link', { name: '通知公告' }).click()
    await page.waitForURL((url) => url.searchParams.get('type') === '7')
    const cards = page.getByTestId('news-card')
    await expect.poll(() => cards.count()).toBe(3)
    for (const text of await cards.allTextContents()) expect(text).toContain('通知公告')
    const title = (await cards.first().locator('p').first().textContent()) as string
    await cards.first().click()
    await page.waitForURL(/\/news\/detail\?id=\d+$/)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    expect(await page.getByTestId('news-body').locator('p').count()).toBeGreaterThan(1)
    expect(errors).toEqual([])
  })

  it('says plainly when an article, a quotation or a video does not exist, with HTTP 404 (no soft 404)', async () => {
    const { page } = await openPage(browser)
    for (const [address, message] of [
      ['/news/detail?id=99999', '资讯不存在或已下线'],
      ['/quotation/detail/99999', '报价信息不存在或已下线'],
      ['/historyVideo/detail?id=99999', '视频不存在或已下线'],
    ] as const) {
      const response = await page.goto(address)
      expect(response?.status(), address).toBe(404)
      await expect.poll(() => page.getByTestId('missing-record').locator('h1').textContent()).toBe(message)
    }
    // A record that exists still answers 200.
    expect((await page.goto('/news/detail?id=1'))?.status()).toBe(200)
  })

  it('plays a history video and the promotional film', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/historyVideo/list')
    await page.getByTestId('video-card').first().click()
    await page.waitForURL(/\/historyVideo\/detail\?id=\d+$/)
    for (const where of ['detail', '/others/showVideo1']) {
      if (where !== 'detail') await page.goto(where)
      const video = page.getByTestId('video-player')
      const played = await video.evaluate(async (v: HTMLVideoElement) => {
        v.muted = true
        await v.play()
        await new Promise((resolve) => setTimeout(resolve, 800))
        return { time: v.currentTime, width: v.videoWidth, height: v.getBoundingClientRect().height }
      })
      expect(played.time).toBeGreaterThan(0.2)
      expect(played.width).toBe(640)
      expect(played.height).toBe(520)
    }
    expect(errors).toEqual([])
  })
})

describe('documents', () => {
  it('a signed link made by a member downloads a members-only document in a fresh browser without signing in', async () => {
    const id = await membersOnlyDocumentId()
    const member = await openPage(browser)
    await signIn(member.page)
    await member.page.goto(`/others/downloadword/${id}`)
    await member.page.getByTestId('create-signed-link').click()
    const link = (await member.page.getByTestId('signed-link').inputValue()) as string
    expect(link).toMatch(new RegExp(`^${baseURL()}/others/download/[^/]+/${id}$`))

    const { page: stranger, errors } = await openPage(browser)
    // Without the link the stranger is asked to sign in.
    await stranger.goto(`/others/downloadword/${id}`)
    expect(await stranger.getByRole('link', { name: '登录后下载' }).isVisible()).toBe(true)
    const download = stranger.waitForEvent('download')
    await stranger.goto(link)
    const file = await download
    expect(file.suggestedFilename()).toBe('设计服务合同示范文本（修订版）.docx')

    const { page: tamperer } = await openPage(browser)
    await tamperer.goto(link.replace(/\/(\d+)$/, (_, n: string) => `/${Number(n) + 1}`))
    await expect
      .poll(() => tamperer.getByTestId('signed-download-refused').textContent())
      .toContain('下载链接无效')
    expect(errors).toEqual([])
  })
})

describe('questionnaire export, app page and site verification', () => {
  it('shows the questionnaire summary and downloads its A4 PDF; the app page draws a QR code; /site-verify-bd explains when unset', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/questionnaire/export')
    expect(await page.getByTestId('questionnaire-respondents').textContent()).toContain('有效问卷 168 份')
    const download = page.waitForEvent('download')
    await page.getByTestId('questionnaire-pdf').click()
    const file = await download
    expect(file.suggestedFilename()).toBe('设计师职业发展问卷-汇总.pdf')
    const bytes = await (await import('node:fs')).promises.readFile((await file.path()) as string)
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')

    await page.goto('/others/sdskapp')
    await page.getByTestId('app-qr').waitFor()
    await page.goto('/site-verify-bd')
    expect(await page.getByTestId('site-verification-unset').textContent()).toContain(
      'BAIDU_SITE_VERIFICATION',
    )
    expect(errors).toEqual([])
  })
})
