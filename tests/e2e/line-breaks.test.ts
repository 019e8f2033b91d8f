import type { Browser, Locator } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launch, openPage, signIn } from './page.ts'

/**
 * Chinese text wraps between any two characters unless told otherwise, so a heading or a label could
 * break inside a word: the 2024 青苔 hero read “2024 青苔青 / 年设计师大赛”, a /manage card “结果 / 公布”.
 * Hero and call-to-action headings break at their spaces (word-break: keep-all), and the card's
 * “label：time” parts each stay on one line. Screenshots: /tmp/kabu-line-breaks-*.png.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

/**
 * The characters of `locator`'s text, each with the top of the line it is drawn on (one text
 * node after another, spaces included).
 */
function lineTops(locator: Locator): Promise<Array<{ char: string; top: number }>> {
  return locator.evaluate((element) => {
    const out: Array<{ char: string; top: number }> = []
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? ''
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange()
        range.setStart(node, i)
        range.setEnd(node, i + 1)
        const rect = range.getClientRects()[0]
        if (rect) out.push({ char: text[i]!, top: Math.round(rect.top) })
      }
    }
    return out
  })
}

/** The text before each line break, ending at the break ("2024 青苔青" for the old hero). */
async function linesOf(locator: Locator): Promise<string[]> {
  const lines: string[] = []
  let top: number | undefined
  for (const { char, top: at } of await lineTops(locator)) {
    if (top === undefined || at > top + 2) lines.push('')
    top = at
    lines[lines.length - 1] += char
  }
  return lines.map((l) => l.trim())
}

/**
 * The “·”-separated parts of a line of several, as drawn: a part broken across two lines comes out
 * as two pieces, neither of which reads as a whole label and time.
 */
async function partsOf(locator: Locator): Promise<string[]> {
  return (await linesOf(locator)).flatMap((line) =>
    line
      .split('·')
      .map((p) => p.trim())
      .filter(Boolean),
  )
}

const ADMIN = { account: '13800000010', password: 'Kabu2026!' }

describe('line breaks in Chinese headings and labels', () => {
  it.for([375, 1366])(
    'at %i px the hero title of /2024qingtaiCompetition breaks only at its space',
    async (width) => {
      const { page, errors } = await openPage(browser, width)
      await page.goto('/2024qingtaiCompetition/index')
      const title = page.locator('main h1').first()
      expect(await title.textContent()).toBe('2024 青苔青年设计师大赛')
      const lines = await linesOf(title)
      expect(['2024 青苔青年设计师大赛', '2024|青苔青年设计师大赛']).toContain(lines.join('|'))
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true)
      await page.screenshot({ path: `/tmp/kabu-line-breaks-hero-${width}.png` })
      expect(errors).toEqual([])
    },
  )

  it.for([375, 1366])(
    'at %i px the stage bar of a competition keeps each phase and its time together',
    async (width) => {
      const { page, errors } = await openPage(browser, width)
      await page.goto('/2024qingtaiCompetition/index')
      const phases = page.locator('p', { hasText: /^报名开始 / }).first()
      const parts = await partsOf(phases)
      expect(parts).toHaveLength(4)
      for (const part of parts)
        expect(part).toMatch(/^(报名开始|报名截止|作品提交截止|结果公布) \d{4}年\d+月\d+日 \d{2}:\d{2}$/)
      expect(errors).toEqual([])
    },
  )

  it.for([375, 1366])(
    'at %i px a /manage competition card keeps 结果公布 and its time together',
    async (width) => {
      const { page, errors } = await openPage(browser, width)
      await signIn(page, ADMIN.account, ADMIN.password)
      await page.goto('/manage')
      const cards = page.getByTestId('manage-competition')
      await cards.first().waitFor()
      for (const card of await cards.all()) {
        const dates = card.getByTestId('manage-competition-dates')
        // Each line holds whole parts, each its label and its time.
        const parts = await partsOf(dates)
        expect(parts).toHaveLength(2)
        for (const part of parts)
          expect(part).toMatch(/^(作品提交截止|结果公布)：\d{4}年\d+月\d+日 \d{2}:\d{2}$/)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true)
      await cards.first().screenshot({ path: `/tmp/kabu-line-breaks-manage-${width}.png` })
      expect(errors).toEqual([])
    },
  )
})
