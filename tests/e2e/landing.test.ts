import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { landingFiles, typesUsed } from '../support/landing-files.ts'
import { launch, openPage, scrollThrough } from './page.ts'

const pages = landingFiles()

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

describe('every landing page renders', () => {
  it('has the 28 campaign pages of SPEC §2', () => {
    expect(pages.map((p) => p.slug).sort()).toEqual(
      [
        'cida-edu',
        'cida-car',
        'cida-research',
        'cida-qingtai',
        'cida-qingtaiSalon',
        'aigc-2',
        'aigc-3',
        'aigc-4',
        'aigc-5',
        'aigc-6',
        'raulColor',
        'raulColor-6',
        'raulColor6-new',
        'sungrow',
        'united-imaging',
        '2025qtDesignFestival',
        'qtDesignFestival',
        'szsh-to-jp',
        'szshcl',
        'szqyjpx',
        'fzSalon',
        'cidaAcademy',
        'sipCar',
        'crrcgc',
        'crrcgcPublish',
        'crrcgc3',
        'designWeek',
        'designWeekTest2',
      ].sort(),
    )
  })

  it.each(pages.map((p) => [p.slug, p] as const))(
    '/application/%s: title, description, only its section types, no console errors, no failed requests, fits 375 px',
    async (slug, page) => {
      const { page: tab, errors } = await openPage(browser)
      const failed: string[] = []
      const sectionChunks = new Set<string>()
      tab.on('request', (r) => {
        // The content hash is 8 characters and may itself start with '-' (section-signup--XPKqqY1.js).
        const match = /\/assets\/section-([a-z-]+?)-[\w-]{8}\.js$/.exec(r.url())
        if (match) sectionChunks.add(match[1]!)
      })
      tab.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`))
      tab.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`)
      })
      await tab.goto(`/application/${slug}`)
      await expect.poll(() => tab.title()).toBe(`${page.title} - 咖簿网`)
      expect(await tab.locator('meta[name="description"]').getAttribute('content')).toBe(page.description)
      // Scroll through so lazy sections and images load. Twice: a section starts watching for the
      // viewport when React reaches it, after the page itself is live, and one passed before that
      // (a busy machine) hydrates only when it is near again — as for a visitor who scrolled past.
      await scrollThrough(tab, 150)
      await tab.evaluate(() => window.scrollTo(0, 0))
      await scrollThrough(tab, 150)
      expect(await tab.locator('[data-section]').count()).toBeGreaterThanOrEqual(4)
      expect(await tab.getByText('此部分内容暂时无法显示').count()).toBe(0)
      const images = await tab.locator('main img').evaluateAll((els) =>
        els.map((e) => ({
          src: (e as HTMLImageElement).src,
          w: e.getAttribute('width'),
          h: e.getAttribute('height'),
        })),
      )
      for (const img of images) {
        expect(new URL(img.src).host, `hot-linked image ${img.src}`).toBe(new URL(tab.url()).host)
        expect(img.w && img.h, `image without dimensions ${img.src}`).toBeTruthy()
      }
      // Only section types the page uses are loaded, and at least those on screen without opening a tab.
      const used = typesUsed(page.sections)
      expect([...sectionChunks].filter((t) => !used.has(t))).toEqual([])
      // Polled: on a busy machine the last section's chunk may be asked for just after network idle.
      await expect
        .poll(() => [...typesUsed(page.sections, false)].filter((t) => !sectionChunks.has(t)))
        .toEqual([])
      await tab.setViewportSize({ width: 375, height: 800 })
      await tab.waitForTimeout(200)
      expect(
        await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0)
      expect(failed).toEqual([])
      expect(errors).toEqual([])
    },
  )

  it('sends an unknown slug to /404', async () => {
    const { page } = await openPage(browser)
    await page.goto('/application/no-such-campaign')
    await page.waitForURL('**/404')
  })
})
