import path from 'node:path'
import Database from 'better-sqlite3'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { e2eDataDir, launch, openPage, signIn } from './page.ts'

let browser: Browser
const EXPIRED_NUMBER = 'KBC20240000001'
beforeAll(async () => {
  browser = await launch()
  // 周可 (verified, never paid) gets a certificate that lapsed last year, straight in the database.
  const db = new Database(path.join(e2eDataDir(), 'kabu.db'))
  try {
    const user = db.prepare('select id from users where account = ?').get('13800000003') as { id: number }
    db.prepare(
      `insert into certifications (user_id, number, level, valid_from, valid_until, created_at, updated_at)
       values (?, ?, '注册设计师', '2024-03-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z', ?, ?)`,
    ).run(user.id, EXPIRED_NUMBER, new Date().toISOString(), new Date().toISOString())
  } finally {
    db.close()
  }
})
afterAll(() => browser.close())

describe('certification pages and certificates (issue 9 item 5)', () => {
  it('shows the designer’s certificate image and gives its A4 PDF; its verification page says valid', async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page)
    await page.goto('/mine?change=Cert')
    const card = page.getByTestId('certificate-card')
    await card.waitFor()
    const image = card.getByRole('img')
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1200)
    const pdfHref = (await card.getByRole('link', { name: '下载 PDF 证书' }).getAttribute('href')) as string
    const pdf = await page.request.get(pdfHref)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
    const number = (await card.textContent())?.match(/KBC\d{11}/)?.[0] as string

    // What the certificate's QR code opens.
    await page.goto(`/auth/search?number=${number}`)
    const result = page.getByTestId('certificate-card')
    await expect.poll(() => result.getAttribute('data-status')).toBe('valid')
    expect(await result.textContent()).toContain('陈思远')
    expect(errors).toEqual([])
  })

  it('says a forged number is not ours and an expired certificate is expired', async () => {
    const { page } = await openPage(browser)
    await page.goto('/auth/search?number=KBC20269999999')
    await expect.poll(() => page.getByTestId('verify-missing').textContent()).toContain('查无此证')
    // The form works like any search: type, press the button.
    await page.getByRole('textbox', { name: '证书编号或持证人姓名' }).fill(EXPIRED_NUMBER)
    await page.getByRole('button', { name: '查验' }).click()
    await expect.poll(() => page.getByTestId('certificate-card').getAttribute('data-status')).toBe('expired')
    expect(await page.getByTestId('certificate-card').textContent()).toContain('证书已过期')
  })

  it('lists certified designers and finds them by city', async () => {
    const { page } = await openPage(browser)
    await page.goto('/certification/index')
    await expect.poll(() => page.getByTestId('certified-list').textContent()).toContain('陈思远')
    await page.goto('/certification/search?keyword=%E8%8B%8F%E5%B7%9E')
    await expect.poll(() => page.getByTestId('certified-list').textContent()).toContain('陈思远')
    // The lapsed certificate is not in the directory.
    await page.goto(`/certification/search?keyword=${EXPIRED_NUMBER}`)
    await expect.poll(() => page.getByTestId('certified-total').textContent()).toContain('共 0 位')
  })

  it('leads a designer whose certificate lapsed to pay again', async () => {
    const { page } = await openPage(browser)
    await signIn(page, '13800000003')
    await page.goto('/cert/apply')
    const steps = page.getByTestId('apply-steps')
    await expect.poll(() => steps.getAttribute('data-step')).toBe('1')
    await page.getByRole('link', { name: '去缴费' }).click()
    await page.waitForURL((u) => u.pathname === '/certPayment')
    await expect.poll(() => page.getByTestId('pay-current').textContent()).toContain('已于 2025年3月1日 过期')
  })
})
