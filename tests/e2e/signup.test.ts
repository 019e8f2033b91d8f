import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, openPage } from './page.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

/** Reads the newest code sent to `to` from the sandbox's local mailbox, as a tester would. */
async function codeFromMailbox(page: Page, to: string): Promise<string> {
  const mailbox = await page.context().newPage()
  let code: string | undefined
  for (let i = 0; i < 20 && !code; i++) {
    await mailbox.goto('/api/sandbox/mailbox')
    const row = mailbox.locator('tr', { hasText: to }).first()
    if (await row.count()) code = (await row.textContent())?.match(/验证码为(\d{6})/)?.[1]
    if (!code) await mailbox.waitForTimeout(250)
  }
  await mailbox.close()
  if (!code) throw new Error(`no code for ${to} in the mailbox`)
  return code
}

describe('sign-up (issue 9 item 2)', () => {
  it('signs up by phone with the code from the mailbox, then offers real-name verification', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/')
    await page.getByRole('link', { name: '登录 / 注册' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await page.getByTestId('login-tabs').getByRole('link', { name: '注册' }).click()
    await page.waitForURL((url) => url.searchParams.get('tab') === 'register')

    const phone = '13700009901'
    await page.locator('#root_account').fill(phone)
    await page.getByRole('button', { name: '获取验证码' }).click()
    await expect.poll(() => page.textContent('body')).toContain('验证码已发送至手机')
    await page.locator('#root_code').fill(await codeFromMailbox(page, phone))
    await page.locator('#root_password').fill('Signup2026!')
    await page.locator('#root_confirmPassword').fill('Signup2026!')
    await page.getByRole('button', { name: '注册', exact: true }).click()
    // Not yet: the agreement is unticked.
    await expect.poll(() => page.textContent('main')).toContain('请勾选咖簿网协议')
    await page.locator('main [data-part=control]').last().click()
    await page.getByRole('button', { name: '注册', exact: true }).click()

    await page.waitForURL((url) => url.pathname === '/')
    await expect.poll(() => page.getByTestId('realname-tip').isVisible()).toBe(true)
    expect(await page.getByTestId('user-menu').textContent()).toContain('用户9901')
    expect(errors).toEqual([])
  })
})

describe('WeChat sign-in over the sandbox (SPEC §6 source 1)', () => {
  it('a second device scans the QR code and confirms; it lands signed in, the account made on first use', async () => {
    const { page } = await openPage(browser)
    await page.goto('/wxlogin')
    const qr = page.getByTestId('wx-qr')
    await qr.waitFor()
    const url = (await qr.getAttribute('data-url')) as string
    expect(new URL(url).pathname).toBe('/api/sandbox/wechat/authorize')

    // The phone: its own browser with no session; the sandbox page is not the app.
    const phone = await browser.newPage({ viewport: { width: 390, height: 800 }, locale: 'zh-CN' })
    await phone.goto(url)
    await phone.fill('#nickname', '扫码测试用户')
    await phone.getByRole('button', { name: '确认登录' }).click()
    await phone.waitForURL((u) => u.pathname === '/')
    await phone.locator('html[data-live]').waitFor({ state: 'attached' })
    await expect.poll(() => phone.getByTestId('user-menu').textContent()).toContain('扫码测试用户')
    await phone.close()
  })

  it('opened in the same tab, returns where the visitor was going', async () => {
    const { page } = await openPage(browser)
    await page.goto('/wxlogin?return_url=%2Fmine%3Fchange%3DSetting')
    await page.getByTestId('wx-open-here').click()
    await page.waitForURL((u) => u.pathname === '/api/sandbox/wechat/authorize')
    await page.fill('#nickname', '同页测试用户')
    await page.getByRole('button', { name: '确认登录' }).click()
    await page.waitForURL((u) => u.pathname === '/mine' && u.searchParams.get('change') === 'Setting')
    await expect.poll(() => page.locator('#root_nickname').inputValue()).toBe('同页测试用户')
    // A WeChat account has no password to change.
    await expect.poll(() => page.getByTestId('setting-wechat-only').isVisible()).toBe(true)
  })

  it('goes to /login when the sign-in fails (denied at the phone)', async () => {
    const { page } = await openPage(browser)
    await page.goto('/wxlogin')
    await page.getByTestId('wx-open-here').click()
    await page.waitForURL((u) => u.pathname === '/api/sandbox/wechat/authorize')
    await page.getByRole('button', { name: '拒绝' }).click()
    await page.waitForURL((u) => u.pathname === '/login')
    await expect.poll(() => page.textContent('body')).toContain('微信登录失败，请重新扫码')
  })
})
