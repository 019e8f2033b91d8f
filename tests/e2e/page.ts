import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core'
import { afterEach, inject } from 'vitest'
import { LOGIN_SOURCE, TOKEN_COOKIE } from '../../schemas/contract.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium.ts'

/**
 * This file's servers: those of the worker it runs in (vitest numbers its workers from 1), so files
 * running side by side each have their own database.
 */
function servers() {
  const all = inject('e2eServers')
  const worker = Number(process.env.VITEST_POOL_ID ?? 1)
  const mine = all[worker - 1]
  if (!mine) throw new Error(`no e2e servers for worker ${worker} of ${all.length}`)
  return mine
}

export const baseURL = () => servers().baseURL

/** The data folder of this file's production server (its database is kabu.db in it). */
export const e2eDataDir = () => servers().dataDir

/** One Chromium per test file; each test gets a fresh context (no cookies) and its console errors. */
export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

const open: BrowserContext[] = []
// Close each test's context: a page left open in the background stops getting idle callbacks.
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()))
})

/** Origin of the server of the staging build (BASE_PATH=/test/); its pages live under /test/. */
export const stagingURL = () => servers().stagingURL

export async function openPage(
  browser: Browser,
  width = 1280,
  origin = baseURL(),
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: origin,
    viewport: { width, height: 900 },
    locale: 'zh-CN',
  })
  open.push(context)
  const page = await context.newPage()
  trackRequests(page)
  const errors: string[] = []
  page.on('console', (m) => {
    // The 404 page answers HTTP 404 (for crawlers), which Chromium logs as a failed resource.
    const notFoundPage =
      m.text().startsWith('Failed to load resource') &&
      /\/404$/.test(new URL(m.location().url || 'x:/').pathname)
    if (m.type() === 'error' && !notFoundPage) errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  // A server-rendered page shows before its code runs; a test acts like a visitor once it is live
  // (<html data-live>, set by the app), instead of typing into or clicking plain HTML.
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

/**
 * Waits until the app is live. A page to read (home, landing, event, results) starts at the visitor's
 * first move (src/main.tsx marks it <html data-waits-for-use>): the test moves the pointer, as a
 * visitor does before clicking or typing.
 */
export async function waitUntilLive(page: Page): Promise<void> {
  await moveIfWaiting(page)
  await page.locator('html[data-live]').waitFor({ state: 'attached' })
}

/** Once the page's entry has run: moves the pointer if the page waits for its visitor to start. */
export async function moveIfWaiting(page: Page): Promise<void> {
  await page.locator('html[data-live], html[data-waits-for-use]').waitFor({ state: 'attached' })
  if (await page.locator('html[data-waits-for-use]').count()) {
    await page.mouse.move(1, 1)
    await page.mouse.move(2, 2)
  }
}

/** Fills and submits the login form already on screen. */
export async function submitLogin(page: Page, account: string, password: string): Promise<void> {
  await page.fill('input[name=account]', account)
  await page.fill('input[name=password]', password)
  await page.click('main button[type=submit]')
}

/** Signs in by typing into /login, for a test whose subject is the sign-in itself; lands on /. */
export async function signInByForm(
  page: Page,
  account = '13800000001',
  password = 'Kabu2026!',
): Promise<void> {
  await page.goto('/login')
  await submitLogin(page, account, password)
  await page.waitForURL((url) => url.pathname === '/')
}

/**
 * Signs in as the login page does — POST /api/login, then the token cookie it writes — without
 * loading and typing into the form, and opens / signed in. For tests whose subject is not the
 * sign-in: the form itself is tested in shell.test.ts, redirect-targets.test.ts and with
 * `signInByForm`.
 */
export async function signIn(page: Page, account = '13800000001', password = 'Kabu2026!'): Promise<void> {
  const res = await page.request.post('/api/login', {
    data: { account, password, logInSource: LOGIN_SOURCE.account },
  })
  const token = ((await res.json()) as { data?: { token?: string } }).data?.token
  if (!token) throw new Error(`sign-in of ${account} failed: ${await res.text()}`)
  // The cookie src/lib/token.ts writes: site-wide, Lax, readable by the page.
  await page.context().addCookies([
    {
      name: TOKEN_COOKIE,
      value: encodeURIComponent(token),
      url: new URL(res.url()).origin,
      sameSite: 'Lax',
    },
  ])
  await page.goto('/')
}

/** The requests each tracked page has open (trackRequests), for networkQuiet. */
const openRequests = new WeakMap<Page, Set<Request>>()

/**
 * Counts the page's requests from now on, so networkQuiet can wait for exactly them. Call it on a
 * new page, before its first navigation (openPage does).
 */
export function trackRequests(page: Page): void {
  if (openRequests.has(page)) return
  const open = new Set<Request>()
  openRequests.set(page, open)
  page.on('request', (r) => open.add(r))
  page.on('requestfinished', (r) => open.delete(r))
  // Chromium reports a request a navigation abandons as failed.
  page.on('requestfailed', (r) => open.delete(r))
}

/**
 * Waits until the page has had no request open for `quietMs` — Playwright's 'networkidle' with a
 * shorter quiet window (its 500 ms, paid after every load of every sweep, was a quarter of the e2e
 * suite's time). An untracked page falls back to 'networkidle'. A request still open after
 * `timeoutMs` fails the wait, naming it.
 */
export async function networkQuiet(page: Page, quietMs = 150, timeoutMs = 30_000): Promise<void> {
  const open = openRequests.get(page)
  if (!open) return page.waitForLoadState('networkidle')
  const deadline = Date.now() + timeoutMs
  let quietSince = Date.now()
  for (;;) {
    if (open.size > 0) quietSince = Date.now()
    else if (Date.now() - quietSince >= quietMs) return
    if (Date.now() > deadline)
      throw new Error(
        `requests still open after ${timeoutMs} ms: ${[...open].map((r) => r.url()).join(', ')}`,
      )
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/**
 * Scrolls to the bottom a viewport at a time, pausing `pauseMs` at each step, so lazy sections and
 * images load; then waits for the network to settle.
 */
export async function scrollThrough(page: Page, pauseMs = 100): Promise<void> {
  for (let y = 0; y < 30; y++) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight)
      return window.scrollY + window.innerHeight >= document.body.scrollHeight - 2
    })
    if (done) break
    await page.waitForTimeout(pauseMs)
  }
  await networkQuiet(page)
}

/**
 * Waits until React has hydrated `selector` (it marks each node it owns with its fiber). A click on
 * server-rendered markup in the instant hydration takes it over can be lost; after this it cannot.
 */
export async function waitForHydration(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => {
    const element = document.querySelector(s)
    return !!element && Object.keys(element).some((key) => key.startsWith('__reactFiber$'))
  }, selector)
}

/** The id of a seeded document only members may download (the first of ids 1–10 that is). */
export async function membersOnlyDocumentId(): Promise<number> {
  for (let candidate = 1; candidate <= 10; candidate++) {
    const info = (await (await fetch(`${baseURL()}/api/others/document/${candidate}`)).json()) as {
      data?: { membersOnly: boolean }
    }
    if (info.data?.membersOnly) return candidate
  }
  throw new Error('no members-only document among ids 1–10 of the seed')
}
