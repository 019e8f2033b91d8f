import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, openPage, signIn } from './page.ts'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

describe('real-name verification (SPEC §2 Realname dialog, §5)', () => {
  it('the new demo user verifies with a valid ID, and the server keeps it', async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page, '13800000002')
    // The whole flow runs under the server's CSP, which has no 'unsafe-eval': validation must not need it.
    const csp = (await page.request.get('/')).headers()['content-security-policy']
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain('unsafe-eval')
    const card = page.getByTestId('realname-card')
    await card.getByRole('button', { name: '立即实名认证' }).click()

    const tip = page.getByTestId('realname-tip')
    await expect.poll(() => tip.isVisible()).toBe(true)
    await tip.getByRole('button', { name: '去认证' }).click()

    const dialog = page.getByTestId('realname-form')
    await expect.poll(() => dialog.isVisible()).toBe(true)
    expect((await dialog.boundingBox())?.width).toBe(630)
    await expect.poll(() => dialog.textContent()).toContain('仅中国大陆居民身份证持有人可使用作品确权服务')

    // Labels are tied to their inputs: clicking one focuses the field.
    await dialog.locator('label[for=root_username]').click()
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_username')

    // Errors appear when a field loses focus, with the §5 messages.
    const name = dialog.locator('#root_username')
    await name.focus()
    await dialog.locator('#root_identity').focus()
    await expect.poll(() => dialog.textContent()).toContain('姓名不能为空')
    await dialog.locator('#root_identity').fill('12345')
    await dialog.locator('#root_professionalName').focus()
    await expect.poll(() => dialog.textContent()).toContain('请输入正确的二代身份证号码')

    // Submitting an incomplete form shows every remaining message and sends nothing.
    await dialog.getByRole('button', { name: '提交认证' }).click()
    for (const message of ['所在城市不能为空', '专业不能为空', '职业不能为空', '请勾选咖簿网协议']) {
      await expect.poll(() => dialog.textContent()).toContain(message)
    }

    await name.fill('林晓')
    await dialog.locator('#root_identity').fill('11010519900307123x')
    await dialog.locator('#root_cityId').selectOption({ label: '江苏省' })
    await dialog.getByLabel('城市', { exact: true }).selectOption({ label: '苏州市' })
    await dialog.getByLabel('区/县', { exact: true }).selectOption({ label: '虎丘区' })
    await dialog.locator('#root_professional').selectOption({ label: '产品设计' })
    await dialog.locator('#root_professionalName').fill('产品设计师')
    // The tick box itself: the label's centre is the agreement link, which opens the agreement instead.
    await dialog.locator('[data-part=control]').last().click()
    await dialog.getByRole('button', { name: '提交认证' }).click()

    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('实名认证成功')
    await expect.poll(() => dialog.isVisible()).toBe(false)

    await page.reload()
    await expect.poll(() => page.getByTestId('realname-card').textContent()).toContain('已实名')
    const token = (await page.context().cookies()).find((c) => c.name === 'kb_member_token')!.value
    const info = await (
      await page.request.get('/api/my/getRealNameBo', { headers: { authorization: token } })
    ).json()
    expect(info.data).toMatchObject({
      verified: true,
      username: '林晓',
      identity: '11************123X',
      rightsEligible: true,
    })
    expect(errors).toEqual([])
  })

  it('shows a verified designer as verified instead of offering the dialog', async () => {
    const { page } = await openPage(browser)
    await signIn(page, '13800000001')
    await expect.poll(() => page.getByTestId('realname-card').textContent()).toContain('已实名')
  })
})
