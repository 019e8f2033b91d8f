import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts'

/**
 * Looks at a page the way a visitor would: `node scripts/screenshot.ts <url> <out.png> [width] [--login] [--bottom]`.
 * With --login it first signs in as the demo designer.
 */
const [url, out = 'screenshot.png', width = '1280'] = process.argv.slice(2).filter((a) => !a.startsWith('--'))
const login = process.argv.includes('--login')
if (!url) {
  console.error('usage: node scripts/screenshot.ts <url> <out.png> [width] [--login]')
  process.exit(2)
}
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 } })
page.on('console', (m) => m.type() === 'error' && console.error('console:', m.text()))
if (login) {
  const origin = new URL(url).origin
  await page.goto(`${origin}/login`)
  await page.fill('input[name=account]', '13800000001')
  await page.fill('input[name=password]', 'Kabu2026!')
  await page.click('main button[type=submit]')
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
}
await page.goto(url, { waitUntil: 'networkidle' })
if (process.argv.includes('--bottom')) {
  // Scroll down so lazy parts (the partner carousel) load, then capture the last screenful.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.waitForTimeout(1500)
  await page.screenshot({ path: out })
} else {
  await page.waitForTimeout(500)
  await page.screenshot({ path: out, fullPage: true })
}
await browser.close()
console.log(`saved ${out}`)
