import fs from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventPagePaths } from '../../definitions/events/types.ts'
import { startChildServer } from '../support/child-server.ts'
import { beijing } from '../support/definition-time.ts'
import { tempDir } from '../support/temp-dir.ts'
import { launch, openPage, submitLogin } from './page.ts'

/**
 * Issue 22 item 1 in Chromium: the menu's 赛事活动 reaches the hub, every event of events/ renders at
 * both widths without horizontal scroll, a submit form stores its entry and shows it afterwards, and
 * /signIn checks a visitor in and recognises the repeat.
 */
const repo = path.resolve(import.meta.dirname, '../..')
const events = fs
  .readdirSync(path.join(repo, 'events'))
  .filter((f) => f.endsWith('.json') && !f.endsWith('.schema.json'))
  .map((f) => ({
    slug: f.replace(/\.json$/, ''),
    ...(JSON.parse(fs.readFileSync(path.join(repo, 'events', f), 'utf8')) as {
      path: string
      title: string
      kind: string
      submit?: { title: string }
      checkIn?: boolean
    }),
  }))

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('the events hub', () => {
  it('is where the main menu’s 赛事活动 leads, and filters by state and year', async () => {
    const { page, errors } = await openPage(browser)
    await page.goto('/')
    await page.locator('header').getByRole('link', { name: '赛事活动' }).first().click()
    await page.waitForURL((url) => url.pathname === '/events/index')
    const cards = page.getByTestId('hub-card')
    // Every competition and every event is a card.
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(events.length + 5)
    for (const event of events)
      await expect.poll(() => page.getByTestId('hub-list').textContent()).toContain(event.title)

    await page.getByRole('navigation', { name: '状态' }).getByRole('link', { name: '已结束' }).click()
    await page.waitForURL((url) => url.searchParams.get('state') === 'past')
    // The list follows the address once its data has loaded.
    const allPast = async () => (await cards.allTextContents()).every((text) => text.includes('已结束'))
    await expect.poll(allPast).toBe(true)
    const past = await cards.count()
    expect(past).toBeGreaterThan(0)

    await page.getByRole('navigation', { name: '年份' }).getByRole('link', { name: '2025年' }).click()
    await page.waitForURL((url) => url.searchParams.get('year') === '2025')
    expect(page.url()).toContain('state=past')
    await expect.poll(() => cards.count()).toBeLessThan(past)
    const past2025 = await cards.allTextContents()
    expect(past2025.length).toBeGreaterThan(0)
    expect(past2025.filter((text) => !text.includes('已结束') || !text.includes('2025年'))).toEqual([])
    expect(errors).toEqual([])
  })

  it('has a phone-first list at /mobile/competition/index, without horizontal scroll at 375 px', async () => {
    const { page, errors } = await openPage(browser, 375)
    await page.goto('/mobile/competition/index')
    await expect.poll(() => page.getByTestId('hub-card').count()).toBeGreaterThanOrEqual(events.length + 5)
    expect(await overflow(page)).toBe(0)
    expect(errors).toEqual([])
  })
})

describe('each event page', () => {
  for (const width of [1366, 375]) {
    it(`renders every event's pages from its definition at ${width} px`, async () => {
      const { page, errors } = await openPage(browser, width)
      for (const event of events) {
        const pages = eventPagePaths(event)
        const response = await page.goto(pages.index)
        // Server-rendered, with the event's own title for share cards.
        expect(await response?.text()).toContain(`<title>${event.title}`)
        await page.getByTestId('event-page').waitFor()
        expect(await page.getByTestId('event-page').textContent()).toContain(event.kind)
        expect(await overflow(page), pages.index).toBe(0)
        if (event.checkIn) await page.locator('#check-in').waitFor({ state: 'attached' })
        if (pages.submit) {
          await page.goto(pages.submit)
          const submit = page.getByTestId('event-submit-page')
          await expect.poll(() => submit.textContent()).toContain(event.submit?.title)
          expect(await overflow(page), pages.submit).toBe(0)
        }
      }
      await page.goto('/signIn')
      await page.getByTestId('check-in-hint').waitFor()
      expect(await overflow(page)).toBe(0)
      expect(errors).toEqual([])
    })
  }
})

/**
 * The real events with their dates moved around now (form and check-in open), served by a server of
 * the same build: what is tested does not expire with the demo dates.
 */
function shiftedDefinitionsRoot(): string {
  const root = tempDir('events-e2e')
  for (const dir of ['competitions', 'landing-pages', 'public'])
    fs.symlinkSync(path.join(repo, dir), path.join(root, dir))
  fs.mkdirSync(path.join(root, 'events'))
  const at = (days: number) => beijing(Math.floor((Date.now() + days * 86_400_000) / 60_000) * 60_000)
  for (const file of fs.readdirSync(path.join(repo, 'events'))) {
    const text = fs.readFileSync(path.join(repo, 'events', file), 'utf8')
    if (!file.endsWith('.json') || file.endsWith('.schema.json')) {
      fs.writeFileSync(path.join(root, 'events', file), text)
      continue
    }
    const event = JSON.parse(text)
    event.startsAt = at(-1)
    event.endsAt = at(2)
    if (event.submit) Object.assign(event.submit, { opensAt: at(-3), closesAt: at(1) })
    fs.writeFileSync(path.join(root, 'events', file), JSON.stringify(event))
  }
  return root
}

describe('an event’s form and check-in (their windows open now)', () => {
  let server: Awaited<ReturnType<typeof startChildServer>>
  let origin: string
  beforeAll(async () => {
    server = await startChildServer({
      DEFINITIONS_ROOT: shiftedDefinitionsRoot(),
      STATIC_DIR: path.join(repo, 'dist'),
      RENDER_LIMIT: '100000',
    })
    origin = `http://127.0.0.1:${server.port}`
  }, 120_000)
  afterAll(() => server?.cleanup())

  const withForm = () => events.find((e) => e.submit && e.checkIn) ?? events.find((e) => e.submit)!

  it('stores a signed-in entrant’s entry and shows it on the submit page afterwards', async () => {
    const event = withForm()
    const submitPath = eventPagePaths(event).submit!
    const { page, errors } = await openPage(browser, 1366, origin)
    await page.goto(submitPath)
    await page.getByRole('link', { name: '登录后报名' }).click()
    await page.waitForURL((url) => url.pathname === '/login')
    await submitLogin(page, '13800000001', 'Kabu2026!')
    await page.waitForURL((url) => url.pathname === submitPath)
    const form = page.getByTestId('event-submit-page')
    await form.locator('#root_name').fill('周敏')
    await form.locator('#root_phone').fill('13512345678')
    await form.locator('#root_organization').fill('西岭大学设计学院（示例）')
    await form.locator('[data-part=control]').last().click()
    await form.getByRole('button', { name: '提交报名' }).click()
    await page.getByTestId('event-entry').waitFor()
    expect(await page.getByTestId('event-entry').textContent()).toContain('西岭大学设计学院（示例）')

    // Stored on the server: a fresh visit shows the entry, not the form.
    await page.reload()
    await page.getByTestId('event-entry').waitFor()
    expect(await page.getByTestId('event-entry').textContent()).toContain('13512345678')
    expect(await form.locator('#root_name').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('checks a visitor in at /signIn and recognises the repeat', async () => {
    const event = events.find((e) => e.checkIn)!
    const { page, errors } = await openPage(browser, 375, origin)
    const checkIn = async () => {
      await page.goto(`/signIn?event=${event.slug}`)
      await page.locator('#root_name').fill('李雷')
      await page.locator('#root_phone').fill('13600001111')
      await page.getByRole('button', { name: '签到' }).click()
      await page.getByTestId('check-in-result').waitFor()
      return page.getByTestId('check-in-result').textContent()
    }
    const first = await checkIn()
    expect(first).toContain('签到成功')
    expect(first).toContain(event.title)
    expect(await overflow(page)).toBe(0)
    const again = await checkIn()
    expect(again).toContain('你已签到过')
    expect(again).toContain('首次签到时间')
    expect(errors).toEqual([])
  })
})
