import path from 'node:path'
import Database from 'better-sqlite3'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../server/lib/passwords.ts'
import { e2eDataDir, launch, openPage, signInByForm } from './page.ts'

const PHONE = '13700009999'
let browser: Browser
beforeAll(async () => {
  browser = await launch()
  // An account of its own, so changing its password cannot disturb the other browser tests.
  const db = new Database(path.join(e2eDataDir(), 'kabu.db'))
  try {
    db.prepare(
      'insert into users (account, email, password_hash, username, nickname, profile_photo, money_fen, integral, created_at) values (?, null, ?, ?, null, null, 0, 0, ?)',
    ).run(PHONE, await hashPassword('OldPass#2026'), '顾然', new Date().toISOString())
  } finally {
    db.close()
  }
})
afterAll(() => browser.close())

/** The code the sandbox SMS provider "sent" (it writes to the sms_outbox table instead). */
function lastCode(phone: string): string | undefined {
  const db = new Database(path.join(e2eDataDir(), 'kabu.db'), { readonly: true, fileMustExist: true })
  try {
    const row = db
      .prepare('select body from sms_outbox where phone = ? order by id desc limit 1')
      .get(phone) as { body: string } | undefined
    return row ? /验证码为(\d{6})/.exec(row.body)?.[1] : undefined
  } finally {
    db.close()
  }
}

describe('/forgetPwd', () => {
  it('resets a password with an SMS code, then signs in with the new one', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/login')
    await page.getByRole('link', { name: '忘记密码？' }).click()
    await page.waitForURL('**/forgetPwd')

    // Weak passwords get the §5 message before anything is sent.
    await page.locator('#root_password').fill('abcdefgh')
    await page.locator('#root_confirmPassword').focus()
    await expect
      .poll(() => page.locator('main').textContent())
      .toContain('请输入8-20位英文字母及数字或者符号（除空格）')

    await page.locator('#root_phone').fill(PHONE)
    await page.getByRole('button', { name: '获取验证码' }).click()
    await expect.poll(() => page.getByRole('button', { name: /秒后重发/ }).count()).toBe(1)
    await expect.poll(() => lastCode(PHONE)).toMatch(/^\d{6}$/)

    await page.locator('#root_code').fill(lastCode(PHONE)!)
    await page.locator('#root_password').fill('NewPass#2026')
    await page.locator('#root_confirmPassword').fill('NewPass#2026')
    await page.getByRole('button', { name: '重置密码' }).click()
    await page.waitForURL('**/login')

    await signInByForm(page, PHONE, 'NewPass#2026')
    expect(errors).toEqual([])
  })
})
