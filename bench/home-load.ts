import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts'
import { kindOf } from './assets.ts'

export interface HomeLoad {
  paintName: string
  paintMs: number
  /** JS/CSS URL paths the page started fetching before first paint, with when each request started. */
  beforePaint: Map<string, number>
  /** JS/CSS URL paths fetched later, including what scrolling to the footer pulls in. */
  afterPaint: string[]
  carouselShown: boolean
}

const SETTLE_MS = 500
const CAROUSEL_TIMEOUT_MS = 10_000

interface Timing {
  paints: { name: string; startTime: number }[]
  resources: { name: string; startTime: number }[]
}

// Runs in the page: plain data only, so it crosses the protocol boundary.
const readTiming = (): Timing => ({
  paints: performance.getEntriesByType('paint').map((e) => ({ name: e.name, startTime: e.startTime })),
  resources: performance.getEntriesByType('resource').map((e) => ({ name: e.name, startTime: e.startTime })),
})

/** JS/CSS path -> first request start (ms after navigation) for the requests `keep` accepts. */
function assetStarts(t: Timing, keep: (startTime: number) => boolean): Map<string, number> {
  const starts = new Map<string, number>()
  for (const r of t.resources) {
    const pathname = new URL(r.name).pathname
    if (keep(r.startTime) && kindOf(pathname) && !starts.has(pathname)) starts.set(pathname, r.startTime)
  }
  return starts
}

/** Opens the home page in a fresh headless Chromium (no cache) and sorts its JS/CSS around first paint. */
export async function loadHome(baseUrl: string): Promise<HomeLoad> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'zh-CN' })
    const page = await context.newPage()
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' })
    await page.waitForTimeout(SETTLE_MS)

    const first = await page.evaluate(readTiming)
    const paint =
      first.paints.find((p) => p.name === 'first-contentful-paint') ??
      first.paints.find((p) => p.name === 'first-paint')
    if (!paint) throw new Error('the browser recorded no paint timing for the home page')

    // Only now scroll: the footer's partner carousel loads when it nears the viewport.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
    const carouselShown = await page
      .waitForSelector('[data-testid=partner-carousel]', { timeout: CAROUSEL_TIMEOUT_MS })
      .then(() => true)
      .catch(() => false)
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(SETTLE_MS)
    const later = await page.evaluate(readTiming)

    return {
      paintName: paint.name,
      paintMs: paint.startTime,
      beforePaint: assetStarts(first, (t) => t < paint.startTime),
      afterPaint: [...assetStarts(later, (t) => t >= paint.startTime).keys()],
      carouselShown,
    }
  } finally {
    await browser.close()
  }
}
