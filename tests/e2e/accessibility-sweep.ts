import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  accessibilityFindings,
  animationsAtRest,
  describeFindings,
  type FocusRing,
  focusRingOfActiveElement,
} from './axe.ts'
import { entryWithWork, newEntrant } from './entrants.ts'
import {
  baseURL,
  launch,
  membersOnlyDocumentId,
  scrollThrough,
  signIn,
  trackRequests,
  waitUntilLive,
} from './page.ts'
import { sweepRoutes, workspaceCompetition } from './spec-routes.ts'

/**
 * Issue 22 item 9: WCAG 2.2 AA, kept so. axe-core (every WCAG A/AA rule, colour contrast included)
 * over one address of every route of the route table at one width — public pages as a visitor,
 * pages behind sign-in as a user, the competition workspace as an entrant with a work — and over the
 * dialogs while open. Any violation fails, with its rule, impact, elements and address. One file per
 * width (accessibility-desktop, accessibility-phone), so the two halves can run side by side.
 */
const SLUG = workspaceCompetition()
const ROUTES = sweepRoutes(SLUG)
const DEMO = '13800000001'
const PASSWORD = 'Sweep2026!'

const pathIs = (page: Page, want: string) => new URL(page.url()).pathname === want

/** Opens `url` and waits until the app is live, lazy parts have loaded and motion has settled. */
async function visit(page: Page, url: string): Promise<void> {
  // Three pages (visitor, member, entrant) share one browser. On a loaded CI run the visitor's page,
  // used again right after the member's, produced no animation frame for 30 s, and a click waits for
  // two frames (its stability check). The page in use is made the active one, and a page that still
  // paints nothing fails here, by name, rather than as a click timeout.
  await page.bringToFront()
  const response = await page.goto(url)
  if (response?.headers()['content-type']?.includes('text/html')) {
    await waitUntilLive(page)
  }
  await scrollThrough(page, 50)
  await page.evaluate(() => window.scrollTo(0, 0))
  await settled(page)
  await expectFrames(page, url)
}

/**
 * Fails when the page paints no animation frame in 30 s (Playwright's clicks wait for frames). A CI
 * run once saw the visitor's page, first used right after the two signed-in pages were opened, paint
 * nothing for 10 s and then sweep every later route normally: the page is brought to the front again
 * between tries, and the failure names the page's visibility as well as its address.
 */
async function expectFrames(page: Page, url: string): Promise<void> {
  let visibility = ''
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await page.bringToFront()
    const { painted, state } = await page.evaluate(
      () =>
        new Promise<{ painted: boolean; state: string }>((resolve) => {
          setTimeout(() => resolve({ painted: false, state: document.visibilityState }), 10_000)
          requestAnimationFrame(() =>
            requestAnimationFrame(() => resolve({ painted: true, state: document.visibilityState })),
          )
        }),
    )
    if (painted) return
    visibility = state
  }
  expect.fail(`${url}: the page produced no animation frame in 3 × 10 s (visibility: ${visibility})`)
}

/**
 * Waits until no finite animation or transition runs: colours are measured at rest, not halfway
 * through a fade (a button enabled at hydration fades in from half opacity). Endless ones (spinners,
 * the partner carousel) are left running.
 */
async function settled(page: Page): Promise<void> {
  // Long enough for a change that follows hydration (a control enabled, fading in from half opacity)
  // to have started its transition, which the check below then waits out. Two animation frames were
  // not: on a loaded run /forgetPwd's button was measured mid-fade (3.06:1).
  await page.waitForTimeout(200)
  // Loading placeholders (the boot screen, a /mine tab's skeleton) mark themselves busy: the page is
  // measured with what they wait for.
  // (A part still loading after 20 s is measured as it stands.)
  await page
    .waitForFunction(() => !document.querySelector('[aria-busy="true"]'), undefined, { timeout: 20_000 })
    .catch(() => undefined)
  await animationsAtRest(page, 30_000)
}

async function expectNoFindings(page: Page, where: string, within?: string): Promise<void> {
  const findings = await accessibilityFindings(page, within)
  expect(findings, describeFindings(findings, where)).toEqual([])
}

export function sweepAccessibility(width: number): void {
  describe(`accessibility at ${width} px`, () => {
    const ENTRANT = `139${String(Date.now() + width).slice(-8)}`
    let browser: Browser
    let contexts: BrowserContext[] = []
    let visitor: Page
    let member: Page
    let entrant: Page
    const swept = new Set<string>()

    async function newPage(account?: string, password?: string): Promise<Page> {
      const context = await browser.newContext({
        baseURL: baseURL(),
        viewport: { width, height: 900 },
        locale: 'zh-CN',
        // Colours are measured once transitions are over; the end state is the same without motion.
        reducedMotion: 'reduce',
      })
      contexts.push(context)
      const page = await context.newPage()
      trackRequests(page)
      if (account) await signIn(page, account, password)
      return page
    }

    beforeAll(async () => {
      browser = await launch()
      await newEntrant(ENTRANT, PASSWORD)
      // A registration with one unfinished work and no fee paid: manage shows the works table and the
      // unpaid notice, the states with the most to read.
      entryWithWork(ENTRANT, SLUG)
      visitor = await newPage()
      member = await newPage(DEMO)
      entrant = await newPage(ENTRANT, PASSWORD)
    })
    afterAll(async () => {
      await Promise.all(contexts.map((c) => c.close()))
      contexts = []
      await browser.close()
    })

    it.each(ROUTES.map((r) => [r.url, r] as const))('%s', async (url, route) => {
      // Signed out first; a page that sends visitors to sign in is then swept signed in.
      let page = route.workspace ? entrant : visitor
      await visit(page, url)
      if (pathIs(page, '/login') && !url.startsWith('/login')) {
        page = member
        await visit(page, url)
      }
      const landed = new URL(page.url())
      const key = `${page === visitor ? 'visitor' : 'user'} ${landed.pathname}${landed.search}`
      // A redirecting route (/:competition → …/index) lands on a page already swept.
      if (swept.has(key)) return
      swept.add(key)
      await expectNoFindings(page, `${url} → ${landed.pathname}${landed.search} at ${width} px`)
    })

    it('shows a focus ring of at least 3:1 around what the keyboard reaches (WCAG 1.4.11)', async () => {
      await visit(visitor, '/')
      const rings: FocusRing[] = []
      // The header and the top of the page, as a keyboard user meets them.
      for (let stop = 0; stop < 8; stop++) {
        await visitor.keyboard.press('Tab')
        const ring = await focusRingOfActiveElement(visitor)
        if (ring) rings.push(ring)
      }
      // A link in the footer's dark band, reached by keyboard from the element before it.
      const footerLink = visitor.locator('footer a').last()
      await footerLink.evaluate((a) => {
        const all = [...document.querySelectorAll<HTMLElement>('a[href], button')]
        all[all.indexOf(a as HTMLElement) - 1]?.focus()
      })
      await visitor.keyboard.press('Tab')
      const footerRing = await focusRingOfActiveElement(visitor)
      if (footerRing) rings.push(footerRing)
      expect(rings.length).toBeGreaterThanOrEqual(5)
      const weak = rings.filter((r) => r.ratio < 3)
      expect(
        weak,
        weak.map((r) => `${r.element}: ${r.ring} on ${r.background} = ${r.ratio.toFixed(2)}:1`).join('\n'),
      ).toEqual([])
    })

    it('shows a focus ring of at least 3:1 on the buttons of a landing page’s dark band (WCAG 1.4.11)', async () => {
      // cida-research closes with a cta of tone brand: its buttons sit on the palette's 700 shade.
      await visit(visitor, '/application/cida-research')
      const band = visitor.locator('a', { hasText: '查看资助方向' }).last()
      await band.evaluate((a) => {
        // Everything the Tab key stops at (the FAQ's <summary> items come before the band).
        const all = [
          ...document.querySelectorAll<HTMLElement>('a[href], button, summary, input, select, textarea'),
        ]
        all[all.indexOf(a as HTMLElement) - 1]?.focus()
      })
      const rings: FocusRing[] = []
      for (let stop = 0; stop < 2; stop++) {
        await visitor.keyboard.press('Tab')
        const ring = await focusRingOfActiveElement(visitor)
        if (ring) rings.push(ring)
      }
      expect(rings.map((r) => r.element.split(' (')[0])).toEqual(['a “查看资助方向”', 'a “报名发布会”'])
      const weak = rings.filter((r) => r.ratio < 3)
      expect(
        weak,
        weak.map((r) => `${r.element}: ${r.ring} on ${r.background} = ${r.ratio.toFixed(2)}:1`).join('\n'),
      ).toEqual([])
    })

    it('the home page signed in (the header’s account menu)', async () => {
      await visit(member, '/')
      await expectNoFindings(member, `/ signed in at ${width} px`)
    })

    it.runIf(width < 1280)('the mobile menu drawer, open', async () => {
      await visit(visitor, '/')
      await visitor.getByRole('button', { name: '打开导航' }).click()
      const drawer = visitor.getByRole('dialog')
      await drawer.waitFor()
      await settled(visitor)
      await expectNoFindings(visitor, `/ with the menu drawer open at ${width} px`)
      await visitor.keyboard.press('Escape')
    })

    it('the real-name dialogs, open', async () => {
      await visit(entrant, '/mine?change=Info')
      await entrant.getByRole('main').getByRole('button', { name: '立即实名认证' }).click()
      const tip = entrant.getByTestId('realname-tip')
      await tip.waitFor()
      await settled(entrant)
      await expectNoFindings(entrant, `/mine real-name tip dialog at ${width} px`)
      await tip.getByRole('button', { name: '去认证' }).click()
      await entrant.getByTestId('realname-form').waitFor()
      await settled(entrant)
      await expectNoFindings(entrant, `/mine real-name form dialog at ${width} px`)
      await entrant.keyboard.press('Escape')
    })

    it('the payment confirmation dialog, open', async () => {
      await visit(member, '/certPayment')
      await member.getByText('余额支付', { exact: true }).click()
      await member.getByTestId('pay-submit').click()
      await member.getByTestId('pay-confirm').waitFor()
      await settled(member)
      await expectNoFindings(member, `/certPayment confirm dialog at ${width} px`)
      await member.getByTestId('pay-confirm').getByRole('button', { name: '取消' }).click()
    })

    it('the delete-work confirmation dialog, open', async () => {
      await visit(entrant, `/${SLUG}/base/works/manage`)
      await entrant.getByRole('button', { name: '删除' }).first().click()
      const confirm = entrant.getByRole('alertdialog')
      await confirm.waitFor()
      await settled(entrant)
      await expectNoFindings(entrant, `/${SLUG}/base/works/manage delete dialog at ${width} px`)
      await confirm.getByRole('button', { name: '取消' }).click()
    })

    it('a work’s detail dialog, open', async () => {
      await visit(visitor, '/works/index')
      await visitor.getByTestId('work-card').first().click()
      await visitor.getByRole('dialog').waitFor()
      await settled(visitor)
      await expectNoFindings(visitor, `/works/index detail dialog at ${width} px`)
      await visitor.keyboard.press('Escape')
    })

    it('a message (toast) with its close button', async () => {
      await visit(visitor, '/login')
      await visitor.fill('input[name=account]', DEMO)
      await visitor.fill('input[name=password]', 'wrong-password-1')
      await visitor.click('main button[type=submit]')
      await visitor.getByTestId('toast').waitFor()
      await settled(visitor)
      await expectNoFindings(visitor, `/login with a message at ${width} px`)
    })

    it('a signed document link: the copy button, and the page the link opens', async () => {
      const id = await membersOnlyDocumentId()
      await visit(member, `/others/downloadword/${id}`)
      await member.getByTestId('create-signed-link').click()
      const link = await member.getByTestId('signed-link').inputValue()
      await expectNoFindings(member, `/others/downloadword/${id} with its signed link at ${width} px`)
      await visit(visitor, new URL(link).pathname)
      expect(pathIs(visitor, new URL(link).pathname)).toBe(true)
      await expectNoFindings(visitor, `/others/download/{token}/${id} at ${width} px`)
    })
  })
}
