import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempDir } from '../support/temp-dir.ts'
import { launch, openPage, signIn } from './page.ts'

/**
 * Rights-confirmed works in Chromium against the built portal and the real notary service (issue 11
 * items 1–5, 7): the demo designer registers a text work and an image work from /mine?change=Work,
 * sees them as their owner, a visitor sees them without the owner's panel or downloads, and anyone
 * checks a file on /works/verify.
 */
let browser: Browser
const files = tempDir('works-files')
const txt = path.join(files, '共享工作台使用守则.txt')
const jpg = path.join(files, '山居茶器.jpg')
const other = path.join(files, '细节图.png')
const different = path.join(files, '未登记的草稿.txt')
const tif = path.join(files, '山居茶器-印刷稿.tif')

// Over 280 characters, so the detail view folds it (SPEC §9).
const RULES = [
  '第一条：进门先看白板。白板上写着今天谁在用激光切割机、谁预约了打印机，以及哪一台砂带机正在等零件。',
  '第二条：工具墙上的每一个空位都有轮廓线，借走什么，轮廓线就空着，归还时让它重新被填满。',
  '第三条：离开前留五分钟清扫，把台面恢复成你来时希望看到的样子。',
  '第四条：没做完的模型贴上名字和日期，放在右侧的搁架上，最多保留两周。',
  '第五条：把最后一卷胶带留给下一个人；用完了，就在白板的“缺货”一栏写下它的名字。',
  '第六条：锯末扫进左手边的桶，金属屑放进右手边的盒子，它们去往不同的地方。',
  '第七条：戴上护目镜再开机，哪怕只切一刀。第八条：有人在调试设备时，请先问一声再借用旁边的插座。',
].join('\n')

beforeAll(async () => {
  browser = await launch()
  fs.writeFileSync(txt, RULES)
  // The same text with one more line: a different file, a different hash.
  fs.writeFileSync(different, `${RULES}\n第九条：草稿。`)
  // A real picture (the site's share card, a 1200×630 JPEG) and a different one (a 1×1 PNG).
  fs.copyFileSync(path.resolve(import.meta.dirname, '../../public/share.jpg'), jpg)
  // A print-ready TIFF, which no browser draws by itself (written by ImageMagick: tests/fixtures/images).
  fs.copyFileSync(path.resolve(import.meta.dirname, '../fixtures/images/lzw.tif'), tif)
  fs.writeFileSync(
    other,
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  )
})
afterAll(() => browser.close())

/** Registers one work through the form in /mine?change=Work; answers the certificate number shown. */
async function registerWork(
  page: Page,
  work: {
    file: string
    name: string
    type: string
    tag: string
    abstract?: string
    images?: string[]
    /** Hold the upload a moment and check that the form waits for it instead of calling the file missing. */
    slowUpload?: boolean
  },
): Promise<string> {
  await page.getByTestId('work-register-open').click()
  const dialog = page.getByTestId('work-register-dialog')
  const uploads = dialog.locator('[data-testid=file-upload]')
  if (work.slowUpload)
    await page.route('**/api/common/upload', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
  await uploads.first().locator('input[type=file]').setInputFiles(work.file)
  if (work.slowUpload) {
    const submit = dialog.locator('button[type=submit]')
    await expect.poll(() => submit.textContent()).toContain('文件上传中…')
    expect(await submit.isDisabled()).toBe(true)
  }
  await dialog.getByRole('button', { name: `移除 ${path.basename(work.file)}` }).waitFor()
  if (work.slowUpload) {
    await page.unroute('**/api/common/upload')
    await expect.poll(() => dialog.getByRole('button', { name: '提交登记' }).isEnabled()).toBe(true)
  }
  await dialog.locator('#root_worksName').fill(work.name)
  await dialog.locator('#root_worksType').selectOption({ label: work.type })
  await dialog.locator('#root_tag').fill(work.tag)
  for (const image of work.images ?? []) {
    await uploads.nth(1).locator('input[type=file]').setInputFiles(image)
    await dialog.getByRole('button', { name: `移除 ${path.basename(image)}` }).waitFor()
  }
  if (work.abstract) await dialog.locator('#root_worksAbstract').fill(work.abstract)
  await dialog.locator('#root_read').check({ force: true })
  await dialog.getByRole('button', { name: '提交登记' }).click()
  // The new work opens in the detail view, and a success message names its certificate number.
  const detail = page.getByTestId('work-detail-dialog').getByTestId('work-detail')
  await detail.getByTestId('work-name').getByText(work.name, { exact: true }).waitFor()
  const number = (await detail.getByTestId('panel-certificate-no').textContent()) ?? ''
  expect(number).toMatch(/\S/)
  await page.getByText(`登记成功，证书编号：${number}`).waitFor()
  return number
}

/** The owner's view: the panel with its eight entries, no hash in the header, downloads that work. */
async function expectOwnerView(page: Page, certificateNo: string) {
  const detail = page.getByTestId('work-detail').last()
  expect(await detail.getAttribute('data-mine')).toBe('true')
  expect(await detail.getByTestId('work-hash').count()).toBe(0)
  const panel = detail.getByTestId('work-registration-panel')
  for (const label of ['著作权人', '存证大小', '存证类型', '公证平台', '权利声明文件哈希', '证书编号'])
    expect(await panel.getByText(label, { exact: true }).count()).toBe(1)
  expect(await panel.getByTestId('panel-owner').textContent()).toBe('陈思远')
  expect(await panel.getByTestId('panel-certificate-no').textContent()).toBe(certificateNo)
  expect(await panel.getByTestId('panel-hash').textContent()).toMatch(/^[0-9a-f]{64}$/)
  const certificate = panel.getByRole('link', { name: '下载存证证书' })
  expect(await certificate.getAttribute('target')).toBe('_blank')
  const pdf = await page.request.get((await certificate.getAttribute('href')) as string)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toContain('application/pdf')
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-')
  const zip = await page.request.get(
    (await panel.getByRole('link', { name: '下载证据包' }).getAttribute('href')) as string,
  )
  expect(zip.status()).toBe(200)
  expect(zip.headers()['content-type']).toContain('application/zip')
  expect((await zip.body()).subarray(0, 2).toString()).toBe('PK')
  // The QR code carries the public verification address.
  expect(await detail.getByTestId('work-qr').getAttribute('data-url')).toMatch(
    /\/works\/verify\?hash=[0-9a-f]{64}$/,
  )
  return {
    certificateUrl: (await certificate.getAttribute('href')) as string,
    packageUrl: (await panel.getByRole('link', { name: '下载证据包' }).getAttribute('href')) as string,
  }
}

describe('rights-confirmed works in the browser (issue 11)', () => {
  it('the demo designer registers a txt and an image work, sees them as owner; a visitor sees them without panel or downloads; files verify on /works/verify', async () => {
    const { page, errors } = await openPage(browser)
    await signIn(page)
    await page.goto('/mine?change=Work')
    await expect.poll(() => page.getByTestId('work-register-open').isEnabled()).toBe(true)

    // 1. A text work: its content under 登记内容, folded at 280 characters.
    const textNo = await registerWork(page, {
      file: txt,
      name: '共享工作台使用守则',
      type: '平面设计',
      tag: '文字,空间运营',
      abstract: '为共享工作台写的十二条使用守则，第八版。',
    })
    const textDetail = page.getByTestId('work-detail-dialog').getByTestId('work-detail')
    const primary = textDetail.getByTestId('work-primary')
    expect(await primary.getAttribute('data-kind')).toBe('text')
    expect(await primary.getByText('登记内容').count()).toBe(1)
    const fold = primary.getByTestId('fold-text')
    expect(await fold.getAttribute('data-folded')).toBe('true')
    await fold.getByRole('button', { name: '展开' }).click()
    expect(await fold.textContent()).toContain('第八条')
    const textLinks = await expectOwnerView(page, textNo)
    await page.getByTestId('work-detail-dialog').getByRole('button', { name: '关闭' }).click()

    // 2. An image work with a description image.
    const imageNo = await registerWork(page, {
      file: jpg,
      name: '山居茶器',
      type: '产品设计',
      tag: '茶器,竹制,可折叠',
      images: [other],
    })
    const imageDetail = page.getByTestId('work-detail-dialog').getByTestId('work-detail')
    expect(await imageDetail.getByTestId('work-primary').getAttribute('data-kind')).toBe('image')
    expect(await imageDetail.getByTestId('work-gallery').locator('img').count()).toBe(1)
    expect(await imageDetail.getByTestId('work-tags').textContent()).toBe('茶器竹制可折叠')
    await expectOwnerView(page, imageNo)
    await page.getByTestId('work-detail-dialog').getByRole('button', { name: '关闭' }).click()

    // Both are cards in the tab; a card opens the detail dialog.
    const cards = page.getByTestId('work-card')
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(2)
    const ids = new Map<string, string>()
    for (const card of await cards.all())
      ids.set((await card.textContent()) ?? '', (await card.getAttribute('data-work-id')) ?? '')
    const idOf = (name: string) => [...ids].find(([text]) => text.includes(name))?.[1] as string
    const textId = idOf('共享工作台使用守则')
    const imageId = idOf('山居茶器')
    expect(textId).toMatch(/^\d+$/)
    expect(imageId).toMatch(/^\d+$/)

    // The owner on the work's own page: the server renders it signed out, the browser loads the owner's view.
    await page.goto(`/works/detail?id=${imageId}`)
    await expect.poll(() => page.getByTestId('work-detail').getAttribute('data-mine')).toBe('true')
    await expectOwnerView(page, imageNo)

    // 3. A visitor in another browser context: the hash, no panel, no downloads; the URLs refused.
    const visitor = await openPage(browser)
    for (const id of [textId, imageId]) {
      await visitor.page.goto(`/works/detail?id=${id}`)
      const detail = visitor.page.getByTestId('work-detail')
      expect(await detail.getAttribute('data-mine')).toBe('false')
      expect(await detail.getByTestId('work-hash').textContent()).toMatch(/[0-9a-f]{64}/)
      // The QR code of the server-rendered page names this site, not the address inject saw.
      expect(await detail.getByTestId('work-qr').getAttribute('data-url')).toMatch(
        new RegExp(`^${new URL(visitor.page.url()).origin}/works/verify\\?hash=[0-9a-f]{64}$`),
      )
      expect(await detail.getByTestId('work-registration-panel').count()).toBe(0)
      expect(await visitor.page.getByRole('link', { name: /下载存证证书|下载证据包/ }).count()).toBe(0)
    }
    for (const url of [textLinks.certificateUrl, textLinks.packageUrl]) {
      const refused = await visitor.page.request.get(url)
      const type = refused.headers()['content-type'] ?? ''
      expect(type).not.toContain('application/pdf')
      expect(type).not.toContain('application/zip')
      expect((await refused.json()).code).not.toBe(200)
    }
    expect(visitor.errors).toEqual([])

    // 4. Verification: the image file matches (hashed in the browser), a different file does not.
    await visitor.page.goto('/works/verify')
    await visitor.page.getByTestId('verify-file').setInputFiles(jpg)
    const result = visitor.page.getByTestId('verify-result')
    await expect.poll(() => result.getAttribute('data-matched')).toBe('true')
    expect(await result.getByTestId('verify-certificate-no').textContent()).toBe(imageNo)
    expect(await result.getByTestId('verify-work-name').textContent()).toBe('山居茶器')
    expect(await result.getByTestId('verify-time').textContent()).toMatch(/\d{4}年\d+月\d+日 \d{2}:\d{2}/)
    expect(new URL(visitor.page.url()).searchParams.get('hash')).toMatch(/^[0-9a-f]{64}$/)
    await visitor.page.getByTestId('verify-file').setInputFiles(different)
    await expect.poll(() => result.getAttribute('data-matched')).toBe('false')

    // 5. With these two the designer has more works than their page shows: it links to the rest.
    // The server keeps a rendered page up to 30 s (PAGE_CACHE_MS) under the query parameters its render
    // read — a parameter of our own does not make a new address — and another file may have just opened
    // it: the page shows the new works once that copy expires.
    const designerWorks = visitor.page.getByTestId('designer-works')
    await expect
      .poll(
        async () => {
          await visitor.page.goto('/designer/detail?id=1')
          return designerWorks.getByTestId('work-card').count()
        },
        { timeout: 45_000, interval: 2000 },
      )
      .toBe(8)
    const all = designerWorks.getByRole('link', { name: /^查看全部 \d+ 件作品/ })
    const count = Number((await all.textContent())?.match(/\d+/)?.[0])
    expect(count).toBeGreaterThan(8)
    await all.click()
    await visitor.page.waitForURL(
      (u) => u.pathname.endsWith('/works/index') && u.searchParams.get('userId') === '1',
    )
    await expect.poll(() => visitor.page.getByTestId('works-total').textContent()).toBe(`共 ${count} 件作品`)
    expect(await visitor.page.getByTestId('work-grid').textContent()).toContain('山居茶器')

    expect(errors).toEqual([])
  }, 120_000)

  it('shows a tif work through the server’s rendition: the picture draws, the card has a cover, the original downloads', async () => {
    const { page, errors } = await openPage(browser)
    // 周可, the other verified designer, so that 陈思远's counts above stay as they are.
    await signIn(page, '13800000003')
    await page.goto('/mine?change=Work')
    await expect.poll(() => page.getByTestId('work-register-open').isEnabled()).toBe(true)
    await registerWork(page, {
      file: tif,
      name: '山居茶器印刷稿',
      type: '产品设计',
      tag: '印刷,四色',
      slowUpload: true,
    })
    const primary = page.getByTestId('work-detail-dialog').getByTestId('work-primary')
    expect(await primary.getAttribute('data-kind')).toBe('image')
    // The browser really drew it: a decoded picture of the TIFF's 24 × 16 pixels.
    const picture = primary.getByRole('img', { name: '山居茶器印刷稿' })
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24)
    expect(await primary.getByTestId('work-primary-original').textContent()).toContain('山居茶器-印刷稿.tif')
    const download = await page.request.get(
      (await primary.getByRole('link', { name: '下载文件' }).getAttribute('href')) as string,
    )
    expect(download.headers()['content-type']).toBe('image/tiff')
    await page.getByTestId('work-detail-dialog').getByRole('button', { name: '关闭' }).click()
    // Its card shows the 280-wide thumbnail (here the picture's own 24 px: never enlarged).
    const card = page.getByTestId('work-card').filter({ hasText: '山居茶器印刷稿' })
    const cover = card.getByTestId('work-cover')
    expect(await cover.getAttribute('data-cover')).toBe('own')
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24)
    expect(errors).toEqual([])
  })

  it('lists the works in the public directory; choosing a type starts again at page 1', async () => {
    const { page, errors } = await openPage(browser)
    // 12 seeded works and the two registered above: 12 a page, so a second page exists.
    await page.goto('/works/index?page=2')
    await expect.poll(() => page.getByText(/第 2 \/ \d+ 页/).count()).toBe(1)
    const total = Number((await page.getByTestId('works-total').textContent())?.match(/\d+/)?.[0])
    expect(await page.getByTestId('work-card').count()).toBe(total - 12)
    await page.getByTestId('works-type-filter').getByRole('link', { name: '产品设计' }).click()
    await page.waitForURL((url) => url.searchParams.get('worksType') === '2')
    expect(new URL(page.url()).searchParams.get('page')).toBeNull()
    const cards = page.getByTestId('work-card')
    await expect.poll(() => cards.count()).toBeGreaterThan(0)
    // Every card on the filtered page is of that type (once the new page has rendered).
    await expect
      .poll(async () => [...new Set(await page.getByTestId('work-card-type').allTextContents())])
      .toEqual(['产品设计'])
    // A card opens the detail dialog.
    await cards.first().click()
    await page.getByTestId('work-detail-dialog').getByTestId('work-detail').waitFor()
    expect(errors).toEqual([])
  })
})
