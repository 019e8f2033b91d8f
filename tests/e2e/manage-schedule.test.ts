import path from 'node:path'
import Database from 'better-sqlite3'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { beijingIso, formatBeijing } from '../../schemas/beijing-time.ts'
import { accessibilityFindings, describeFindings } from './axe.ts'
import { e2eDataDir, launch, openPage, signIn } from './page.ts'

/**
 * 赛程 (issue 32 item 4) in Chromium against the built portal: the demo admin opens the schedule of
 * the demo competition `competition` (101, registering until 2028) from its console card, moves
 * 报名截止 to a minute ago, and the public competition page's stage bar says 作品提交中 with the new
 * date; 恢复为文件中的时间 puts it back to 报名中. Screenshots: /tmp/kabu-manage-schedule-<width>.png.
 */
let browser: Browser
const ADMIN = { account: '13800000010', password: 'Kabu2026!' }
const COMPETITION = 101
const SLUG = 'competition'
const FIELD = 'phases.registrationCloses'

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  // Whatever a failure left: the other files on this server find 101 as its file says.
  const d = new Database(path.join(e2eDataDir(), 'kabu.db'))
  try {
    d.prepare('delete from competition_schedule_overrides where competition_id = ?').run(COMPETITION)
  } finally {
    d.close()
  }
  await browser?.close()
})

const stageBadge = (page: Page) =>
  page
    .locator('main')
    .getByText(/^(报名中|作品提交中|即将开始|评审中|已结束|结果已公布)$/)
    .first()

describe('the schedule in the console', () => {
  it('a registration close moved in the console shows on the public page at once, and is put back', async () => {
    const { page, errors } = await openPage(browser, 1366)
    await signIn(page, ADMIN.account, ADMIN.password)
    await page.goto(`/${SLUG}/index`)
    await expect.poll(() => stageBadge(page).textContent()).toBe('报名中')

    await page.goto('/manage')
    const card = page.locator(`[data-testid=manage-competition][data-competition-id="${COMPETITION}"]`)
    await card.getByTestId('manage-schedule-link').click()
    const item = page.locator(`[data-testid=schedule-item][data-field="${FIELD}"]`)
    await item.waitFor()
    expect(await item.getAttribute('data-overridden')).toBe('false')

    // A minute ago, in Beijing time, as the input takes it.
    const closes = beijingIso(Math.floor((Date.now() - 60_000) / 60_000) * 60_000)
    await item.getByTestId('schedule-input').fill(closes.slice(0, 16))
    await item.getByTestId('schedule-save').click()
    const changed = page.locator(`[data-testid=schedule-item][data-field="${FIELD}"][data-overridden=true]`)
    await changed.waitFor()
    expect(await changed.getByTestId('schedule-file').textContent()).toContain(
      `已在后台修改，文件中为 ${formatBeijing(Date.parse('2028-06-30T17:00:00+08:00'))}`,
    )
    expect(await changed.getByTestId('schedule-value').textContent()).toBe(
      `现行时间：${formatBeijing(Date.parse(closes))}`,
    )

    for (const width of [1366, 375]) {
      await page.setViewportSize({ width, height: 900 })
      await page.screenshot({ path: `/tmp/kabu-manage-schedule-${width}.png`, fullPage: true })
      expect(await noSideScroll(page), `at ${width}`).toBe(true)
      const findings = await accessibilityFindings(page, '[data-testid=manage]')
      expect(findings, describeFindings(findings, `/manage/schedule at ${width} px`)).toEqual([])
    }
    await page.setViewportSize({ width: 1366, height: 900 })

    await page.goto(`/${SLUG}/index`)
    await expect.poll(() => stageBadge(page).textContent()).toBe('作品提交中')
    expect(await page.locator('main').textContent()).toContain(
      `报名截止 ${formatBeijing(Date.parse(closes))}`,
    )

    await page.goto(`/manage/schedule?competitionId=${COMPETITION}`)
    await changed.getByTestId('schedule-restore').click()
    await page.locator(`[data-testid=schedule-item][data-field="${FIELD}"][data-overridden=false]`).waitFor()
    await page.goto(`/${SLUG}/index`)
    await expect.poll(() => stageBadge(page).textContent()).toBe('报名中')
    expect(errors).toEqual([])
  }, 120_000)
})
