import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newEntrant } from './entrants.ts'
import { addCompleteWork, registerEntry, sampleFiles } from './entry-flow.ts'
import { launch, openPage, signIn } from './page.ts'

/**
 * An entrant's whole way through a competition, in Chromium against the built portal: registration,
 * a work with uploads, team and adviser, property-right proof and display board, the fee through the
 * sandbox payment service, and the works list. The competitions are the real definitions in
 * competitions/ (open for registration until 2028): `competition` charges a fee, the 4th cultural
 * office one does not.
 */
let browser: Browser
const PASSWORD = 'Entrant2026!'
const files = sampleFiles()
const register = registerEntry
const addWork = (page: Page, slug: string, range: string) => addCompleteWork(page, slug, range, files)

beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

describe('entering a competition in the browser (issue 10 item 9)', () => {
  it('a fee competition: register, a work with uploads, adviser and co-author, proof and board, preview, pay, listed in manage', async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page, await newEntrant('13700000101', PASSWORD, 50000), PASSWORD)
    await register(page, 'competition')
    await addWork(page, 'competition', '产品设计')
    await page.waitForURL((url) => url.pathname === '/competition/pay')

    // The display step previews the boards as the jury will see them. A board is a private upload
    // (README "Uploads are private until a public record shows them"): the entrant's browser loads it.
    await page.goto('/competition/base/works/display')
    const board = page.getByTestId('board-preview').locator('img').first()
    await board.waitFor()
    await expect
      .poll(() => board.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0)

    // Not paid yet: marked so, and it cannot be finalised.
    await page.goto('/competition/base/works/manage')
    await expect.poll(() => page.getByTestId('entry-paid').textContent()).toBe('未缴费')
    await page.getByTestId('finalise-unpaid').waitFor()
    expect(await page.getByTestId('finalise').isDisabled()).toBe(true)

    await page.goto('/competition/base')
    await page.waitForURL((url) => url.pathname === '/competition/pay')
    await expect.poll(() => page.getByTestId('entry-fee').textContent()).toBe('¥300.00')
    await page.getByText('余额支付', { exact: true }).click()
    await page.getByTestId('pay-submit').click()
    const confirm = page.getByTestId('pay-confirm')
    await expect.poll(() => confirm.textContent()).toContain('请确认后再支付')
    await confirm.getByRole('button', { name: '确定' }).click()

    await page.waitForURL((url) => url.pathname === '/competition/base/works/manage')
    await expect.poll(() => page.textContent('body')).toContain('支付成功')
    await expect.poll(() => page.getByTestId('entry-paid').textContent()).toBe('已缴费')
    const rows = page.getByTestId('works-row')
    await expect.poll(() => rows.count()).toBe(1)
    expect(await rows.first().textContent()).toContain('折叠式桌面台灯')
    expect(await rows.first().textContent()).toContain('资料齐全')
    await page.getByTestId('finalise').click()
    await page.getByTestId('finalise-confirm').getByRole('button', { name: '确认提交' }).click()
    await page.getByTestId('finalised-note').waitFor()
    expect(errors).toEqual([])
  })

  it('a free competition has no pay step: after the display board the entrant lands on the works list', async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page, await newEntrant('13700000102', PASSWORD), PASSWORD)
    const slug = '4thCulturalOfficeCompetition'
    await register(page, slug)
    expect(await page.getByTestId('competition-steps').textContent()).not.toContain('缴纳报名费')
    await addWork(page, slug, '书写与文具')
    await page.waitForURL((url) => url.pathname === `/${slug}/base/works/manage`)
    await expect.poll(() => page.getByTestId('works-row').count()).toBe(1)
    expect(await page.getByTestId('entry-paid').count()).toBe(0)
    await page.getByTestId('finalise').click()
    await page.getByTestId('finalise-confirm').getByRole('button', { name: '确认提交' }).click()
    await page.getByTestId('finalised-note').waitFor()
    expect(errors).toEqual([])
  })

  it('resumes at the right step on another device, with the unsaved draft of the form', async () => {
    const account = await newEntrant('13700000103', PASSWORD)
    const first = await openPage(browser)
    await signIn(first.page, account, PASSWORD)
    await first.page.goto('/4thCulturalOfficeCompetition/base')
    await first.page.waitForURL((url) => url.pathname.endsWith('/base/infomation'))
    await first.page.fill('#root_name', '草稿里的名字')
    await expect.poll(() => first.page.getByTestId('draft-saved').count(), { timeout: 10_000 }).toBe(1)

    const second = await openPage(browser)
    await signIn(second.page, account, PASSWORD)
    await second.page.goto('/4thCulturalOfficeCompetition/base')
    await second.page.waitForURL((url) => url.pathname.endsWith('/base/infomation'))
    await second.page.getByTestId('draft-restored').waitFor()
    expect(await second.page.inputValue('#root_name')).toBe('草稿里的名字')
  })

  it('sends a signed-out visitor to sign in first, and back to the workspace afterwards', async () => {
    const { page } = await openPage(browser)
    await page.goto('/competition/base/infomation')
    await page.waitForURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).searchParams.get('return_url')).toBe('/competition/base/infomation')
  })
})
