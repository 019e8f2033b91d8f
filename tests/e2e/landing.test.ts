import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { landingFiles } from '../support/landing-files.ts'
import { launch, openPage, waitForHydration } from './page.ts'

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

  // Each page's rendering — title, description, only its section types, no failed request, no
  // horizontal scroll at 375 px — is checked on the visits of the server-rendering sweep
  // (tests/e2e/server-rendering.test.ts, expectLandingShown), which loads every page at both widths.

  it('opens another landing page in the browser with its data from GET /api/landing/:slug (no page is in the build)', async () => {
    const next = pages.find((p) => p.slug === 'qtDesignFestival')
    const { page, errors } = await openPage(browser)
    await page.goto('/application/2025qtDesignFestival')
    const link = '[data-section="hero"] a[href="/application/qtDesignFestival"]'
    // Clicked once hydrated, the link is the router's: the browser asks the API, not the server for HTML.
    await waitForHydration(page, link)
    const asked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/landing/qtDesignFestival')
    await page.locator(link).click()
    expect((await asked).status()).toBe(200)
    await page.waitForURL('**/application/qtDesignFestival')
    await expect.poll(() => page.title()).toBe(`${next?.title} - 咖簿网`)
    expect(errors).toEqual([])
  })

  it('sends an unknown slug to /404', async () => {
    const { page } = await openPage(browser)
    await page.goto('/application/no-such-campaign')
    await page.waitForURL('**/404')
  })
})
