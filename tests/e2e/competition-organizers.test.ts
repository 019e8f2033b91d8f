import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkAllDefinitions } from '../../definitions/check-all.ts'
import { organizerTree } from '../../definitions/competition/organizers.ts'
import { baseURL, launch, openPage } from './page.ts'

/**
 * A competition's index page ends with its 主办、协办与支持单位, from the definition's `organizers`:
 * in the server's HTML (crawlers and slow phones see it before any script) and in Chromium at 1366 and
 * 375 px without horizontal scrolling.
 */
const root = path.resolve(import.meta.dirname, '../..')
const competitions = checkAllDefinitions(root).competitions
const withAllGroups = competitions.find(
  (c) => c.organizers?.host?.length && c.organizers.coOrganizers?.length && c.organizers.supportUnits?.length,
)!
const groups = organizerTree(withAllGroups.organizers)

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

describe('organisers on a competition index page', () => {
  it('are in the server-rendered HTML, grouped as the definition groups them', async () => {
    expect(groups.map((g) => g.name)).toEqual(['主办单位', '协办单位', '支持单位'])
    const html = await (await fetch(`${baseURL()}/${withAllGroups.slug}/index`)).text()
    const section = html.slice(html.indexOf('aria-label="组织机构"'))
    expect(section).not.toBe(html)
    for (const group of groups) {
      expect(section).toContain(group.name)
      for (const unit of group.children) expect(section).toContain(unit.name)
    }
  })

  it.each([1366, 375])('show every group and unit at %i px without horizontal scrolling', async (width) => {
    const { page, errors } = await openPage(browser, width)
    await page.goto(`/${withAllGroups.slug}/index`)
    const region = page.getByRole('region', { name: '组织机构' })
    await region.scrollIntoViewIfNeeded()
    for (const group of groups) {
      await expect(region.getByRole('heading', { name: group.name, level: 3 }).isVisible()).resolves.toBe(
        true,
      )
      const items = await region
        .getByRole('heading', { name: group.name, level: 3 })
        .locator('xpath=following-sibling::ul[1]/li')
        .allTextContents()
      expect(items).toEqual(group.children.map((u) => u.name))
    }
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    expect(errors).toEqual([])
  })
})
