import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, openPage } from './page.ts'

const dir = path.resolve(import.meta.dirname, '../../landing-pages')

/** A page whose sign-up never closes (rolling enrolment), so this test does not expire with a date. */
function openSignupPage(): string {
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
    .sort()) {
    const text = fs.readFileSync(path.join(dir, file), 'utf8')
    if (text.includes('"signup"') && !text.includes('closesAt')) return file.replace(/\.json$/, '')
  }
  throw new Error('no landing page has a sign-up without closesAt')
}

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

describe('landing page sign-up', () => {
  const EMPTY_FORM_MESSAGES = ['姓名不能为空', '请输入正确的11位手机号', '单位 / 学校不能为空', '请阅读']

  /** Every message is on the form, and still there once the form has settled. */
  async function expectMessages(form: Locator, messages: readonly string[]) {
    for (const message of messages) await expect.poll(() => form.textContent()).toContain(message)
    await form.page().waitForTimeout(500)
    const text = (await form.textContent()) ?? ''
    expect(messages.filter((m) => !text.includes(m))).toEqual([])
  }

  it('shows every message when the submit comes before the form has reported its defaults', async () => {
    // RJSF reports the defaults it fills in (参加人数 1, the tick box false) while it first renders;
    // anything that report updates commits in a later task than the form's first appearance. This
    // submit comes in between, clicked as soon as the button can be used (the server's HTML carries
    // it disabled until the section has hydrated). The form used to hand the
    // report back as its formData prop, which landed after the submit: RJSF took it for a change of
    // 'read' and dropped the 请阅读 the submit had found (the flaky first submit of the test below).
    const slug = openSignupPage()
    const { page, errors } = await openPage(browser)
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const button = document.querySelector<HTMLButtonElement>(
          '[data-section="signup"] form button[type=submit]',
        )
        if (!button || button.disabled) return
        observer.disconnect()
        button.click()
      })
      observer.observe(document, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['disabled'],
      })
    })
    await page.goto(`/application/${slug}`)
    const form = page.locator('[data-section="signup"]')
    // The section hydrates as it nears the viewport.
    await form.scrollIntoViewIfNeeded()
    await expectMessages(form, EMPTY_FORM_MESSAGES)
    await expect
      .poll(() => form.locator('[data-scope=checkbox][data-part=root][data-invalid]').count())
      .toBe(1)
    expect(errors).toEqual([])
  })

  it('shows the schema messages, stores a valid sign-up and refuses the same phone twice', async () => {
    const slug = openSignupPage()
    const { page, errors } = await openPage(browser)
    await page.goto(`/application/${slug}`)
    const form = page.locator('[data-section="signup"]')
    await form.scrollIntoViewIfNeeded()
    const submit = form.getByRole('button', { name: /提交|报名/ }).last()
    await submit.click()
    for (const message of ['姓名不能为空', '请输入正确的11位手机号', '单位 / 学校不能为空', '请阅读']) {
      await expect.poll(() => form.textContent()).toContain(message)
    }
    await form.locator('#root_name').fill('周敏')
    await form.locator('#root_phone').fill('13512345678')
    await form.locator('#root_organization').fill('西岭大学设计学院（示例）')
    await form.locator('[data-part=control]').last().click()
    await submit.click()
    await expect.poll(() => form.textContent()).toContain('报名')
    await expect.poll(() => form.locator('#root_name').count()).toBe(0)

    // The server kept it: the same phone cannot sign up again.
    await page.reload()
    const again = page.locator('[data-section="signup"]')
    await again.scrollIntoViewIfNeeded()
    await again.locator('#root_name').fill('周敏')
    await again.locator('#root_phone').fill('13512345678')
    await again.locator('#root_organization').fill('西岭大学设计学院（示例）')
    await again.locator('[data-part=control]').last().click()
    await again
      .getByRole('button', { name: /提交|报名/ })
      .last()
      .click()
    await expect.poll(() => page.getByTestId('toast').textContent()).toContain('该手机号已报名')
    expect(errors).toEqual([])
  })
})
