import type { Browser, Page } from 'playwright-core'

/** The two widths every page is looked at: a common laptop and a common phone (DESIGN.md: 375 px). */
export const PREVIEW_WIDTHS = [1366, 375] as const

/**
 * Waits until the app is live, as a visitor's browser gets there (tests/e2e/page.ts waitUntilLive): a
 * page to read starts its code at the visitor's first move (<html data-waits-for-use>), so the
 * pointer moves, then <html data-live> says the page has hydrated.
 */
async function waitUntilLive(page: Page): Promise<void> {
  await page.locator('html[data-live], html[data-waits-for-use]').waitFor({ state: 'attached' })
  if (await page.locator('html[data-waits-for-use]').count()) {
    await page.mouse.move(1, 1)
    await page.mouse.move(2, 2)
  }
  await page.locator('html[data-live]').waitFor({ state: 'attached' })
}

/**
 * Scrolls down a screen at a time so lazy sections (the footer's partner carousel) load, then asks
 * every picture for itself at once — a lazy picture far from the screen would stay blank in a
 * full-page screenshot — waits for pictures and fonts, and returns to the top: the PNG shows what a
 * visitor scrolling down the page would see.
 */
async function loadWholePage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const pause = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)))
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y)
      await pause()
    }
  })
  // A page that polls is never idle for long: a few seconds is enough for what scrolling started.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {})
  await page.evaluate(async () => {
    for (const image of document.querySelectorAll('img[loading="lazy"]'))
      (image as HTMLImageElement).loading = 'eager'
    await document.fonts.ready
    // A picture that never answers must not hold the preview: each is waited for at most 5 s.
    const loaded = (i: HTMLImageElement) =>
      new Promise((r) => {
        i.addEventListener('load', r)
        i.addEventListener('error', r)
        setTimeout(r, 5000)
      })
    await Promise.all([...document.images].filter((i) => !i.complete).map(loaded))
    window.scrollTo(0, 0)
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
  })
}

/** A full-page PNG of `url` at `width` px wide, written to `file`, with what went wrong on the way. */
export async function screenshot(
  browser: Browser,
  url: string,
  width: number,
  file: string,
): Promise<string[]> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    deviceScaleFactor: 1,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // Carousels and transitions hold still, so the picture shows the page, not a moment of a slide.
    reducedMotion: 'reduce',
  })
  const problems: string[] = []
  try {
    const page = await context.newPage()
    page.on('pageerror', (e) => problems.push(`页面脚本出错：${e.message}`))
    page.on('response', (r) => {
      if (r.status() >= 400 && r.url() !== url)
        problems.push(`请求失败（${r.status()}）：${new URL(r.url()).pathname}`)
    })
    const response = await page.goto(url)
    if (!response?.ok()) problems.push(`页面打开失败：HTTP ${response?.status() ?? '无应答'}`)
    await waitUntilLive(page)
    await loadWholePage(page)
    const wider = await page.evaluate(() => document.documentElement.scrollWidth)
    if (wider > width) problems.push(`页面比屏幕宽 ${wider - width} px：手机上会出现横向滚动`)
    await page.screenshot({ path: file, fullPage: true })
  } finally {
    await context.close()
  }
  return problems
}
