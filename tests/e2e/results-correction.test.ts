import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatBeijing } from '../../schemas/beijing-time.ts'
import { newEntrant } from './entrants.ts'
import { COMPETITION, clearFinalRound, e2eDb, finalSheets, submittedWork } from './final-round.ts'
import { launch, openPage, signIn } from './page.ts'

/**
 * Issue 32 items 1 and 3 in Chromium (README "Moderation reaches judging and awards", "Correcting
 * published results"): on the demo competition 101, a disqualified entry of 终评 is listed apart under
 * 已退出评审 and never ranked; the admin reinstates it from its entry page and it is ranked again; the
 * awards are confirmed, published now, and 撤回更正 with a reason withdraws them; the corrected results
 * are then set to publish at a chosen Beijing time, moved to another, and the plan cancelled. At 1366
 * and 375 px.
 * Everything written is removed afterwards. Screenshots: /tmp/kabu-results-correction-*.png.
 */
let browser: Browser
const ADMIN = '13800000010'
const DEMO_PASSWORD = 'Kabu2026!'
const db = e2eDb
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)
const works: Record<string, number> = {}
const entries: Record<string, number> = {}

/** A confirmed entry with one work in 终评, each demo judge's sheet giving every criterion `mark`. */
function judgedWork(d: ReturnType<typeof e2eDb>, account: string, worksName: string, mark: number) {
  const made = submittedWork(d, account, worksName, 'product')
  finalSheets(d, made.work, [mark, mark, mark])
  return made
}

beforeAll(async () => {
  browser = await launch()
  await newEntrant('13700003401', 'Entrant2026!')
  await newEntrant('13700003402', 'Entrant2026!')
  const d = db()
  try {
    const lamp = judgedWork(d, '13700003401', '更正测试台灯', 9)
    const chair = judgedWork(d, '13700003402', '更正测试座椅', 8)
    works.lamp = lamp.work
    works.chair = chair.work
    entries.chair = chair.entry
    d.prepare(
      "update competition_registrations set moderation = 'disqualified', moderation_reason = '与他人作品雷同', moderated_at = ? where id = ?",
    ).run(new Date().toISOString(), chair.entry)
  } finally {
    d.close()
  }
})

afterAll(async () => {
  await browser.close()
  clearFinalRound(Object.values(works))
})

describe('moderation, reinstatement and correction in the console', () => {
  it('a disqualified entry is listed apart, reinstated from its page, ranked again; published results are withdrawn with a reason', async () => {
    const { page, errors } = await openPage(browser, 1366)
    await signIn(page, ADMIN, DEMO_PASSWORD)
    await page.goto(`/manage/results?competitionId=${COMPETITION}&roundId=final`)
    const excluded = page.getByTestId('leaderboard-excluded')
    await excluded.waitFor()
    expect(await excluded.textContent()).toMatch(/更正测试座椅.*已取消资格.*与他人作品雷同/)
    const product = page.locator('[data-testid=leaderboard-range][data-range=product]')
    expect(await product.textContent()).not.toContain('更正测试座椅')
    await page.screenshot({ path: '/tmp/kabu-results-correction-excluded-1366.png', fullPage: true })

    await page.goto(`/manage/entry?competitionId=${COMPETITION}&id=${entries.chair}`)
    await page.getByTestId('entry-reinstate').waitFor()
    await page.screenshot({ path: '/tmp/kabu-results-correction-reinstate-1366.png' })
    await page.setViewportSize({ width: 375, height: 812 })
    expect(await noSideScroll(page)).toBe(true)
    await page.screenshot({ path: '/tmp/kabu-results-correction-reinstate-375.png', fullPage: true })
    await page.setViewportSize({ width: 1366, height: 900 })
    await page.getByTestId('entry-reinstate').click()
    await page.getByTestId('moderation-dialog').locator('textarea').fill('核实后并非雷同')
    await page.getByTestId('moderation-confirm').click()
    await page.getByTestId('entry-moderation').waitFor({ state: 'detached' })
    expect(await page.getByTestId('entry-reinstate').count()).toBe(0)

    await page.goto(`/manage/results?competitionId=${COMPETITION}&roundId=final`)
    await product.waitFor()
    await expect.poll(() => product.textContent()).toContain('更正测试座椅')
    expect(await page.getByTestId('leaderboard-excluded').count()).toBe(0)
    await page.getByTestId('awards-confirm').click()
    await page.getByTestId('awards-dialog-confirm').click()
    await page.getByTestId('awards-dialog').waitFor({ state: 'detached' })
    await page.locator('[data-testid=publish-now]:not([disabled])').click()
    await page.getByTestId('publish-dialog-confirm').click()
    await page.locator('[data-testid=publication-status][data-status=published]').waitFor()
    await page.getByTestId('results-reopen').click()
    const confirm = page.getByTestId('reopen-dialog-confirm')
    expect(await confirm.isDisabled()).toBe(true)
    await page.getByTestId('reopen-dialog').locator('textarea').fill('获奖名单需更正')
    await confirm.click()
    await page.locator('[data-testid=publication-status][data-status=reopened]').waitFor()
    expect(await page.getByTestId('publication').textContent()).toContain('原因：获奖名单需更正')
    expect(await page.getByTestId('publish-time').count()).toBe(1)
    await page.screenshot({ path: '/tmp/kabu-results-correction-reopened-1366.png', fullPage: true })
    expect(errors).toEqual([])
  })

  it('a correction is set to publish at a chosen Beijing time, moved, and the plan cancelled', async () => {
    const { page, errors } = await openPage(browser, 1366)
    await signIn(page, ADMIN, DEMO_PASSWORD)
    await page.goto(`/manage/results?competitionId=${COMPETITION}&roundId=final`)
    await page.locator('[data-testid=publication-status][data-status=reopened]').waitFor()
    /** A Beijing wall-clock time `days` ahead, as the datetime-local input takes it. */
    const ahead = (days: number, clock: string) =>
      `${new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10)}T${clock}`
    const storedPlan = () => {
      const d = db()
      try {
        return d
          .prepare('select status, publish_at as publishAt from result_publications where competition_id = ?')
          .get(COMPETITION) as { status: string; publishAt: string | null }
      } finally {
        d.close()
      }
    }
    const panel = page.getByTestId('publication')
    for (const [time, button] of [
      [ahead(3, '10:30'), '按计划公布'],
      [ahead(5, '09:05'), '改为此时间'],
    ] as const) {
      await page.getByTestId('publish-time').fill(time)
      expect(await page.getByTestId('publish-scheduled').textContent()).toBe(button)
      await page.getByTestId('publish-scheduled').click()
      const dialog = page.getByTestId('publish-dialog')
      expect(await dialog.textContent()).toContain(`结果将于 ${time.replace('T', ' ')}（北京时间）自动公布`)
      await page.getByTestId('publish-dialog-confirm').click()
      const at = Date.parse(`${time}:00+08:00`)
      await expect
        .poll(() => panel.textContent())
        .toContain(`结果将于 ${formatBeijing(at)}（北京时间）自动公布`)
      expect(await page.getByTestId('publication-status').getAttribute('data-status')).toBe('scheduled')
      expect(storedPlan()).toEqual({ status: 'scheduled', publishAt: new Date(at).toISOString() })
    }
    await page.screenshot({ path: '/tmp/kabu-results-correction-scheduled-1366.png', fullPage: true })
    await page.getByTestId('publish-unschedule').click()
    await page.getByTestId('unschedule-dialog-confirm').click()
    await page.locator('[data-testid=publication-status][data-status=reopened]').waitFor()
    expect(await page.getByTestId('publish-unschedule').count()).toBe(0)
    expect(storedPlan()).toEqual({ status: 'reopened', publishAt: null })
    expect(errors).toEqual([])
  })

  it('the reopened panel and the time picker fit a phone', async () => {
    const { page, errors } = await openPage(browser, 375)
    await signIn(page, ADMIN, DEMO_PASSWORD)
    await page.goto(`/manage/results?competitionId=${COMPETITION}&roundId=final`)
    await page.locator('[data-testid=publication-status][data-status=reopened]').waitFor()
    expect(await noSideScroll(page)).toBe(true)
    await page
      .getByTestId('publication')
      .screenshot({ path: '/tmp/kabu-results-correction-reopened-375.png' })
    expect(errors).toEqual([])
  })
})
