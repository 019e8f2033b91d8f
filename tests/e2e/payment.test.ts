import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, openPage, signIn } from './page.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

/** Chooses a method, presses 立即支付 and confirms the prompt that precedes every payment (SPEC §2). */
async function payWith(page: Page, method: '余额支付' | '在线支付' | '微信扫码支付') {
  await page.getByText(method, { exact: true }).click()
  await page.getByTestId('pay-submit').click()
  const confirm = page.getByTestId('pay-confirm')
  await expect.poll(() => confirm.textContent()).toContain('请确认后再支付')
  await confirm.getByRole('button', { name: '确定' }).click()
}

const validity = (page: Page) => page.getByTestId('mine-cert-status').getByTestId('cert-validity')
const validUntil = (page: Page) => validity(page).textContent()

describe('certification payment in the browser (SPEC §2 Payment page, §4 Payment)', () => {
  it('sends a signed-out visitor to sign in, and back afterwards', async () => {
    const { page } = await openPage(browser)
    await page.goto('/payment')
    await page.waitForURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).searchParams.get('return_url')).toBe('/payment')
  })

  it('pays by QR: a second device confirms at the sandbox cashier, the first shows success and lands on /mine Info', async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page)
    await page.goto('/mine?change=Cert')
    await validity(page).waitFor()
    const before = await validUntil(page)

    await page.goto('/certPayment')
    await expect.poll(() => page.getByTestId('pay-fee').textContent()).toContain('¥298.00')
    expect(await page.getByTestId('pay-balance').textContent()).toBe('¥1,280.00')
    await payWith(page, '微信扫码支付')

    const dialog = page.getByTestId('pay-qr-dialog')
    const qr = dialog.getByTestId('pay-qr')
    await qr.waitFor()
    expect(await qr.evaluate((svg) => [svg.getAttribute('width'), svg.getAttribute('height')])).toEqual([
      '200',
      '200',
    ])
    const codeUrl = (await qr.getAttribute('data-url')) as string
    expect(codeUrl).toContain('/api/sandbox/cashier?')

    // The "phone": another browser, no session, opening what the QR code encodes (a plain page, not the app).
    const phone = await browser.newPage({ viewport: { width: 390, height: 800 } })
    await phone.goto(codeUrl)
    expect(await phone.textContent('body')).toContain('¥298.00')
    await phone.getByRole('button', { name: '确认支付' }).click()
    await expect.poll(() => phone.textContent('body')).toContain('支付成功')
    await phone.close()

    // Within a poll or two (every 2 s), the first page sees it.
    await page.waitForURL((url) => url.pathname === '/mine' && url.searchParams.get('change') === 'Info', {
      timeout: 10_000,
    })
    await expect.poll(() => page.getByTestId('mine-cert-status').textContent()).toContain('已认证')
    await page.goto('/mine?change=Cert')
    await expect.poll(() => validUntil(page)).not.toBe(before)
    expect(errors).toEqual([])
  })

  it('pays by balance: success goes to /mine Info with 支付成功, the balance down by the fee', async () => {
    const { page } = await openPage(browser)
    await signIn(page)
    await page.goto('/payment?source=cert')
    await expect.poll(() => page.getByTestId('pay-balance').textContent()).toBe('¥1,280.00')
    await payWith(page, '余额支付')
    await page.waitForURL((url) => url.pathname === '/mine' && url.searchParams.get('change') === 'Info')
    await expect.poll(() => page.textContent('body')).toContain('支付成功')
    await expect.poll(() => page.getByTestId('mine-balance').textContent()).toBe('¥982.00')
    await page.goto('/mine?change=Order')
    // The seed's 2025 青苔 entry fee (paid through the sandbox cashier), the QR payment, this one; and
    // the seed's earlier certification order.
    await expect.poll(() => page.getByTestId('mine-orders').locator('tbody tr').count()).toBe(4)
  })

  it('pays online: the provider form replaces the page, and the cashier leads back to the portal', async () => {
    const { page } = await openPage(browser)
    await signIn(page)
    await page.goto('/certAgainPayment')
    await expect.poll(() => page.getByTestId('pay-current').textContent()).toContain('续费后顺延 1 年')
    await payWith(page, '在线支付')
    await page.waitForURL((url) => url.pathname === '/api/sandbox/cashier')
    await page.getByRole('button', { name: '确认支付' }).click()
    await page.getByRole('link', { name: '返回咖簿网' }).click()
    await page.waitForURL((url) => url.pathname === '/mine')
    await page.goto('/mine?change=Bill')
    // The opening balance; seed, the seed's 2025 青苔 entry fee, balance, QR and online: one payment
    // line each (issue 22 item 7: a payment from outside is not money in and out again).
    await expect.poll(() => page.getByTestId('mine-bills-money').locator('tbody tr').count()).toBe(6)
    expect(await page.getByTestId('mine-bills-money').textContent()).toContain(
      '支付 设计师认证费（1年）（在线支付）',
    )
  })

  it('disables the balance method with 余额不足 when the balance is below the fee', async () => {
    const { page } = await openPage(browser)
    await signIn(page, '13800000003')
    await page.goto('/payment')
    const balance = page.getByTestId('pay-method-4')
    await expect.poll(() => balance.textContent()).toContain('余额不足')
    expect(await balance.locator('input').isDisabled()).toBe(true)
    // The method picked at first is one that can pay.
    expect(await page.getByTestId('pay-method-3').locator('input').isChecked()).toBe(true)
  })
})

describe('the personal area /mine (SPEC §2, §9)', () => {
  it('keeps the sidebar collapsed across a reload, in a cookie', async () => {
    const { page } = await openPage(browser)
    await signIn(page)
    await page.goto('/mine?change=Order')
    const sidebar = page.getByTestId('mine-sidebar')
    expect(await sidebar.getAttribute('data-collapsed')).toBe('false')
    await page.getByTestId('mine-sidebar-toggle').click()
    expect(await sidebar.getAttribute('data-collapsed')).toBe('true')
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === 'kb_mine_sidebar')?.value).toBe('collapsed')
    await page.reload()
    await page.locator('html[data-live]').waitFor({ state: 'attached' })
    expect(await page.getByTestId('mine-sidebar').getAttribute('data-collapsed')).toBe('true')
    expect(await page.getByRole('link', { name: '我的订单' }).getAttribute('aria-current')).toBe('page')
  })

  it('adds an address through the schema form; the first one is the default', async () => {
    const { page } = await openPage(browser)
    await signIn(page, '13800000002')
    await page.goto('/mine?change=Address')
    await expect.poll(() => page.textContent('main')).toContain('还没有收货地址')
    await page.getByTestId('address-add').click()
    const dialog = page.getByTestId('address-dialog')
    await dialog.locator('#root_userName').fill('林晓')
    await dialog.locator('#root_phone').fill('13800000002')
    await dialog.locator('#root_cityId').selectOption({ label: '江苏省' })
    await dialog.getByLabel('城市', { exact: true }).selectOption({ label: '苏州市' })
    await dialog.getByLabel('区/县', { exact: true }).selectOption({ label: '虎丘区' })
    await dialog.locator('#root_address').fill('青石路 1 号（演示地址）')
    await dialog.getByRole('button', { name: '保存' }).click()
    const list = page.getByTestId('address-list')
    await expect.poll(() => list.textContent()).toContain('江苏省 苏州市 虎丘区 青石路 1 号（演示地址）')
    expect(await list.textContent()).toContain('默认')
  })
})

describe('the résumé /mine/cv and /mine/cvself (SPEC §2, §9 PDF export A4)', () => {
  it('writes a résumé, shows it, and exports it as an A4 PDF', async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page, '13800000003')
    await page.goto('/mine/cvself')
    await page.getByTestId('resume-empty').getByRole('link', { name: '填写简历' }).click()
    await page.waitForURL((u) => u.pathname === '/mine/cv')
    await expect.poll(() => page.locator('#root_realName').inputValue()).toBe('周可')
    await page.locator('#root_title').fill('产品设计师')
    await page.locator('#root_summary').fill('专注智能家居产品的交互与造型。')
    await page.locator('#root_experience').fill('2020—至今 松果材料组（示例） 产品设计师')
    await page.getByRole('button', { name: '保存简历' }).click()
    await page.waitForURL((u) => u.pathname === '/mine/cvself')
    const resume = page.getByTestId('resume')
    await expect.poll(() => resume.textContent()).toContain('2020—至今 松果材料组（示例） 产品设计师')
    expect(await resume.getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      '个人简介',
      '工作经历',
    ])
    const pdf = await page.request.get((await page.getByTestId('resume-pdf').getAttribute('href')) as string)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    expect((await pdf.body()).toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/)
    expect(errors).toEqual([])
  })
})
