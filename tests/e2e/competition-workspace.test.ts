import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkAllDefinitions } from '../../definitions/check-all.ts'
import { formatPhase, phaseRefusal } from '../../definitions/competition/phases.ts'
import { routesOf } from '../../definitions/competition/routes.ts'
import { formatError } from '../../definitions/core/json-file.ts'
import { formatBeijing } from '../../schemas/beijing-time.ts'
import { entryWithWork, newEntrant } from './entrants.ts'
import { baseURL, launch, networkQuiet, openPage, signIn, trackRequests } from './page.ts'
import { completeWork, draftCount, setWorkUpdated, verifyRealName } from './workspace-entries.ts'

/**
 * The workspace on a phone and in the states an entry passes through (issue 22 items 5 and 6), in
 * Chromium against the built portal: every workspace path of every definition at 375 px, the step
 * bar's structure, a closed competition read-only, 确认提交 behind a confirmation, drafts only of
 * what was typed, absent paths 404 before sign-in, Beijing time in another zone, and the prefill.
 */
const root = path.resolve(import.meta.dirname, '../..')
const report = checkAllDefinitions(root)
if (report.errors.length) throw new Error(report.errors.map(formatError).join('\n'))
const competitions = [...report.competitions].sort((a, b) => a.slug.localeCompare(b.slug))
const PASSWORD = 'Workspace2026!'
const CLOSED = '2024qingtaiCompetition'
const FREE = '4thCulturalOfficeCompetition'
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

let serial = 0
/** A new entrant's account (numbers of their own, apart from the other e2e files'). */
const nextAccount = () => `1370022${String(++serial).padStart(4, '0')}`

/** A signed-in context kept across the tests of a block. */
async function signedInContext(account: string, width: number, timezoneId?: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width, height: 800 },
    locale: 'zh-CN',
    ...(timezoneId ? { timezoneId } : {}),
  })
  const page = await context.newPage()
  await signIn(page, account, PASSWORD)
  await page.close()
  return context
}

/** Opens `url` and waits until the app is live and the workspace has drawn its step. */
async function openStep(page: Page, url: string): Promise<void> {
  trackRequests(page)
  await page.goto(url)
  await page.locator('html[data-live]').waitFor({ state: 'attached' })
  await page.getByTestId('competition-steps').waitFor()
  await networkQuiet(page)
  // Skeletons give way to the step's form or text.
  await expect.poll(() => page.locator('.chakra-skeleton').count()).toBe(0)
}

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('every workspace page fits a 375 px phone', { timeout: 240_000 }, () => {
  let context: BrowserContext
  const account = nextAccount()
  beforeAll(async () => {
    await newEntrant(account, PASSWORD)
    // An entry with a work in every competition, so each step shows its form or its list.
    for (const c of competitions) entryWithWork(account, c.slug)
    context = await signedInContext(account, 375)
  })
  afterAll(() => context.close())

  it.each(competitions.map((c) => [c.slug, c] as const))(
    '/%s/: every base… and pay path has no horizontal scroll',
    async (slug, c) => {
      const page = await context.newPage()
      try {
        const wide: string[] = []
        for (const route of routesOf(c).filter((r) => r !== 'index' && r !== 'preview')) {
          await openStep(page, `/${slug}/${route}`)
          const extra = await overflow(page)
          if (extra > 0) wide.push(`${route}: ${375 + extra} px`)
        }
        expect(wide).toEqual([])
      } finally {
        await page.close()
      }
    },
  )

  it('the step bar shows every step as a number and names the current one on screen', async () => {
    const page = await context.newPage()
    try {
      await openStep(page, '/competition/pay')
      const current = page.getByTestId('current-step')
      expect(await current.textContent()).toBe('第 5 步（共 5 步）：缴纳报名费')
      const box = await current.boundingBox()
      expect(box && box.x + box.width).toBeLessThanOrEqual(375)
      const items = page.getByRole('navigation', { name: '参赛步骤' }).locator('ol > li')
      expect(await items.count()).toBe(5)
      for (const item of await items.all()) {
        const itemBox = await item.boundingBox()
        expect(itemBox && itemBox.x + itemBox.width).toBeLessThanOrEqual(375)
      }
    } finally {
      await page.close()
    }
  })
})

describe('the step bar is a list of steps in a nav', { timeout: 240_000 }, () => {
  it.each([1366, 375])(
    'at %i px: ordered list, the current step marked, and no axe violation',
    async (width) => {
      const account = nextAccount()
      await newEntrant(account, PASSWORD)
      entryWithWork(account, 'competition')
      const { page, errors } = await openPage(browser, width)
      await signIn(page, account, PASSWORD)
      await openStep(page, '/competition/base/works/base')
      const nav = page.getByRole('navigation', { name: '参赛步骤' })
      expect(await nav.locator('ol > li').count()).toBe(5)
      expect(await page.locator('[role=tablist], [aria-owns]').count()).toBe(0)
      const current = nav.locator('[aria-current=step]')
      expect(await current.count()).toBe(1)
      expect(await current.textContent()).toContain('作品信息')
      // Reached steps are links whose name includes their visible label.
      expect(await nav.getByRole('link', { name: '报名信息' }).count()).toBe(1)
      // Evaluated, not added as a <script>: the site's CSP (rightly) refuses inline scripts.
      await page.evaluate(fs.readFileSync(AXE, 'utf8'))
      const violations = await page.evaluate(async () => {
        // biome-ignore lint/suspicious/noExplicitAny: axe is the script just added to the page.
        const axe = (window as any).axe
        const result = await axe.run('[data-testid=competition-steps]')
        return result.violations.map((v: { id: string; nodes: unknown[] }) => `${v.id} (${v.nodes.length})`)
      })
      expect(violations).toEqual([])
      expect(errors).toEqual([])
    },
  )
})

describe('a closed competition', { timeout: 240_000 }, () => {
  it(`/${CLOSED}: read-only with the reason, nothing offered that the server would refuse`, async () => {
    const account = nextAccount()
    await newEntrant(account, PASSWORD)
    entryWithWork(account, CLOSED)
    const { page, errors } = await openPage(browser, 375)
    await signIn(page, account, PASSWORD)
    const c = competitions.find((x) => x.slug === CLOSED)
    if (!c) throw new Error(`${CLOSED} is gone from competitions/`)

    await openStep(page, `/${CLOSED}/base/infomation`)
    expect(await page.getByTestId('competition-closed').textContent()).toContain(
      phaseRefusal(c.phases, 'submit', Date.now()),
    )
    expect(await page.getByTestId('register-closed').textContent()).toContain('报名已截止')
    expect(await page.locator('#root_name').isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: '保存并继续' }).isVisible()).toBe(false)

    await openStep(page, `/${CLOSED}/base/works/base`)
    expect(await page.locator('#root_worksName').isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: '保存并继续' }).isVisible()).toBe(false)

    await openStep(page, `/${CLOSED}/base/works/manage`)
    const main = (await page.locator('main').textContent()) ?? ''
    expect(main).toContain('我的作品（1 / 2）')
    for (const offer of ['提交第一件作品', '添加作品', '去缴费', '确认提交', '删除'])
      expect(
        await page
          .getByRole('button', { name: offer })
          .or(page.getByRole('link', { name: offer }))
          .count(),
      ).toBe(0)

    // A fresh entrant of the closed competition is offered no first work either.
    const fresh = nextAccount()
    await newEntrant(fresh, PASSWORD)
    const other = await openPage(browser, 375)
    await signIn(other.page, fresh, PASSWORD)
    await openStep(other.page, `/${CLOSED}/base/works/manage`)
    expect(await other.page.getByRole('link', { name: '提交第一件作品' }).count()).toBe(0)
    await openStep(other.page, `/${CLOSED}/pay`)
    expect(await other.page.getByTestId('pay-closed').isVisible()).toBe(true)
    expect(errors).toEqual([])
    expect(other.errors).toEqual([])
  })
})

describe('确认提交', { timeout: 240_000 }, () => {
  it('asks first (it cannot be undone); afterwards the entry reads 已提交 and every form is read-only', async () => {
    const account = nextAccount()
    await newEntrant(account, PASSWORD)
    const workId = entryWithWork(account, FREE)
    completeWork(workId)
    const { page, errors } = await openPage(browser, 375)
    await signIn(page, account, PASSWORD)
    await openStep(page, `/${FREE}/base/works/manage`)
    expect(await page.getByTestId('works-card').first().textContent()).toContain('资料齐全')

    // Cancelled: nothing happens.
    await page.getByTestId('finalise').click()
    const dialog = page.getByTestId('finalise-confirm')
    await expect.poll(() => dialog.textContent()).toContain('不能撤回')
    await dialog.getByRole('button', { name: '再检查一下' }).click()
    await expect.poll(() => dialog.isVisible()).toBe(false)
    expect(await page.getByTestId('finalised-note').count()).toBe(0)

    await page.getByTestId('finalise').click()
    await dialog.getByRole('button', { name: '确认提交' }).click()
    await page.getByTestId('finalised-note').waitFor()
    await expect.poll(() => page.getByTestId('entry-finalised').textContent()).toBe('已提交')
    expect(await page.getByTestId('works-card').first().textContent()).toContain('已提交')
    expect(await page.getByTestId('works-card').first().textContent()).not.toContain('资料齐全')
    expect(await page.getByRole('button', { name: '删除' }).count()).toBe(0)

    // The forms show what was entered, and cannot be changed or saved.
    for (const step of ['base/infomation', `base/works/base?id=${workId}`, `base/works/info?id=${workId}`]) {
      await openStep(page, `/${FREE}/${step}`)
      expect(await page.getByTestId('competition-closed').textContent()).toContain('已提交')
      const editable = await page.evaluate(() =>
        [...document.querySelectorAll('main form input, main form textarea, main form select')]
          // A file field's <input type=file> is hidden behind its (disabled) button.
          .filter((el) => !(el as HTMLInputElement).disabled && !(el as HTMLInputElement).hidden)
          .filter((el) => (el as HTMLInputElement).type !== 'hidden')
          .map((el) => `${el.tagName} ${(el as HTMLInputElement).type} ${el.id}`),
      )
      expect(editable, step).toEqual([])
      // The entry's own forms (not the header's search box) offer no save.
      const saves = page.locator('main form button[type=submit]')
      const visible = await Promise.all((await saves.all()).map((b) => b.isVisible()))
      expect(visible.filter(Boolean), step).toEqual([])
    }
    expect(errors).toEqual([])
  })
})

describe('drafts', { timeout: 240_000 }, () => {
  it('a form opened and left untouched saves no draft, and none is offered later', async () => {
    const account = nextAccount()
    await newEntrant(account, PASSWORD)
    const { page, errors } = await openPage(browser)
    await signIn(page, account, PASSWORD)
    await openStep(page, `/${FREE}/base/infomation`)
    await page.locator('#root_name').waitFor()
    // Longer than the draft's typing pause.
    await page.waitForTimeout(3_000)
    expect(await page.getByTestId('draft-saved').count()).toBe(0)
    expect(draftCount(account)).toBe(0)
    await openStep(page, `/${FREE}/base/infomation`)
    await page.locator('#root_name').waitFor()
    expect(await page.getByTestId('draft-restored').count()).toBe(0)
    expect(errors).toEqual([])
  })

  it('a restored draft’s notice goes once the form is saved, beside the saved message', async () => {
    const account = nextAccount()
    await newEntrant(account, PASSWORD)
    const workId = entryWithWork(account, FREE)
    const { page, errors } = await openPage(browser)
    await signIn(page, account, PASSWORD)
    await openStep(page, `/${FREE}/base/works/info?id=${workId}`)
    await page.fill(
      '#root_designConcept',
      '从学生宿舍的书桌出发：台面小、插座远、夜里需要柔和的光。'.repeat(2),
    )
    await expect.poll(() => page.getByTestId('draft-saved').count(), { timeout: 10_000 }).toBe(1)
    await openStep(page, `/${FREE}/base/works/info?id=${workId}`)
    await page.getByTestId('draft-restored').waitFor()
    await page.getByRole('button', { name: '保存设计说明' }).click()
    await expect.poll(() => page.textContent('body')).toContain('设计说明已保存')
    expect(await page.getByTestId('draft-restored').count()).toBe(0)
    expect(await page.getByTestId('draft-saved').count()).toBe(0)
    expect(draftCount(account)).toBe(0)
    expect(errors).toEqual([])
  })
})

describe('a workspace path the definition does not have', { timeout: 240_000 }, () => {
  it(`/${FREE}/pay (no fee) is a 404 for a signed-out visitor, without a stop at /login`, async () => {
    const { page, errors } = await openPage(browser)
    const visited: string[] = []
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname)
    })
    await page.goto(`/${FREE}/pay`)
    await page.waitForURL((url) => url.pathname === '/404')
    await expect.poll(() => page.getByRole('heading', { name: '页面不存在' }).isVisible()).toBe(true)
    // Also when reached from a page of the site, not only typed in.
    await page.goto(`/${FREE}/index`)
    await page.evaluate((to) => {
      window.history.pushState({}, '', to)
      window.dispatchEvent(new PopStateEvent('popstate'))
    }, `/${FREE}/pay`)
    await page.waitForURL((url) => url.pathname === '/404')
    expect(visited).not.toContain('/login')
    expect(errors).toEqual([])
  })
})

describe('every time shown is Beijing time, whatever the browser’s zone', { timeout: 240_000 }, () => {
  it('in America/New_York: the competition pages (server-rendered) and the workspace (in the browser)', async () => {
    const account = nextAccount()
    await newEntrant(account, PASSWORD)
    const workId = entryWithWork(account, FREE)
    // 01:39 UTC is 09:39 in Beijing and 20:39 the day before in New York.
    setWorkUpdated(workId, '2026-03-05T01:39:00.000Z')
    const context = await signedInContext(account, 1366, 'America/New_York')
    try {
      const page = await context.newPage()
      expect(await page.evaluate(() => new Date(Date.UTC(2026, 2, 5, 1, 39)).getHours())).toBe(20)
      const c = competitions.find((x) => x.slug === FREE)
      if (!c) throw new Error(`${FREE} is gone from competitions/`)

      // Server-rendered, then hydrated in the browser's zone: the phases stay Beijing time.
      await page.goto(`/${FREE}/index`)
      await page.locator('html[data-live]').waitFor({ state: 'attached' })
      await expect
        .poll(() => page.locator('main').textContent())
        .toContain(formatPhase(c.phases.registrationCloses))

      // Drawn in the browser: the works list's 更新时间.
      await openStep(page, `/${FREE}/base/works/manage`)
      const row = page.getByTestId('works-row').first()
      expect(await row.textContent()).toContain('2026年3月5日 09:39')
      expect(await row.textContent()).not.toContain('20:39')
      expect(await row.textContent()).not.toContain('01:39')

      // The draft's time, saved a moment ago.
      await openStep(page, `/${FREE}/base/works/info?id=${workId}`)
      await page.fill('#root_designConcept', '一盏可以折叠收纳的桌面台灯，展开即亮，合上即灭。'.repeat(2))
      await expect.poll(() => page.getByTestId('draft-saved').count(), { timeout: 10_000 }).toBe(1)
      const saved = (await page.getByTestId('draft-saved').textContent()) ?? ''
      const now = Date.now()
      expect([formatBeijing(now), formatBeijing(now - 60_000)].some((t) => saved.includes(t))).toBe(true)

      // A closed competition's reason names its dates in Beijing time.
      await openStep(page, `/${CLOSED}/base/infomation`)
      const closed = competitions.find((x) => x.slug === CLOSED)
      if (!closed) throw new Error(`${CLOSED} is gone from competitions/`)
      expect(await page.getByTestId('competition-closed').textContent()).toContain(
        formatPhase(closed.phases.submissionDeadline),
      )
    } finally {
      await context.close()
    }
  })
})

describe('registration prefill', { timeout: 240_000 }, () => {
  it('starts from the verified real name and the account phone when nothing is saved yet', async () => {
    const account = nextAccount()
    await newEntrant(account, PASSWORD)
    verifyRealName(account, '林一帆')
    const { page, errors } = await openPage(browser)
    // The home page, where signing in ends, shows the verified record's masked number.
    const realNameShown = page.waitForResponse('**/api/my/getRealNameBo')
    await signIn(page, account, PASSWORD)
    expect((await realNameShown).status()).toBe(200)
    await openStep(page, `/${FREE}/base/infomation`)
    await expect.poll(() => page.inputValue('#root_name')).toBe('林一帆')
    expect(await page.inputValue('#root_phone')).toBe(account)
    expect(await page.getByTestId('draft-restored').count()).toBe(0)
    expect(errors).toEqual([])
  })
})
