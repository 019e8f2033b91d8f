import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newEntrant } from './entrants.ts'
import { COMPETITION, clearFinalRound, e2eDb, finalSheets, submittedWork } from './final-round.ts'
import { baseURL, launch, openPage, signIn } from './page.ts'

/**
 * 评审结果 (issue 24 item 6) in Chromium against the built portal: the demo admin opens the screen of
 * the demo competition `competition` (101) from its console card, reads the final round's leaderboard
 * (a tie and an outlier flagged), changes one award, confirms the awards and publishes. The final round
 * (in 2028 in the definition) is made done straight in the database: three entries confirmed into it,
 * each with the three demo judges' submitted sheets. Everything written is removed afterwards, so the
 * other files on this server find 101 unpublished. Screenshots: /tmp/kabu-manage-results-*.png.
 */
let browser: Browser
const ADMIN = '13800000010'
const DEMO_PASSWORD = 'Kabu2026!'

const db = e2eDb
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

const works: Record<string, number> = {}

beforeAll(async () => {
  browser = await launch()
  const entrants = ['13700000711', '13700000712', '13700000713', '13700000714']
  for (const account of entrants) await newEntrant(account, 'Entrant2026!')
  const d = db()
  try {
    // 终评 (trimmed mean of 3): 90, 90, 40 → 90 (the 40 an outlier); 80 ×3 twice (tied); 70 ×3.
    works.lamp = submittedWork(d, entrants[0]!, '可折叠台灯', 'product').work
    works.chair = submittedWork(d, entrants[1]!, '共享座椅', 'product').work
    works.kettle = submittedWork(d, entrants[2]!, '单人水壶', 'product').work
    works.bike = submittedWork(d, entrants[3]!, '折叠通勤车', 'transport').work
    finalSheets(d, works.lamp, [9, 9, 4])
    finalSheets(d, works.chair, [8, 8, 8])
    finalSheets(d, works.kettle, [8, 8, 8])
    finalSheets(d, works.bike, [7, 7, 7])
  } finally {
    d.close()
  }
})

afterAll(async () => {
  await browser.close()
  clearFinalRound(Object.values(works))
})

describe('评审结果 in the browser', () => {
  it('the admin reads the leaderboard, confirms the awards with one change and publishes', async () => {
    const { page, errors } = await openPage(browser, 1366)
    await signIn(page, ADMIN, DEMO_PASSWORD)
    await page.goto('/manage')
    const card = page.locator(`[data-testid=manage-competition][data-competition-id="${COMPETITION}"]`)
    await card.getByTestId('manage-results-link').click()
    const screen = page.getByTestId('manage-results')
    await screen.waitFor()
    expect(await screen.getAttribute('data-round-id')).toBe('final')
    expect(await page.getByTestId('round-done').textContent()).toBe('评审已完成')
    const product = page.locator('[data-testid=leaderboard-range][data-range=product]')
    const rows = product.getByTestId('leaderboard-table').locator('tbody tr')
    expect(await rows.count()).toBe(3)
    expect(await rows.nth(0).textContent()).toContain('可折叠台灯')
    expect(await rows.nth(0).getByTestId('entry-result').textContent()).toBe('90')
    expect(await rows.nth(0).getByTestId('flag-outlier').textContent()).toBe('离群 1')
    expect(await rows.nth(0).getByTestId('flag-spread').textContent()).toBe('分差 50')
    expect(await rows.nth(1).getByTestId('flag-tied').textContent()).toBe('并列')
    expect(await rows.nth(2).getByTestId('flag-tied').textContent()).toBe('并列')
    expect(await page.getByTestId('publish-refusal').textContent()).toContain('请先确认获奖名单，再公布结果')
    expect(await noSideScroll(page)).toBe(true)
    await page.screenshot({ path: '/tmp/kabu-manage-results-1366.png', fullPage: true })

    // Suggested: 台灯 金奖, the tied two 银奖 (2 places), 通勤车 金奖 in its range; 通勤车 gets 优秀奖 instead.
    const awards = page.getByTestId('awards')
    const select = (workId: number) =>
      awards.locator(`[data-testid=award-select][data-work-id="${workId}"]`).locator('visible=true')
    expect(await select(works.lamp!).inputValue()).toBe('gold')
    expect(await select(works.chair!).inputValue()).toBe('silver')
    expect(await select(works.bike!).inputValue()).toBe('gold')
    await select(works.bike!).selectOption('merit')
    await page.getByTestId('awards-confirm').click()
    await page.getByTestId('awards-dialog-confirm').click()
    await page.getByTestId('awards-dialog').waitFor({ state: 'detached' })
    await page.locator('[data-testid=publish-now]:not([disabled])').waitFor()
    // The public results page, asked for before publication: a 404 page, rendered and kept in the page cache.
    const RESULTS_PAGE = `${baseURL()}/competition/results`
    expect((await fetch(RESULTS_PAGE)).status).toBe(404)
    await page.getByTestId('publish-now').click()
    expect(await page.getByTestId('publish-dialog').textContent()).toContain('公布后不能再修改获奖名单')
    await page.getByTestId('publish-dialog-confirm').click()
    await page.locator('[data-testid=publication-status][data-status=published]').waitFor()
    expect(await page.getByTestId('publication').textContent()).toMatch(
      /结果已于 \d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}（北京时间）公布/,
    )
    await page.screenshot({ path: '/tmp/kabu-manage-results-published-1366.png', fullPage: true })
    // Publishing empties every instance's page cache (README "The page cache"): the winners show at
    // once, not when the 404 page kept before expires (30 s).
    await expect
      .poll(
        async () => {
          const res = await fetch(RESULTS_PAGE)
          return [res.status, (await res.text()).includes('可折叠台灯')]
        },
        { timeout: 5_000, interval: 250 },
      )
      .toEqual([200, true])

    const d = db()
    try {
      const stored = d
        .prepare(
          'select work_id, result, rank, award_title from result_awards where competition_id = ? order by work_id',
        )
        .all(COMPETITION)
      expect(stored).toEqual([
        { work_id: works.lamp, result: '90', rank: 1, award_title: '金奖' },
        { work_id: works.chair, result: '80', rank: 2, award_title: '银奖' },
        { work_id: works.kettle, result: '80', rank: 2, award_title: '银奖' },
        { work_id: works.bike, result: '70', rank: 1, award_title: '优秀奖' },
      ])
      const publication = d
        .prepare('select status from result_publications where competition_id = ?')
        .get(COMPETITION)
      expect(publication).toEqual({ status: 'published' })
      const sms = d
        .prepare("select body from sms_outbox where phone = '13700000714' order by id desc")
        .get() as { body: string }
      expect(sms.body).toContain('获得优秀奖')
    } finally {
      d.close()
    }
    expect(errors).toEqual([])
  })

  it('reads as cards at 375 px without sideways scrolling', async () => {
    const { page, errors } = await openPage(browser, 375)
    await signIn(page, ADMIN, DEMO_PASSWORD)
    await page.goto(`/manage/results?competitionId=${COMPETITION}&roundId=final`)
    await page.getByTestId('manage-results').waitFor()
    expect(await page.getByTestId('leaderboard-table').first().isVisible()).toBe(false)
    expect(
      await page.getByTestId('leaderboard-entry').locator('visible=true').count(),
    ).toBeGreaterThanOrEqual(4)
    expect(await noSideScroll(page)).toBe(true)
    await page.screenshot({ path: '/tmp/kabu-manage-results-375.png', fullPage: true })
    await page.goto(`/manage/results?competitionId=${COMPETITION}&roundId=first`)
    await page.locator('[data-testid=manage-results][data-round-id=first]').waitFor()
    await page.getByTestId('advancement').waitFor()
    expect(await noSideScroll(page)).toBe(true)
    await page.screenshot({ path: '/tmp/kabu-manage-results-first-375.png', fullPage: true })
    expect(errors).toEqual([])
  })
})
