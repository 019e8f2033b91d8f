import path from 'node:path'
import Database from 'better-sqlite3'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessibilityFindings, describeFindings } from './axe.ts'
import { newEntrant } from './entrants.ts'
import { addCompleteWork, registerEntry, sampleFiles } from './entry-flow.ts'
import { e2eDataDir, launch, openPage, signIn } from './page.ts'

/**
 * The organisers' console (issue 24 item 2) in Chromium against the built portal: the demo admin opens
 * /manage from the account menu, filters and searches the entries, opens one and returns it with a
 * reason; the entrant reads the reason in 我的赛事, corrects and submits again. Then every console
 * screen at 1366 and 375 px (no sideways scroll), saved as /tmp/kabu-manage-<screen>-<width>.png.
 */
let browser: Browser
const PASSWORD = 'Entrant2026!'
const ADMIN = { account: '13800000010', password: 'Kabu2026!' }
const SLUG = '4thCulturalOfficeCompetition'
const WORK = '可拼接的桌面收纳盒'
const REASON = '作品图片不清晰，请上传更清楚的展板后重新提交'
const files = sampleFiles()
let competitionId = 0
let entryId = 0

beforeAll(async () => {
  browser = await launch()
  const db = new Database(path.join(e2eDataDir(), 'kabu.db'), { readonly: true })
  try {
    competitionId = (db.prepare('select id from competitions where slug = ?').get(SLUG) as { id: number }).id
  } finally {
    db.close()
  }
})
afterAll(() => browser.close())

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

async function confirmSubmission(page: Page) {
  await page.goto(`/${SLUG}/base/works/manage`)
  await page.getByTestId('finalise').click()
  const dialog = page.getByRole('alertdialog')
  if (await dialog.isVisible().catch(() => false))
    await dialog.getByRole('button', { name: '确认提交' }).click()
  await page.getByTestId('finalised-note').waitFor()
}

describe('the organisers’ console in the browser', () => {
  it('an admin filters the entries, opens one and returns it; the entrant reads why and submits again', async () => {
    const account = await newEntrant('13700000341', PASSWORD)
    const entrant = await openPage(browser, 1366)
    await signIn(entrant.page, account, PASSWORD)
    await registerEntry(entrant.page, SLUG)
    await addCompleteWork(entrant.page, SLUG, '书写与文具', files, WORK)
    await entrant.page.waitForURL((url) => url.pathname === `/${SLUG}/base/works/manage`)
    await confirmSubmission(entrant.page)

    // The admin: the account menu leads to the console.
    const { page, errors } = await openPage(browser, 1366)
    await signIn(page, ADMIN.account, ADMIN.password)
    await page.getByTestId('user-menu').click()
    await page.getByTestId('menu-manage').click()
    await page.waitForURL((url) => url.pathname === '/manage')
    const card = page.locator(`[data-testid=manage-competition][data-competition-id="${competitionId}"]`)
    expect(Number(await card.getByTestId('count-submitted').textContent())).toBeGreaterThan(0)
    await card.getByRole('link', { name: '报名表', exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/manage/entries')

    // Filters and the search live in the URL query.
    await page.getByRole('combobox', { name: '提交' }).selectOption({ label: '已提交' })
    await page.waitForURL((url) => url.searchParams.get('submitted') === 'yes')
    await page.getByRole('textbox', { name: '搜索报名' }).fill(WORK)
    await page.getByTestId('manage').getByRole('button', { name: '搜索' }).click()
    await page.waitForURL((url) => url.searchParams.get('q') === WORK)
    const table = page.getByTestId('entries-table')
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1)
    await expect.poll(() => table.textContent()).toContain(WORK)
    await table.locator('tbody tr a').first().click()
    await page.waitForURL((url) => url.pathname === '/manage/entry')
    entryId = Number(new URL(page.url()).searchParams.get('id'))

    // The entry's page: labelled answers, files, and the return with a reason.
    const entry = page.getByTestId('manage-entry')
    await entry.waitFor()
    await expect.poll(() => entry.textContent()).toContain('作品名称')
    expect(await entry.textContent()).toContain(WORK)
    expect(await page.getByTestId('entry-files').locator('img').count()).toBeGreaterThan(0)
    await page.getByRole('button', { name: '退回修改' }).click()
    const dialog = page.getByTestId('moderation-dialog')
    await dialog.getByRole('textbox').fill(REASON)
    await page.screenshot({ path: '/tmp/kabu-manage-return-dialog-1366.png' })
    await dialog.getByTestId('moderation-confirm').click()
    await expect.poll(() => page.getByTestId('entry-moderation').textContent()).toContain(REASON)
    await expect.poll(() => page.getByTestId('entry-history').textContent()).toContain('退回修改')

    // The entrant: 我的赛事 says why; the workspace too; confirming again clears it.
    await entrant.page.goto('/mine?change=Competition')
    const mine = entrant.page.locator(`[data-testid=my-competition][data-competition-id="${competitionId}"]`)
    await expect.poll(() => mine.getByTestId('my-competition-moderation').textContent()).toContain(REASON)
    await entrant.page.screenshot({ path: '/tmp/kabu-manage-mine-returned-1366.png', fullPage: true })
    await mine.getByRole('link', { name: '修改并重新提交' }).click()
    await expect.poll(() => entrant.page.getByTestId('entry-moderation').textContent()).toContain(REASON)
    await confirmSubmission(entrant.page)
    await entrant.page.goto('/mine?change=Competition')
    await expect.poll(() => mine.getByTestId('my-competition-states').textContent()).toContain('已提交')
    expect(await mine.getByTestId('my-competition-moderation').count()).toBe(0)

    await page.reload()
    await expect.poll(() => page.getByTestId('entry-history').textContent()).toContain('参赛者重新提交')
    expect(errors).toEqual([])
  })

  // Eight screens twice, each with an accessibility sweep: more than the default minute on a busy machine.
  it('at 375 px an admin asks for an export, watches it made in the background and downloads it', async () => {
    const { page, errors } = await openPage(browser, 375)
    await signIn(page, ADMIN.account, ADMIN.password)
    await page.goto('/manage')
    const card = page.locator(`[data-testid=manage-competition][data-competition-id="${competitionId}"]`)
    const panel = card.getByTestId('exports')
    await panel.getByRole('button', { name: '导出报名表（XLSX）' }).click()
    // The new row is listed at once (queued or already under way), the buttons wait while it is made.
    const newest = panel.getByTestId('export-file').first()
    await expect.poll(() => newest.getAttribute('data-status')).toMatch(/^(queued|running|ready)$/)
    const ready = panel.locator('[data-testid=export-file][data-status=ready]').first()
    await ready.waitFor({ timeout: 30_000 })
    expect(await ready.getByTestId('export-status').textContent()).toBe('可下载')
    expect(await ready.textContent()).toMatch(
      /报名表（XLSX）.*\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}.* · [\d.]+ (KB|MB|B)/,
    )
    expect(await panel.getByRole('button', { name: '导出作品文件（ZIP）' }).isEnabled()).toBe(true)
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      ready.getByTestId('export-download').click(),
    ])
    expect(file.suggestedFilename()).toMatch(/-报名与作品\.xlsx$/)
    const bytes = await file.path()
    expect(bytes).toBeTruthy()
    await panel.scrollIntoViewIfNeeded()
    await panel.screenshot({ path: '/tmp/kabu-manage-exports-375.png' })
    expect(await noSideScroll(page)).toBe(true)
    expect(errors).toEqual([])
  }, 90_000)

  it('every console screen at 1366 and 375 px, without sideways scroll', async () => {
    const screens: Array<[string, string]> = [
      ['competitions', '/manage'],
      ['entries', `/manage/entries?competitionId=${competitionId}`],
      ['entry', `/manage/entry?competitionId=${competitionId}&id=${entryId}`],
      ['signups', '/manage/signups'],
      ['events', '/manage/events'],
      ['refunds', '/manage/refunds'],
      ['staff', '/manage/staff'],
      // 评审结果 of the demo competition with judging (101): its final round's leaderboard, awards, publication.
      ['judging-results', '/manage/results?competitionId=101'],
    ]
    for (const width of [1366, 375]) {
      const { page, errors } = await openPage(browser, width)
      await signIn(page, ADMIN.account, ADMIN.password)
      for (const [name, url] of screens) {
        await page.goto(url)
        await page.getByTestId('manage').waitFor()
        await page.locator('[role=status][aria-busy=true]').first().waitFor({ state: 'detached' })
        await expect.poll(() => page.locator('[role=status][aria-busy=true]').count()).toBe(0)
        expect(await page.getByTestId('manage-error').count(), name).toBe(0)
        await page.screenshot({ path: `/tmp/kabu-manage-${name}-${width}.png`, fullPage: true })
        expect(await noSideScroll(page), `${name} at ${width}`).toBe(true)
        // WCAG 2.2 AA over the console itself (the shell has the sweep of its own).
        const findings = await accessibilityFindings(page, '[data-testid=manage]')
        expect(findings, describeFindings(findings, `${url} at ${width} px`)).toEqual([])
      }
      expect(errors).toEqual([])
    }
  }, 180_000)

  it('a designer without a role reads 无权访问 and finds no console in the menu', async () => {
    const { page } = await openPage(browser, 375)
    await signIn(page)
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: '退出登录' }).waitFor()
    expect(await page.getByTestId('menu-manage').count()).toBe(0)
    await page.goto('/manage')
    await page.getByTestId('manage-forbidden').waitFor()
    await page.screenshot({ path: '/tmp/kabu-manage-forbidden-375.png' })
  })
})
