import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { LOGIN_SOURCE, TOKEN_COOKIE } from '../schemas/contract.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts'
import { tempDir } from '../scripts/lib/temp-dir.ts'
import { seedBulkEntries } from '../server/db/seed/bulk-entries.ts'
import { benchApp, listen } from './bench-app.ts'
import { table } from './format.ts'

/**
 * `npm run bench:judging` (after a build; issue 32 item 9): one judge scores 80 sheets through the real
 * screens in Chromium. A fresh seeded SQLite database (the demo data: competition 101, whose scored round
 * 初评 `first` is open, and its demo judge 13800000011) gets 160 generated entries (80 submitted, each
 * with a cover and a display board: real JPEGs from public/, stored as uploads), and the 80 submitted
 * works are assigned to that one judge. The judge opens the round's entry list and scores every entry.
 *
 * Two ways of driving it (`-- --pointer` picks the second):
 * - keyboard (default): Ctrl+Enter on the entry list opens the first unscored entry; on each sheet the
 *   judge types the four scores (Tab between them), Tab, a comment, and Ctrl+Enter (提交并评下一件).
 * - pointer: the way a mouse user goes through the screens — click 评审 on the first 未评 row, click
 *   each field and type, click the submit button, and, when the screen stays on the entry (the UI before
 *   issue 32), click 返回作品列表 and start again.
 *
 * INTERFACE TIME of a sheet is the time the judge waits for the interface, not their own typing: the sum,
 * over every action that hands control to the interface (a navigation click or key, the submit), of the
 * time from that action until the screen is ready for the next input. "Ready" is measured in the page
 * (polled every animation frame): an entry is ready when its sheet shows a new work, its first score
 * field is enabled and empty, the work's first picture (the cover) is decoded (naturalWidth > 0) and the
 * progress shown counts the sheet just submitted; the entry list is ready when its table lists the
 * submitted sheet. Typing and clicking on fields are not counted (a person's speed, not the
 * interface's); they are counted as key presses and clicks instead. The first sheet's time includes
 * opening it from the list. Figures only: the exit code fails only when the server does not hold 80
 * submitted sheets at the end.
 */
const SHEETS = 80
const COMPETITION_ID = 101
const ROUND_ID = 'first'
const JUDGE = { account: '13800000011', password: 'Kabu2026!' }
const CRITERIA = ['innovation', 'function', 'aesthetics', 'feasibility'] as const
const COMMENT = '构思清楚，细节可再推敲'
const GOAL_SECONDS = 8
const VIEWPORT = { width: 1366, height: 900 }
const POINTER = process.argv.includes('--pointer')
/**
 * The judge's link, emulated by Chromium (DevTools Network.emulateNetworkConditions) unless `--loopback`:
 * home broadband, 60 ms round trip, 20 Mbit/s down, 5 Mbit/s up. On loopback every wait is a few ms.
 */
const LINK = process.argv.includes('--loopback')
  ? undefined
  : { latency: 60, downloadThroughput: (20e6 / 8) | 0, uploadThroughput: (5e6 / 8) | 0 }
const root = path.resolve(import.meta.dirname, '..')

/** The keystroke-level model's operators (Card, Moran & Newell 1980), for an estimate of a person's time. */
const KLM = { key: 0.28, point: 1.1, home: 0.4, click: 0.2 } as const

interface Counts {
  keys: number
  /** Of the keys: the scores' digits and the comment's characters (the content, not the handling). */
  content: number
  clicks: number
  /** Switches of the hand between keyboard and mouse. */
  homes: number
}

interface SheetTiming extends Counts {
  interfaceMs: number
}

/** The scores of sheet `n`: different per sheet, sometimes with a half point. */
const scoresOf = (n: number) =>
  CRITERIA.map((_, i) => {
    const v = 5 + ((n * 3 + i * 2) % 6)
    return (n + i) % 4 === 0 ? `${v - 1}.5` : String(v)
  })

/** The real JPEGs stored as uploads, which the generated works name as cover and display board. */
async function storeImages(app: Awaited<ReturnType<typeof benchApp>>) {
  const dir = path.join(root, 'public/landing/_share')
  const picked = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => ({ f, size: fs.statSync(path.join(dir, f)).size }))
    .sort((a, b) => b.size - a.size)
    .slice(0, 6)
  const files: Array<{ url: string; name: string; size: number }> = []
  for (const { f, size } of picked) {
    const stored = await app.storage.save(fs.createReadStream(path.join(dir, f)), 'jpg')
    files.push({ url: `/api/files/${stored.name}`, name: f, size })
  }
  return files
}

/** The 80 submitted generated works, assigned to the judge alone. */
async function assignToJudge(app: Awaited<ReturnType<typeof benchApp>>): Promise<number[]> {
  const k = app.db.kysely
  const judge = await k
    .selectFrom('users')
    .select('id')
    .where('account', '=', JUDGE.account)
    .executeTakeFirstOrThrow()
  const works = await k
    .selectFrom('competition_works as w')
    .innerJoin('competition_registrations as r', 'r.id', 'w.registration_id')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select('w.id')
    .where('w.competition_id', '=', COMPETITION_ID)
    .where('r.finalised_at', 'is not', null)
    .where('u.account', 'like', `bulk-entrant-${COMPETITION_ID}-%`)
    .orderBy('w.id')
    .execute()
  const now = new Date().toISOString()
  await k
    .insertInto('judging_assignments')
    .values(
      works.map((w) => ({
        competition_id: COMPETITION_ID,
        round_id: ROUND_ID,
        work_id: w.id,
        judge_id: judge.id,
        assigned_at: now,
      })),
    )
    .execute()
  return works.map((w) => w.id)
}

async function signIn(page: Page, base: string): Promise<string> {
  const res = await page.request.post(`${base}/api/login`, {
    data: { ...JUDGE, logInSource: LOGIN_SOURCE.account },
  })
  const token = ((await res.json()) as { data?: { token?: string } }).data?.token
  if (!token) throw new Error(`sign-in failed: ${await res.text()}`)
  await page
    .context()
    .addCookies([{ name: TOKEN_COOKIE, value: encodeURIComponent(token), url: base, sameSite: 'Lax' }])
  return token
}

/** Milliseconds until `ready` holds in the page, polled every animation frame. */
async function waitReady(ready: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await ready()
  return performance.now() - started
}

/** The entry screen shows a work other than `previous`, ready to score: see the header. */
const entryReady = (page: Page, previous: string | null, submitted: number, focused = !POINTER) =>
  page.waitForFunction(
    ({ previous, submitted, first, focused }) => {
      const work = new URLSearchParams(location.search).get('workId')
      if (location.pathname !== '/judge/entry' || !work || work === previous) return false
      const field = document.getElementById(`root_${first}`) as HTMLInputElement | null
      if (!field || field.disabled || field.value !== '') return false
      // Typing goes where the focus is: the keyboard judge needs it in the first score field.
      if (focused && document.activeElement !== field) return false
      const cover = document.querySelector('[data-testid=judge-files] img') as HTMLImageElement | null
      if (!cover?.complete || !cover.naturalWidth) return false
      // The new screen counts the progress (已评 n); the screen before issue 32 showed none on the entry.
      const progress = document.querySelector('[data-testid=judge-progress]')
      return !progress || (progress.textContent ?? '').includes(`已评 ${submitted} `)
    },
    { previous, submitted, first: CRITERIA[0], focused },
    { polling: 'raf', timeout: 30_000 },
  )

/** The entry list shows `submitted` sheets submitted. */
const listReady = (page: Page, submitted: number) =>
  page.waitForFunction(
    (submitted) => {
      if (location.pathname !== '/judge/round') return false
      const table = document.querySelector('[data-testid=judge-entries-table]')
      return (
        !!table &&
        table.querySelectorAll('tbody tr').length > 0 &&
        [...table.querySelectorAll('tbody tr')].filter((r) => r.textContent?.includes('已提交')).length ===
          submitted
      )
    },
    submitted,
    { polling: 'raf', timeout: 30_000 },
  )

const workIdOf = (page: Page) => new URL(page.url()).searchParams.get('workId')

/** Keyboard only: Ctrl+Enter opens the next unscored entry; each sheet ends with Ctrl+Enter. */
async function keyboardRun(page: Page, base: string): Promise<SheetTiming[]> {
  const out: SheetTiming[] = []
  await page.goto(`${base}/judge/round?competitionId=${COMPETITION_ID}&roundId=${ROUND_ID}`)
  await page.locator('html[data-live]').waitFor({ state: 'attached' })
  await listReady(page, 0)
  // The list's key listener is attached after it paints: a frame and a task later, as a person would be.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r))))
  const first: SheetTiming = { interfaceMs: 0, keys: 1, content: 0, clicks: 0, homes: 0 }
  await page.keyboard.press('Control+Enter')
  first.interfaceMs = await waitReady(() => entryReady(page, null, 0))
  for (let n = 0; n < SHEETS; n++) {
    const sheet = n === 0 ? first : { interfaceMs: 0, keys: 0, content: 0, clicks: 0, homes: 0 }
    const previous = workIdOf(page)
    for (const score of scoresOf(n)) {
      await page.keyboard.type(score)
      await page.keyboard.press('Tab')
      sheet.keys += score.length + 1
      sheet.content += score.length
    }
    await page.keyboard.type(COMMENT)
    sheet.keys += COMMENT.length
    sheet.content += COMMENT.length
    await page.keyboard.press('Control+Enter')
    sheet.keys += 1
    sheet.interfaceMs += await waitReady(() =>
      n + 1 < SHEETS
        ? entryReady(page, previous, n + 1)
        : page.getByTestId('judge-progress').getByText(`已评 ${SHEETS} / 共 ${SHEETS}`).waitFor(),
    )
    out.push(sheet)
  }
  return out
}

/**
 * How many Tab presses reach `selector` from the top of the page: the focusable elements before it in
 * document order (what a keyboard user of a screen without shortcuts goes through).
 */
const tabsTo = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const target = document.querySelector(selector)
    const all = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input, textarea, select, [tabindex]:not([tabindex="-1"])',
      ),
    ].filter((e) => !(e as HTMLButtonElement).disabled && e.getClientRects().length > 0)
    return target ? all.indexOf(target as HTMLElement) + 1 : -1
  }, selector)

/** A mouse user: the list, a click on the first 未评 entry, a click on each field, the submit, back. */
async function pointerRun(page: Page, base: string, tabs: string[]): Promise<SheetTiming[]> {
  const out: SheetTiming[] = []
  const list = `${base}/judge/round?competitionId=${COMPETITION_ID}&roundId=${ROUND_ID}`
  await page.goto(list)
  await page.locator('html[data-live]').waitFor({ state: 'attached' })
  await listReady(page, 0)
  let onEntry = false
  for (let n = 0; n < SHEETS; n++) {
    const sheet: SheetTiming = { interfaceMs: 0, keys: 0, content: 0, clicks: 0, homes: 0 }
    if (!onEntry) {
      const row = page
        .getByTestId('judge-entries-table')
        .locator('tbody tr')
        .filter({ hasText: '未评' })
        .first()
      if (n === 0)
        tabs.push(
          `list → first 未评 entry's link: ${await tabsTo(page, '[data-testid=judge-entries-table] tbody tr a')} Tabs`,
        )
      await row.getByRole('link').click()
      sheet.clicks += 1
      sheet.interfaceMs += await waitReady(() => entryReady(page, null, n))
    }
    const previous = workIdOf(page)
    if (n === 0) {
      tabs.push(`entry → first score field: ${await tabsTo(page, `#root_${CRITERIA[0]}`)} Tabs`)
      tabs.push(
        `entry → submit button: ${await tabsTo(page, '[data-testid=judge-sheet] button[type=submit]')} Tabs`,
      )
    }
    for (const [i, score] of scoresOf(n).entries()) {
      await page.locator(`#root_${CRITERIA[i]}`).click()
      await page.keyboard.type(score)
      sheet.clicks += 1
      sheet.keys += score.length
      sheet.content += score.length
      sheet.homes += 2
    }
    await page.locator('#root_comment').click()
    await page.keyboard.type(COMMENT)
    sheet.clicks += 1
    sheet.keys += COMMENT.length
    sheet.content += COMMENT.length
    sheet.homes += 2
    await page.getByTestId('judge-sheet').getByRole('button', { name: /提交/ }).click()
    sheet.clicks += 1
    // The screen before issue 32 stays on the entry and shows 已提交; the new one opens the next entry.
    sheet.interfaceMs += await waitReady(() =>
      page.waitForFunction(
        (previous) =>
          new URLSearchParams(location.search).get('workId') !== previous ||
          [...document.querySelectorAll('[data-testid=judge-sheet] span')].some(
            (s) => s.textContent === '已提交',
          ),
        previous,
        { polling: 'raf', timeout: 30_000 },
      ),
    )
    onEntry = workIdOf(page) !== previous
    if (onEntry && n + 1 < SHEETS)
      sheet.interfaceMs += await waitReady(() => entryReady(page, previous, n + 1))
    if (!onEntry && n + 1 < SHEETS) {
      await page
        .getByRole('link', { name: /返回作品列表|作品列表/ })
        .first()
        .click()
      sheet.clicks += 1
      sheet.interfaceMs += await waitReady(() => listReady(page, n + 1))
    }
    out.push(sheet)
  }
  return out
}

const seconds = (ms: number) => (ms / 1000).toFixed(2)
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0

async function main(): Promise<number> {
  const dist = path.join(root, 'dist')
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    console.error('dist/ is missing: run `npm run build` first (npm run bench:judging does)')
    return 1
  }
  const dataDir = tempDir('bench-judging')
  const app = await benchApp(dataDir, dist)
  let browser: Browser | undefined
  try {
    const competition = app.competitions.byId(COMPETITION_ID)
    if (!competition) throw new Error(`competition ${COMPETITION_ID} is not defined`)
    const files = await storeImages(app)
    await seedBulkEntries(app.db, competition, SHEETS * 2, { files })
    const works = await assignToJudge(app)
    if (works.length !== SHEETS) throw new Error(`expected ${SHEETS} submitted works, found ${works.length}`)
    const base = await listen(app)
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
    const context = await browser.newContext({ viewport: VIEWPORT, locale: 'zh-CN' })
    const page = await context.newPage()
    if (LINK) {
      const cdp = await context.newCDPSession(page)
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...LINK })
    }
    const token = await signIn(page, base)

    console.log(
      `Kabu Portal judging bench (Node ${process.version}, ${os.availableParallelism()} cores, Chromium ` +
        `${browser.version()} headless, ${VIEWPORT.width}×${VIEWPORT.height}, SQLite, server and browser on ` +
        `this machine, ${LINK ? `link emulated: ${LINK.latency} ms round trip, 20 Mbit/s down, 5 up` : 'loopback'}): ` +
        `one judge scores ${SHEETS} sheets of round “${ROUND_ID}” (${CRITERIA.length} criteria and a ` +
        `${COMMENT.length}-character comment each), driven by ${POINTER ? 'the pointer (clicks)' : 'the keyboard only'}`,
    )
    console.log(
      `Each work has a cover and a display board (JPEGs of ${files.map((f) => Math.round(f.size / 1024)).join('/')} KB).`,
    )
    const tabs: string[] = []
    const started = performance.now()
    const sheets = await (POINTER ? pointerRun(page, base, tabs) : keyboardRun(page, base)).catch(
      async (error: unknown) => {
        // What the screen showed when it was not ready in time.
        await page.screenshot({ path: '/tmp/kabu-bench-judging-failure.png' }).catch(() => undefined)
        const focus = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200))
        console.log(
          `stuck at ${page.url()}, focus on ${focus} (screenshot /tmp/kabu-bench-judging-failure.png)`,
        )
        throw error
      },
    )
    const totalMs = performance.now() - started

    const rounds = (await (
      await fetch(`${base}/api/judge/rounds?competitionId=${COMPETITION_ID}`, {
        headers: { authorization: token },
      })
    ).json()) as { data: Array<{ roundId: string; submitted: number; assigned: number }> }
    const round = rounds.data.find((r) => r.roundId === ROUND_ID)

    const per = sheets.map((s) => s.interfaceMs).sort((a, b) => a - b)
    const mean = (f: (s: SheetTiming) => number) => sheets.reduce((t, s) => t + f(s), 0) / sheets.length
    const waitS = mean((s) => s.interfaceMs) / 1000
    const keys = mean((s) => s.keys)
    const content = mean((s) => s.content)
    const clicks = mean((s) => s.clicks)
    const homes = mean((s) => s.homes)
    // What handling the screens costs a person, beyond typing the scores and the comment.
    const handling = (keys - content) * KLM.key + clicks * (KLM.point + KLM.click) + homes * KLM.home
    console.log()
    console.log(
      table(
        ['figure', 'value'],
        [
          [
            'sheets scored (server: submitted / assigned)',
            `${sheets.length} (${round?.submitted} / ${round?.assigned})`,
          ],
          ['total seconds, first open to last submit (the bench types instantly)', seconds(totalMs)],
          ['interface wait per sheet, s: mean', waitS.toFixed(2)],
          [
            'interface wait per sheet, s: median / p90 / max',
            `${seconds(quantile(per, 0.5))} / ${seconds(quantile(per, 0.9))} / ${seconds(per.at(-1) ?? 0)}`,
          ],
          ['key presses per sheet', keys.toFixed(1)],
          ['  of them content (score digits, comment characters)', content.toFixed(1)],
          ['  of them handling (Tab, Ctrl+Enter …)', (keys - content).toFixed(1)],
          ['clicks per sheet', clicks.toFixed(1)],
          ['hand moves keyboard↔mouse per sheet', homes.toFixed(1)],
          ['handling time per sheet, KLM estimate, s', handling.toFixed(1)],
          ['interface time per sheet = wait + handling, s', (waitS + handling).toFixed(1)],
        ],
      ),
    )
    for (const line of tabs) console.log(`keyboard only on these screens: ${line}`)
    console.log(
      'Interface wait (measured): for each action that hands control to the interface (opening an entry, ' +
        'the submit, going back to the list), the time from the action until the next screen is ready — ' +
        'the next entry shown with its first score field enabled and empty, its cover decoded and the ' +
        'progress counting the sheet just submitted, or the list showing it — polled every animation frame ' +
        'in the page. Handling (estimated, keystroke-level model of Card, Moran & Newell): ' +
        `${KLM.key} s a key that is not content, ${KLM.point} s to point and ${KLM.click} s to click, ` +
        `${KLM.home} s a hand move between keyboard and mouse. Typing the scores and the comment and ` +
        'reading the work are in neither.',
    )
    console.log(
      `goal ≤ ${GOAL_SECONDS} s interface time per sheet: ${waitS + handling <= GOAL_SECONDS ? 'met' : 'missed'}`,
    )
    if (round?.submitted !== SHEETS) {
      console.log(`FAILED: the server holds ${round?.submitted} submitted sheets, not ${SHEETS}`)
      return 1
    }
    return 0
  } finally {
    await browser?.close()
    await app.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

process.exitCode = await main()
