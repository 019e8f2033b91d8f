import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { identity } from '../../content/site.json'
import { SPEC_USER_MENU } from '../support/spec-strings.ts'
import { baseURL, launch, openPage, signIn, submitLogin } from './page.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

describe('sign-in and the avatar dropdown', () => {
  it('signs in the demo designer, shows the eight items, logs out to /index', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/')
    await page.getByTestId('login-prompt').click()
    await page.waitForURL('**/login?return_url=%2F')
    await submitLogin(page, '  13800000001  ', 'Kabu2026!')
    await page.waitForURL((url) => url.pathname === '/')

    await page.getByTestId('user-menu').click()
    const items = page.getByRole('menuitem')
    await expect.poll(() => items.allTextContents()).toEqual(SPEC_USER_MENU)
    const cookies = await page.context().cookies()
    expect(cookies.find((c) => c.name === 'kb_member_token')?.value).toBeTruthy()

    await page.getByRole('menuitem', { name: '退出登录' }).click()
    await page.waitForURL('**/index')
    await expect.poll(() => page.getByTestId('login-prompt').isVisible()).toBe(true)
    expect((await page.context().cookies()).find((c) => c.name === 'kb_member_token')).toBeUndefined()
    expect(errors).toEqual([])
  })

  it('logs out to /index even when a call made before logging out comes back refused', async () => {
    const { page, errors } = await openPage(browser)
    // The home page asks whether the new visitor is verified; that answer is held until the
    // visitor has logged out, so it reaches the server with a token that was just signed out.
    let release: () => void = () => {}
    const loggedOut = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route('**/api/my/getRealNameBo', async (route) => {
      await loggedOut
      await route.continue()
    })
    const asked = page.waitForRequest('**/api/my/getRealNameBo')
    const refused = page.waitForResponse('**/api/my/getRealNameBo')
    await page.goto('/login')
    await submitLogin(page, '13800000001', 'Kabu2026!')
    await page.waitForURL((url) => url.pathname === '/')
    // On a loaded machine the check may go out late: log out only once it is on its way.
    await asked
    await page.getByTestId('user-menu').click()
    await page.getByRole('menuitem', { name: '退出登录' }).click()
    await page.waitForURL('**/index')
    release()
    expect((await (await refused).json()).code).toBe(403)
    // The refusal is about a session the visitor ended here: no trip to /login, no message.
    await page.waitForTimeout(500)
    expect(new URL(page.url()).pathname).toBe('/index')
    expect(await page.getByTestId('toast').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('shows the server message for a wrong password and stays on /login', async () => {
    const { page } = await openPage(browser)
    await page.goto('/login')
    await submitLogin(page, '13800000002', 'not-the-password')
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('账号或密码错误')
    expect(new URL(page.url()).pathname).toBe('/login')
  })

  it('starts without the API client and keeps the form when the client cannot load', async () => {
    const { page } = await openPage(browser)
    // The API client's chunks (axios and every call wrapper: vite.config.ts groups them as api-…), not
    // the small message table. The page comes alive without them: they are not what its route needs to start.
    await page.route(/\/assets\/(api|account|http)-(?!messages-|hooks-)[^/]+\.js$/, (route) => route.abort())
    await page.goto('/login')
    await expect.poll(() => page.locator('input[name=account]').isEnabled()).toBe(true)

    await submitLogin(page, '13800000001', 'Kabu2026!')
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('网络连接失败，请检查网络')
    expect(new URL(page.url()).pathname).toBe('/login')
    expect(await page.inputValue('input[name=account]')).toBe('13800000001')
    expect(await page.inputValue('input[name=password]')).toBe('Kabu2026!')
    await expect.poll(() => page.locator('main button[type=submit]').isEnabled()).toBe(true)
  })

  it('sends a signed-in visitor away from /login', async () => {
    const { page } = await openPage(browser)
    await signIn(page)
    await page.goto('/login')
    await page.waitForURL((url) => url.pathname === '/')
  })

  it('returns to return_url after signing in', async () => {
    const { page } = await openPage(browser)
    await page.goto('/login?return_url=%2Fagreement%2Fprivate')
    await submitLogin(page, '13800000001', 'Kabu2026!')
    await page.waitForURL('**/agreement/private')
    await expect.poll(() => page.locator('h1').textContent()).toBe('咖簿网隐私政策')
  })
})

describe('routing', () => {
  it('sends an unknown path to the 404 page', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/no/such/page')
    await page.waitForURL('**/404')
    await expect.poll(() => page.locator('h1').textContent()).toBe('页面不存在')
    expect(errors).toEqual([])
  })

  it('searches from the header box with Enter', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/')
    const box = page.getByRole('textbox', { name: '站内搜索' }).first()
    await box.fill('认证')
    await box.press('Enter')
    await page.waitForURL(`**/search/index?keyword=${encodeURIComponent('认证')}`)
    await expect.poll(() => page.getByTestId('search-result').count()).toBeGreaterThan(0)
    expect(await page.getByTestId('search-summary').textContent()).toMatch(/“认证”共找到 \d+ 条结果/)
    expect(errors).toEqual([])
  })

  it('searches from the header box before the page has hydrated (or without JavaScript): the browser submits it', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false })
    try {
      const page = await context.newPage()
      await page.goto('/')
      const box = page.getByRole('textbox', { name: '站内搜索' }).first()
      await box.fill('认证')
      await box.press('Enter')
      await page.waitForURL(`**/search/index?keyword=${encodeURIComponent('认证')}`)
    } finally {
      await context.close()
    }
  })

  it('finds campaign pages and opens one from the results', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto(`/search/index?keyword=${encodeURIComponent('AIGC')}`)
    const result = page.getByTestId('search-result').filter({ hasText: '专题' }).first()
    await expect.poll(() => result.count()).toBe(1)
    await result.getByRole('link').click()
    await page.waitForURL('**/application/aigc-*')
    await expect.poll(() => page.title()).toContain('AIGC')
    expect(errors).toEqual([])
  })

  it('signs in through a hand-off link on /redirect and goes to url', async () => {
    const { page } = await openPage(browser)
    const res = await page.request.post('/api/login', {
      data: { account: '13800000001', password: 'Kabu2026!', logInSource: 2 },
    })
    const token = (await res.json()).data.token
    const minted = await page.request.post('/api/my/handoff', {
      headers: { authorization: token },
      data: { url: '/agreement/user' },
    })
    await page.goto((await minted.json()).data.link)
    // Opening it signs nobody in: the page names the account and waits for the visitor.
    await expect.poll(() => page.getByTestId('handoff-account').textContent()).toContain('138****0001')
    await page.getByRole('button', { name: '确认登录' }).click()
    await page.waitForURL('**/agreement/user')
    await expect.poll(() => page.getByTestId('user-menu').isVisible()).toBe(true)
  })

  it('clears a dead token on load and goes to /index with the verification message', async () => {
    const { page } = await openPage(browser)
    await page.context().addCookies([
      {
        name: 'kb_member_token',
        value: 'dead-token',
        url: baseURL(),
      },
    ])
    await page.goto('/agreement/user')
    await page.waitForURL('**/index')
    await expect
      .poll(() => page.getByTestId('toast').textContent())
      .toContain('Verification failed, please Login again.')
    await expect.poll(() => page.getByTestId('login-prompt').isVisible()).toBe(true)
  })

  it('sends the visitor to /login when a protected call finds the session ended', async () => {
    const { page } = await openPage(browser)
    await signIn(page)
    const token = (await page.context().cookies()).find((c) => c.name === 'kb_member_token')!.value
    // The session ends elsewhere (another tab signs out), then the visitor returns to this tab.
    await page.request.post('/api/logout', { headers: { authorization: token } })
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
    await page.waitForURL((url) => url.pathname === '/login')
    expect((await page.context().cookies()).find((c) => c.name === 'kb_member_token')).toBeUndefined()
  })
})

describe('footer and layout', () => {
  it('loads the partner carousel when the footer comes into view', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/')
    // Wait for the home content, so the footer starts below the fold.
    await page.getByRole('heading', { name: '平台服务' }).waitFor()
    expect(await page.getByTestId('partner-carousel').count()).toBe(0)
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
    await expect
      .poll(() => page.locator('[data-testid=partner-carousel] li img').count())
      .toBeGreaterThanOrEqual(42)
    // Three slides: the first in view, a bullet brings another, and only the slide in view is read out.
    const tilesInView = () => page.getByTestId('partner-carousel').getByRole('listitem').allInnerTexts()
    const first = await tilesInView()
    expect(first).toHaveLength(14)
    await page.getByRole('button', { name: '第 2 组合作伙伴' }).click()
    await expect.poll(tilesInView).not.toEqual(first)
    expect(await tilesInView()).toHaveLength(14)
    expect(await page.getByRole('button', { name: '第 2 组合作伙伴' }).getAttribute('aria-current')).toBe(
      'true',
    )
    expect(await page.getByRole('link', { name: '用户协议' }).count()).toBeGreaterThan(0)
    // The filing number a deployment writes into content/site.json (a demo value here).
    expect(await page.getByText(identity.icp).isVisible()).toBe(true)
    expect(errors).toEqual([])
  })

  it('fits a 375 px screen without horizontal scrolling', async () => {
    const { page } = await openPage(browser, 375)
    await page.goto('/')
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.getByRole('button', { name: '打开导航' }).click()
    await expect
      .poll(() => page.getByRole('dialog').getByRole('link', { name: '设计师', exact: true }).isVisible())
      .toBe(true)
  })

  it('scrolls back to the top', async () => {
    const { page } = await openPage(browser)
    await page.goto('/')
    await page.evaluate(() => window.scrollTo(0, 1500))
    await page.getByRole('button', { name: '回到顶部' }).click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })
})
