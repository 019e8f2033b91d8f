import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, openPage } from './page.ts'

const dir = path.resolve(import.meta.dirname, '../../landing-pages')
const pages = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
  .map((f) => ({
    slug: f.replace(/\.json$/, ''),
    ...(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as { title: string; description: string }),
  }))

type Entry = { type?: string; include?: string; props?: Record<string, unknown> }

/**
 * The section types a page uses, following includes and nested columns; tab contents count only
 * with `withTabs`, since a tab that is never opened need not load its sections.
 */
function typesUsed(entries: Entry[] = [], withTabs = true, found = new Set<string>()): Set<string> {
  for (const entry of entries) {
    if (entry.include) {
      const fragment = JSON.parse(
        fs.readFileSync(path.join(dir, '_shared', `${entry.include}.json`), 'utf8'),
      ) as { sections: Entry[] }
      typesUsed(fragment.sections, withTabs, found)
      continue
    }
    if (entry.type) found.add(entry.type.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`))
    const props = entry.props ?? {}
    typesUsed(props.left as Entry[], withTabs, found)
    typesUsed(props.right as Entry[], withTabs, found)
    const tabs = (props.tabs as Array<{ sections: Entry[] }>) ?? []
    // The first tab is open on arrival; the others load when chosen.
    for (const tab of withTabs ? tabs : tabs.slice(0, 1)) typesUsed(tab.sections, withTabs, found)
  }
  return found
}

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
        const match = /\/assets\/section-([a-z-]+)-[\w-]+\.js$/.exec(r.url())
        if (match) sectionChunks.add(match[1]!)
      })
      tab.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`))
      tab.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`)
      })
      await tab.goto(`/application/${slug}`)
      await expect.poll(() => tab.title()).toBe(`${page.title} - 咖簿网`)
      expect(await tab.locator('meta[name="description"]').getAttribute('content')).toBe(page.description)
      // Scroll through so lazy sections and images load.
      for (let y = 0; y < 20; y++) {
        const done = await tab.evaluate(() => {
          window.scrollBy(0, window.innerHeight)
          return window.scrollY + window.innerHeight >= document.body.scrollHeight - 2
        })
        if (done) break
        await tab.waitForTimeout(150)
      }
      await tab.waitForLoadState('networkidle')
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
      const raw = JSON.parse(fs.readFileSync(path.join(dir, `${slug}.json`), 'utf8')) as { sections: Entry[] }
      // Only section types the page uses are loaded, and at least those on screen without opening a tab.
      const used = typesUsed(raw.sections)
      expect([...sectionChunks].filter((t) => !used.has(t))).toEqual([])
      expect([...typesUsed(raw.sections, false)].filter((t) => !sectionChunks.has(t))).toEqual([])
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
