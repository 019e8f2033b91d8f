import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { tempDir } from '../support/temp-dir.ts'

/**
 * Filling a competition's entry forms in the browser, as an entrant does: registration, then one work
 * with its uploads, team, adviser, property-right proof and display board.
 */

/** A 1×1 PNG and a minimal PDF: the storage service checks the bytes, not just the name. */
export function sampleFiles() {
  const dir = tempDir('entry-flow')
  const png = path.join(dir, 'board.png')
  const pdf = path.join(dir, 'proof.pdf')
  fs.writeFileSync(
    png,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  )
  fs.writeFileSync(pdf, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
  return { png, pdf }
}

const select = (page: Page, id: string, label: string) => page.locator(`#root_${id}`).selectOption({ label })

export async function registerEntry(page: Page, slug: string) {
  await page.goto(`/${slug}/base`)
  await page.waitForURL((url) => url.pathname === `/${slug}/base/infomation`)
  // A new entrant starts at step 0.
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

export async function addCompleteWork(
  page: Page,
  slug: string,
  range: string,
  files: { png: string; pdf: string },
  worksName = '折叠式桌面台灯',
) {
  await page.fill('#root_worksName', worksName)
  await select(page, 'range', range)
  await page.locator('[data-testid=file-upload]').first().locator('input[type=file]').setInputFiles(files.png)
  await page.getByRole('button', { name: '移除 board.png' }).first().waitFor()
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
  await uploads.nth(0).locator('input[type=file]').setInputFiles(files.pdf)
  await page.getByRole('button', { name: '移除 proof.pdf' }).waitFor()
  await page.locator('#root_original').check({ force: true })
  await page.getByRole('button', { name: '保存产权证明' }).click()
  await expect.poll(() => page.textContent('body')).toContain('产权证明已保存')
  await page.locator('[data-testid=file-upload]').last().locator('input[type=file]').setInputFiles(files.png)
  await page.getByRole('button', { name: '移除 board.png' }).last().waitFor()
  await page.getByRole('button', { name: '保存并继续' }).click()
}
