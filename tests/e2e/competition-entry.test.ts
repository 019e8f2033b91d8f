import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../support/temp-dir.ts'
import { newEntrant } from './entrants.ts'
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
const files = tempDir('entry-files')
const png = path.join(files, 'board.png')
const pdf = path.join(files, 'proof.pdf')

beforeAll(async () => {
  browser = await launch()
  // A 1×1 PNG and a minimal PDF: the storage service checks the bytes, not just the name.
  fs.writeFileSync(
    png,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  )
  fs.writeFileSync(pdf, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
})
afterAll(() => browser.close())

const select = (page: Page, id: string, label: string) => page.locator(`#root_${id}`).selectOption({ label })

async function register(page: Page, slug: string) {
  await page.goto(`/${slug}/base`)
  await page.waitForURL((url) => url.pathname === `/${slug}/base/infomation`)
  await expect.poll(() => page.getByTestId('competition-steps').getAttribute('data-step')).toBe('0')
  await select(page, 'entrantType', '个人')
  await page.fill('#root_name', '林一帆')
  await page.fill('#root_companyName', '青湾设计学院（示例）')
  await select(page, 'companyType', '高等院校')
  await page.fill('#root_phone', '13912345678')
  await page.fill('#root_email', 'entrant@example.com')
  await page.fill('#root_address', '示例省青湾市设计路 1 号')
  await page.locator('#root_agree').check({ force: true })
  await page.getByRole('button', { name: '保存并继续' }).click()
  await page.waitForURL((url) => url.pathname === `/${slug}/base/works/base`)
}

async function addWork(page: Page, slug: string, range: string) {
  await page.fill('#root_worksName', '折叠式桌面台灯')
  await select(page, 'range', range)
  await page.locator('[data-testid=file-upload]').first().locator('input[type=file]').setInputFiles(png)
  await page.getByRole('button', { name: `移除 board.png` }).first().waitFor()
  await page.fill('#root_abstract', '一盏可以折叠收纳的桌面台灯，展开即亮，合上即灭，适合小户型书桌。')
  await page.getByRole('button', { name: '保存并继续' }).click()
  await page.waitForURL((url) => url.pathname === `/${slug}/base/works/info`)

  await page.fill('#root_designConcept', '从学生宿舍的书桌出发：台面小、插座远、夜里需要柔和的光。'.repeat(2))
  await page.getByRole('button', { name: '添加成员' }).click()
  await page.fill('#root_teamMembers_0_name', '周小禾')
  await page.fill('#root_teamMembers_0_role', '结构设计')
  await page.getByRole('button', { name: '保存设计说明' }).click()
  await expect.poll(() => page.textContent('body')).toContain('设计说明已保存')

  await page.getByRole('button', { name: /添加/ }).last().click()
  await page.fill('#root_advisers_0_name', '陈老师')
  await page.fill('#root_advisers_0_title', '副教授')
  await page.fill('#root_advisers_0_company', '青湾设计学院（示例）')
  await page.fill('#root_advisers_0_phone', '13812345678')
  await page.getByRole('button', { name: '保存并继续' }).click()
  await page.waitForURL((url) => url.pathname === `/${slug}/base/works/display`)

  const uploads = page.locator('[data-testid=file-upload]')
  await uploads.nth(0).locator('input[type=file]').setInputFiles(pdf)
  await page.getByRole('button', { name: '移除 proof.pdf' }).waitFor()
  await page.locator('#root_original').check({ force: true })
  await page.getByRole('button', { name: '保存产权证明' }).click()
  await expect.poll(() => page.textContent('body')).toContain('产权证明已保存')
  await page.locator('[data-testid=file-upload]').last().locator('input[type=file]').setInputFiles(png)
  await page.getByRole('button', { name: '移除 board.png' }).last().waitFor()
  await page.getByRole('button', { name: '保存并继续' }).click()
}

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
