import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessibilityFindings, describeFindings } from './axe.ts'
import { newEntrant } from './entrants.ts'
import { e2eDataDir, launch, openPage, signIn } from './page.ts'

/**
 * Issue 32 item 5 in Chromium against the built portal: the demo admin grants a judge of round 终评
 * only of the demo competition `competition` (101: 初评 open now, 终评 later) from 角色与审计, sees the
 * round in the staff list, and the judge sees only that round at /judge; then 调整轮次 adds 初评 and
 * 撤销 takes the judge off every round (the e2e files share one server: 101's panel is left as found).
 * Screenshots at 1366 and 375 px go to /tmp/kabu-screens/manage-staff-rounds-*.png (looked at by hand).
 */
let browser: Browser
const ADMIN = '13800000010'
const DEMO_PASSWORD = 'Kabu2026!'
const JUDGE = '13700000581'
const PASSWORD = 'Judge2026!'
const SCREENS = '/tmp/kabu-screens'

const competitionId = () => {
  const d = new Database(path.join(e2eDataDir(), 'kabu.db'))
  try {
    return (d.prepare("select id from competitions where slug = 'competition'").get() as { id: number }).id
  } finally {
    d.close()
  }
}
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)
const staffRow = (page: Page, width: number) =>
  page
    .getByTestId(width < 768 ? 'staff-roles-cards' : 'staff-roles')
    .locator(width < 768 ? 'li' : 'tr')
    .filter({ hasText: JUDGE })

beforeAll(async () => {
  browser = await launch()
  fs.mkdirSync(SCREENS, { recursive: true })
  await newEntrant(JUDGE, PASSWORD)
})
afterAll(() => browser.close())

describe('judges per round from the console', () => {
  it('the admin grants a judge of 终评 only; the staff list names the round; the judge sees only 终评 at /judge', async () => {
    const id = competitionId()
    const { page, errors } = await openPage(browser, 1366)
    await signIn(page, ADMIN, DEMO_PASSWORD)
    await page.goto('/manage/staff')
    await page.getByPlaceholder('手机号或邮箱').fill(JUDGE)
    await page.locator('select[name=role]').selectOption('judge')
    await page.locator('select[name=competitionId]').selectOption(String(id))
    const picker = page.getByTestId('round-picker')
    await picker.getByText('指定轮次').click()
    // Nothing ticked yet: 授予 waits for a round.
    const grant = page.getByRole('button', { name: '授予', exact: true })
    expect(await grant.isDisabled()).toBe(true)
    expect(await picker.getByTestId('round-choice').allTextContents()).toEqual(['初评', '终评'])
    await picker.locator('[data-testid=round-choice][data-round-id=final]').click()
    await page.screenshot({ path: `${SCREENS}/manage-staff-rounds-grant-1366.png` })
    await grant.click()
    const row = staffRow(page, 1366)
    await expect.poll(() => row.getByTestId('staff-rounds').textContent()).toBe('终评')
    expect(await noSideScroll(page)).toBe(true)
    const findings = await accessibilityFindings(page, '[data-testid=manage]')
    expect(findings, describeFindings(findings, '/manage/staff')).toEqual([])
    await page.screenshot({ path: `${SCREENS}/manage-staff-rounds-1366.png`, fullPage: true })
    expect(errors).toEqual([])

    const judge = await openPage(browser, 1366)
    await signIn(judge.page, JUDGE, PASSWORD)
    await judge.page.goto('/judge')
    await judge.page.getByTestId('judge-round').first().waitFor()
    const rounds = judge.page.getByTestId('judge-round')
    expect(await rounds.count()).toBe(1)
    expect(await rounds.getByRole('heading').textContent()).toBe('终评')
    expect(judge.errors).toEqual([])
  }, 120_000)

  it('on a phone the admin adds 初评 with 调整轮次, then revokes the judge from every round', async () => {
    const { page, errors } = await openPage(browser, 375)
    await signIn(page, ADMIN, DEMO_PASSWORD)
    await page.goto('/manage/staff')
    const row = staffRow(page, 375)
    await expect.poll(() => row.getByTestId('staff-rounds').textContent()).toBe('终评')
    expect(await noSideScroll(page)).toBe(true)
    await page.screenshot({ path: `${SCREENS}/manage-staff-rounds-375.png`, fullPage: true })
    await row.getByTestId('staff-edit-rounds').click()
    const dialog = page.getByTestId('staff-rounds-dialog')
    const first = dialog.locator('[data-testid=round-choice][data-round-id=first]')
    await first.waitFor()
    await first.click()
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)))
    await page.screenshot({ path: `${SCREENS}/manage-staff-rounds-dialog-375.png` })
    await dialog.getByTestId('staff-rounds-dialog-confirm').click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => row.getByTestId('staff-rounds').textContent()).toBe('初评、终评')
    // The audit log on the same screen records the change with before and after.
    await expect
      .poll(() => page.getByTestId('audit-log-cards').locator('li').first().textContent())
      .toContain('评委轮次：终评 → 初评、终评')

    await row.getByRole('button', { name: '撤销' }).click()
    await expect.poll(() => row.count()).toBe(0)
    expect(errors).toEqual([])
  }, 120_000)
})
