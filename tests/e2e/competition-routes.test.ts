import path from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkAllDefinitions } from '../../definitions/check-all.ts'
import { phaseRefusal } from '../../definitions/competition/phases.ts'
import { routesOf } from '../../definitions/competition/routes.ts'
import type { Competition } from '../../definitions/competition/types.ts'
import { formatError } from '../../definitions/core/json-file.ts'
import { newEntrant } from './entrants.ts'
import { baseURL, launch, openPage, submitLogin, waitUntilLive } from './page.ts'

/**
 * Every path of every competition in competitions/ (routesOf), in Chromium against the built portal:
 * the public pages for a visitor, the workspace for a fresh entrant, and the paths a definition does
 * not have. The list comes from the checker, so a new definition file is covered without editing this.
 */
const root = path.resolve(import.meta.dirname, '../..')
const report = checkAllDefinitions(root)
if (report.errors.length) throw new Error(report.errors.map(formatError).join('\n'))
const competitions = [...report.competitions].sort((a, b) => a.slug.localeCompare(b.slug))
const PASSWORD = 'Routes2026!'

let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

/**
 * A page in a context kept for a whole definition (page.ts's openPage closes its context after each
 * test): the same console filter, and goto waits until the app is live.
 */
async function livePage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (m) => {
    const notFoundPage =
      m.text().startsWith('Failed to load resource') &&
      /\/404$/.test(new URL(m.location().url || 'x:/').pathname)
    if (m.type() === 'error' && !notFoundPage) errors.push(`${m.text()} (${m.location().url})`)
  })
  page.on('pageerror', (e) => errors.push(e.message))
  const goto = page.goto.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    if (response?.headers()['content-type']?.includes('text/html')) {
      await waitUntilLive(page)
    }
    return response
  }
  return { page, errors }
}

const pathnameIs = (want: string) => (url: URL) => url.pathname === want

/** Every path the router knows under /{slug}/: what routesOf gives a definition with everything. */
function everyPossibleRoute(c: Competition): string[] {
  return routesOf({
    forms: c.forms,
    pay: { fee: 1, source: 'config', required: true },
    works: { ...c.works, add: true, manage: true },
  })
}

/** What a fresh, unregistered entrant sees on a workspace path, and where the path lands. */
async function expectWorkspacePath(page: Page, c: Competition, route: string) {
  const slug = c.slug
  const lands: Record<string, string> = { base: 'base/infomation', 'base/works': 'base/infomation' }
  const landing = `/${slug}/${lands[route] ?? route}`
  await page.waitForURL(pathnameIs(landing))
  const steps = page.getByTestId('competition-steps')
  await steps.waitFor({ timeout: 15_000 }).catch(async (error: Error) => {
    throw new Error(
      `${error.message}\nthe page shows: ${(await page.locator('main').textContent())?.slice(0, 300)}`,
    )
  })
  // A new entrant has done no step.
  expect(await steps.getAttribute('data-step')).toBe('0')
  const body = () => page.locator('main').textContent()
  // A competition past its dates offers nothing to fill in (the workspace says why above the steps).
  const registrationClosed = !!phaseRefusal(c.phases, 'register', Date.now())
  const submissionClosed = !!phaseRefusal(c.phases, 'submit', Date.now())
  switch (lands[route] ?? route) {
    case 'base/infomation':
      await expect.poll(() => page.getByRole('heading', { name: '报名信息' }).isVisible()).toBe(true)
      // The registration form, or the notice that registration has closed.
      await expect
        .poll(
          async () =>
            (await page.locator('form').count()) + (await page.getByTestId('register-closed').count()),
        )
        .toBeGreaterThan(0)
      break
    case 'base/works/base':
    case 'base/works/add':
      await expect
        .poll(body)
        .toContain(registrationClosed ? '报名已结束，不能再提交作品。' : '请先填写报名信息，再提交作品。')
      break
    case 'base/works/info':
    case 'base/works/display':
      await expect.poll(body).toContain('请先填写作品基本信息。')
      break
    case 'base/works/manage':
      await expect.poll(body).toContain(`我的作品（0 / ${c.works.max}）`)
      break
    case 'pay':
      await expect
        .poll(body)
        .toContain(submissionClosed ? '报名费已停止缴纳。' : '请先填写报名信息，再缴纳报名费。')
      break
    default:
      throw new Error(`no expectation for ${route}: add one`)
  }
}

describe.each(competitions.map((c, i) => [c.slug, c, i] as const))(
  'competition /%s/ at every path of routesOf',
  (slug, c, i) => {
    const routes = routesOf(c)
    const publicRoutes: string[] = routes.filter((r) => r === 'index' || r === 'preview')
    const privateRoutes = routes.filter((r) => !publicRoutes.includes(r))
    const missing = everyPossibleRoute(c).filter((r) => !routes.includes(r))

    it.each(publicRoutes)(
      `/${slug}/%s shows the competition’s title to a visitor, without errors`,
      async (route) => {
        const { page, errors } = await openPage(browser)
        await page.goto(`/${slug}/${route}`)
        expect(new URL(page.url()).pathname).toBe(`/${slug}/${route}`)
        expect(await page.title()).toContain(c.title)
        await page.getByRole('navigation', { name: '赛事导航' }).waitFor()
        if (route === 'index') await expect.poll(() => page.locator('main').textContent()).toContain(c.title)
        expect(errors).toEqual([])
      },
    )

    it(`/${slug}/base sends a signed-out visitor to /login, to come back after`, async () => {
      const { page, errors } = await openPage(browser)
      await page.goto(`/${slug}/base`)
      await page.waitForURL(pathnameIs('/login'))
      expect(new URL(page.url()).searchParams.get('return_url')).toBe(`/${slug}/base`)
      expect(errors).toEqual([])
    })

    describe('signed in as a fresh entrant', () => {
      let context: BrowserContext
      beforeAll(async () => {
        context = await browser.newContext({
          baseURL: baseURL(),
          viewport: { width: 1280, height: 900 },
          locale: 'zh-CN',
        })
        const { page, errors } = await livePage(context)
        await page.goto('/login')
        await submitLogin(page, await newEntrant(`1370002${String(i).padStart(4, '0')}`, PASSWORD), PASSWORD)
        await page.waitForURL(pathnameIs('/'))
        await page.close()
        expect(errors).toEqual([])
      })
      afterAll(() => context.close())

      it.each(privateRoutes)(
        `/${slug}/%s renders the workspace where a new entrant should land`,
        async (route) => {
          const { page, errors } = await livePage(context)
          try {
            await page.goto(`/${slug}/${route}`)
            await expectWorkspacePath(page, c, route)
            expect(errors).toEqual([])
          } finally {
            await page.close()
          }
        },
      )

      it.skipIf(missing.length === 0)(
        `the paths /${slug}/ does not have (${missing.join(', ') || 'none'}) go to /404`,
        async () => {
          const { page, errors } = await livePage(context)
          try {
            for (const route of missing) {
              await page.goto(`/${slug}/${route}`)
              await page.waitForURL(pathnameIs('/404'))
              await expect
                .poll(() => page.getByRole('heading', { name: '页面不存在' }).isVisible())
                .toBe(true)
            }
            expect(errors).toEqual([])
          } finally {
            await page.close()
          }
        },
      )
    })
  },
)

describe('a competition no definition has', () => {
  it('/no-such-competition/index (and its workspace, signed out) goes to /404', async () => {
    const { page, errors } = await openPage(browser)
    for (const unknown of [
      '/no-such-competition/index',
      '/no-such-competition/preview',
      '/no-such-competition/base',
    ]) {
      await page.goto(unknown)
      await page.waitForURL(pathnameIs('/404'))
      await expect.poll(() => page.getByRole('heading', { name: '页面不存在' }).isVisible()).toBe(true)
    }
    expect(errors).toEqual([])
  })

  it('checks at least one free and one fee competition, and one without a works list', () => {
    // The negative paths above only mean something if the definitions differ in what they have.
    expect(competitions.some((c) => !c.pay)).toBe(true)
    expect(competitions.some((c) => c.pay)).toBe(true)
    expect(competitions.length).toBeGreaterThanOrEqual(2)
  })
})
