import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessibilityFindings, describeFindings } from './axe.ts'
import { newEntrant } from './entrants.ts'
import { e2eDataDir, launch, openPage, signIn } from './page.ts'

/**
 * The judges' workspace /judge (issue 24 item 5) in Chromium against the built portal, with the demo
 * judges of the demo competition `competition` (101, round 初评 open now) and the closed rounds of
 * `2025qingtaiCompetition` (103): the admin runs the assignment, a judge scores with autosave and
 * submits, another declares a conflict, and a closed round reads only. Screenshots at 1366 and 375 px
 * go to /tmp/kabu-judge-*.png.
 */
let browser: Browser
const PASSWORD = 'Entrant2026!'
const JUDGE = '13800000011'
const OTHER_JUDGE = '13800000012'
const THIRD_JUDGE = '13800000013'
const ADMIN = '13800000010'
const DEMO_PASSWORD = 'Kabu2026!'

const db = () => new Database(path.join(e2eDataDir(), 'kabu.db'))
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

/** A finalised entry with one work in `slug`, straight in the database (the entry forms have their own tests). */
function submittedWork(
  account: string,
  slug: string,
  worksName: string,
  range: string,
  cover?: string,
): number {
  const d = db()
  try {
    const now = new Date().toISOString()
    const { userId } = d.prepare('select id as userId from users where account = ?').get(account) as {
      userId: number
    }
    const { competitionId } = d
      .prepare('select id as competitionId from competitions where slug = ?')
      .get(slug) as {
      competitionId: number
    }
    const registration = d
      .prepare(
        `insert into competition_registrations
           (competition_id, user_id, entrant_type, company_type, data, works_count, finalised_at, created_at, updated_at)
         values (?, ?, 'personal', 'university', ?, 1, ?, ?, ?)`,
      )
      .run(
        competitionId,
        userId,
        JSON.stringify({ name: '林一帆', company: '青湾设计学院（示例）' }),
        now,
        now,
        now,
      )
    const base = {
      worksName,
      range,
      abstract: `${worksName}：面向城市通勤的设计方案，强调可维护与低成本制造。`,
      ...(cover ? { cover: { fileUrl: cover, fileOgName: '作品封面.jpg' } } : {}),
    }
    const work = d
      .prepare(
        `insert into competition_works (competition_id, user_id, registration_id, base, created_at, updated_at)
         values (?, ?, ?, ?, ?, ?)`,
      )
      .run(competitionId, userId, registration.lastInsertRowid, JSON.stringify(base), now, now)
    return Number(work.lastInsertRowid)
  } finally {
    d.close()
  }
}

const works: number[] = []
const COVER = path.resolve(import.meta.dirname, '../../public/landing/_share/crrcgc3.jpg')

/** The entrant uploads a cover through the upload API, as the work form does; answers its address. */
async function upload(account: string): Promise<string> {
  const { page } = await openPage(browser, 1366)
  const login = await page.request.post('/api/login', {
    data: { account, password: PASSWORD, logInSource: 2 },
  })
  const token = (await login.json()).data.token as string
  const res = await page.request.post('/api/common/upload', {
    multipart: { file: { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: fs.readFileSync(COVER) } },
    headers: { authorization: token },
  })
  const body = await res.json()
  if (body.code !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`)
  await page.context().close()
  return body.data.url as string
}

beforeAll(async () => {
  browser = await launch()
  const names = ['折叠通勤自行车', '城市共享座椅', '模块化电动工具', '适老智能药盒']
  for (const [i, name] of names.entries()) {
    const account = await newEntrant(`1370000031${i}`, PASSWORD)
    works.push(
      submittedWork(account, 'competition', name, i % 2 ? 'transport' : 'product', await upload(account)),
    )
  }
})
afterAll(() => browser.close())

async function apiToken(page: Page, account: string): Promise<string> {
  const res = await page.request.post('/api/login', {
    data: { account, password: DEMO_PASSWORD, logInSource: 2 },
  })
  return (await res.json()).data.token as string
}

describe('the judges’ workspace in the browser', () => {
  it('the admin assigns the round; a judge scores an entry with autosave and submits it', async () => {
    const { page, errors } = await openPage(browser, 1366)
    const token = await apiToken(page, ADMIN)
    const assigned = await page.request.post('/api/manage/judging/assign', {
      data: { competitionId: 101, roundId: 'first' },
      headers: { authorization: token },
    })
    const answer = await assigned.json()
    expect(answer.code).toBe(200)
    expect(answer.data.judges).toBe(3)

    await signIn(page, JUDGE, DEMO_PASSWORD)
    await page.goto('/judge')
    const round = page.getByTestId('judge-round').filter({ hasText: '初评' })
    await round.waitFor()
    expect(await round.textContent()).toContain('评审中')
    expect(await round.textContent()).toMatch(/已提交 0 \/ \d+ 件/)
    expect(await noSideScroll(page)).toBe(true)
    await page.screenshot({ path: '/tmp/kabu-judge-rounds-1366.png', fullPage: true })

    await round.getByRole('link', { name: '进入评审' }).click()
    const table = page.getByTestId('judge-entries-table')
    await table.waitFor()
    const text = (await table.textContent()) ?? ''
    expect(text).toContain('未评')
    // Blind: the entrant's name and school are nowhere on the page.
    expect(await page.locator('main').textContent()).not.toContain('林一帆')
    await page.screenshot({ path: '/tmp/kabu-judge-round-1366.png', fullPage: true })

    await table.getByRole('link', { name: '评审' }).first().click()
    await page.getByTestId('judge-sheet').waitFor()
    expect(await page.locator('main').textContent()).not.toContain('林一帆')
    expect(await page.locator('main').textContent()).toContain('匿名评审：不显示参赛者信息。')
    // The cover previews: the file route lets the assigned judge read it.
    const cover = page.getByTestId('judge-files').getByRole('img', { name: '作品封面' })
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0)
    await page.fill('#root_innovation', '8')
    await expect
      .poll(() => page.getByTestId('autosave-status').textContent(), { timeout: 10_000 })
      .toMatch(/^已保存/)
    await page.fill('#root_function', '7.5')
    await page.fill('#root_aesthetics', '9')
    await page.fill('#root_feasibility', '6')
    await page.fill('#root_comment', '结构清晰，量产成本还需论证。')
    const scored = new URL(page.url()).searchParams.get('workId')
    // The click does what Ctrl+Enter does: submits and opens the next unscored entry.
    await page.getByRole('button', { name: /^提交并评下一件/ }).click()
    await page.waitForURL((url) => url.searchParams.get('workId') !== scored)
    await expect.poll(() => page.getByTestId('judge-progress').textContent()).toMatch(/已评 1 \/ 共 \d+/)

    await page.goto('/judge')
    await expect.poll(() => round.textContent()).toMatch(/已提交 1 \/ \d+ 件/)
    expect(errors).toEqual([])
  })

  it('a judge scores two entries by keyboard alone: Ctrl+Enter submits and opens the next unscored one, the progress counts', async () => {
    // Every test work assigned to the third judge (besides what the round's assignment gave them).
    const d = db()
    try {
      const judge = d.prepare('select id from users where account = ?').get(THIRD_JUDGE) as { id: number }
      const assign = d.prepare(
        `insert or ignore into judging_assignments (competition_id, round_id, work_id, judge_id, assigned_at) values (101, 'first', ?, ?, ?)`,
      )
      for (const work of works) assign.run(work, judge.id, new Date().toISOString())
    } finally {
      d.close()
    }
    const { page, errors } = await openPage(browser, 1366)
    await signIn(page, THIRD_JUDGE, DEMO_PASSWORD)
    await page.goto('/judge/round?competitionId=101&roundId=first')
    const next = page.getByTestId('judge-next')
    await next.waitFor()
    const total = Number(/已评 0 \/ 共 (\d+)/.exec((await next.textContent()) ?? '')?.[1])
    expect(total).toBeGreaterThanOrEqual(3)
    const focused = () => page.evaluate(() => document.activeElement?.id)
    const progress = page.getByTestId('judge-progress')

    await page.keyboard.press('Control+Enter')
    await page.waitForURL((url) => url.pathname === '/judge/entry')
    await expect.poll(focused).toBe('root_innovation')
    await expect.poll(() => progress.textContent()).toContain(`已评 0 / 共 ${total}`)
    expect(await page.getByTestId('judge-keys').textContent()).toContain('Ctrl+Enter')

    const seen: string[] = []
    for (const [n, scores] of [
      ['8', '7.5', '9', '6'],
      ['6', '8', '7', '9.5'],
    ].entries()) {
      const work = new URL(page.url()).searchParams.get('workId') ?? ''
      seen.push(work)
      // Tab, ↓ and Enter each move to the next criterion; number keys type the score.
      await page.keyboard.type(scores[0]!)
      await page.keyboard.press('Tab')
      await page.keyboard.type(scores[1]!)
      await page.keyboard.press('ArrowDown')
      await page.keyboard.type(scores[2]!)
      await page.keyboard.press('Enter')
      await page.keyboard.type(scores[3]!)
      await page.keyboard.press('Tab')
      expect(await focused()).toBe('root_comment')
      await page.keyboard.type('比例协调')
      await page.keyboard.press('Control+Enter')
      await page.waitForURL((url) => !seen.includes(url.searchParams.get('workId') ?? ''))
      // The next unscored entry, its first score field focused and empty, the count one up.
      await expect.poll(focused).toBe('root_innovation')
      expect(await page.locator('#root_innovation').inputValue()).toBe('')
      await expect.poll(() => progress.textContent()).toContain(`已评 ${n + 1} / 共 ${total}`)
      await expect
        .poll(() => page.getByTestId('judge-announce').textContent())
        .toContain(`已提交作品 ${work.padStart(5, '0')}的评分，已打开下一件`)
    }
    // The server holds both sheets as submitted, with the scores typed.
    const d2 = db()
    try {
      const rows = d2
        .prepare(
          `select s.work_id, s.scores, s.comment, s.submitted from judging_sheets s join users u on u.id = s.judge_id
           where u.account = ? and s.round_id = 'first' order by s.work_id`,
        )
        .all(THIRD_JUDGE) as Array<{ work_id: number; scores: string; comment: string; submitted: number }>
      expect(rows.map((r) => String(r.work_id)).sort()).toEqual([...seen].sort())
      expect(rows.every((r) => r.submitted === 1 && r.comment === '比例协调')).toBe(true)
      expect(JSON.parse(rows.find((r) => String(r.work_id) === seen[0])!.scores)).toEqual({
        innovation: 8,
        function: 7.5,
        aesthetics: 9,
        feasibility: 6,
      })
    } finally {
      d2.close()
    }

    // The entry at 1366 px: pictures large beside the sheet, the progress on top; axe finds nothing.
    await expect
      .poll(() =>
        page
          .getByTestId('judge-files')
          .getByRole('img', { name: '作品封面' })
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      )
      .toBeGreaterThan(0)
    const cover = await page.getByTestId('judge-files').getByRole('img', { name: '作品封面' }).boundingBox()
    expect(cover?.width).toBeGreaterThan(600)
    expect(describeFindings(await accessibilityFindings(page), '/judge/entry 1366')).toBe('')
    expect(await noSideScroll(page)).toBe(true)
    await page.screenshot({ path: '/tmp/kabu-judge-entry-1366.png' })
    // The viewer: opened from the picture's button, ← → step, Esc closes.
    await page.getByRole('button', { name: '全屏查看作品封面' }).click()
    const viewer = page.getByTestId('judge-viewer')
    await viewer.waitFor()
    await page.keyboard.press('Escape')
    await viewer.waitFor({ state: 'detached' })

    // At 375 px: no side scroll, the progress stays in view once the page scrolls, axe finds nothing.
    await page.setViewportSize({ width: 375, height: 800 })
    expect(await noSideScroll(page)).toBe(true)
    await page.screenshot({ path: '/tmp/kabu-judge-entry-375.png' })
    await page.evaluate(() => window.scrollTo(0, 700))
    const bar = await progress.boundingBox()
    expect(bar?.y).toBeGreaterThanOrEqual(0)
    expect(bar?.y).toBeLessThan(100)
    await page.screenshot({ path: '/tmp/kabu-judge-entry-375-scrolled.png' })
    await page.evaluate(() => window.scrollTo(0, 0))
    expect(describeFindings(await accessibilityFindings(page), '/judge/entry 375')).toBe('')
    expect(errors).toEqual([])
  })

  it('another judge declares a conflict with a reason: the entry leaves their list', async () => {
    const { page } = await openPage(browser, 375)
    await signIn(page, OTHER_JUDGE, DEMO_PASSWORD)
    await page.goto('/judge')
    await page
      .getByTestId('judge-round')
      .filter({ hasText: '初评' })
      .getByRole('link', { name: '进入评审' })
      .click()
    const cards = page.getByTestId('judge-entries-cards')
    await cards.waitFor()
    expect(await noSideScroll(page)).toBe(true)
    await page.screenshot({ path: '/tmp/kabu-judge-round-375.png', fullPage: true })
    const before = await cards.getByRole('link').count()
    await cards.getByRole('link').first().click()
    await page.getByTestId('judge-sheet').waitFor()
    const title = (await page.getByTestId('judge-entry-title').textContent()) ?? ''
    expect(await noSideScroll(page)).toBe(true)
    await page.screenshot({ path: '/tmp/kabu-judge-entry-conflict-375.png', fullPage: true })
    await page.getByRole('button', { name: '声明回避' }).click()
    await page.getByRole('button', { name: '确认回避' }).click()
    await page.getByText('请写明回避原因').waitFor()
    await page.getByPlaceholder('如：参赛者是我指导的学生').fill('作品作者是我指导的学生')
    await page.getByRole('button', { name: '确认回避' }).click()
    await page.waitForURL((url) => url.pathname === '/judge/round')
    await cards.waitFor()
    await expect.poll(() => cards.getByRole('link').count()).toBe(before - 1)
    expect(await cards.textContent()).not.toContain(title)
  })

  it('an account that judges nothing is told so and stays signed in', async () => {
    const { page, errors } = await openPage(browser, 1366)
    await signIn(page, '13800000001', DEMO_PASSWORD)
    await page.goto('/judge')
    await page.getByTestId('judge-no-rounds').waitFor()
    expect(new URL(page.url()).pathname).toBe('/judge')
    expect(errors).toEqual([])
  })

  it('a closed round reads only', async () => {
    const d = db()
    try {
      const judge = d.prepare('select id from users where account = ?').get(JUDGE) as { id: number }
      const now = new Date().toISOString()
      d.prepare(
        `insert or ignore into staff_roles (user_id, role, competition_id, round_id, granted_by, granted_at) values (?, 'judge', 103, null, null, ?)`,
      ).run(judge.id, now)
      const account = `13700000319`
      d.close()
      await newEntrant(account, PASSWORD)
      const work = submittedWork(account, '2025qingtaiCompetition', '往届参赛作品', 'daily')
      const d2 = db()
      d2.prepare(
        `insert into judging_assignments (competition_id, round_id, work_id, judge_id, assigned_at) values (103, 'final', ?, ?, ?)`,
      ).run(work, judge.id, now)
      d2.close()
      const { page } = await openPage(browser, 375)
      await signIn(page, JUDGE, DEMO_PASSWORD)
      await page.goto('/judge')
      const closed = page.getByTestId('judge-round').filter({ hasText: '2025' }).filter({ hasText: '终评' })
      await closed.waitFor()
      expect(await closed.textContent()).toContain('已结束')
      expect(await noSideScroll(page)).toBe(true)
      await page.screenshot({ path: '/tmp/kabu-judge-rounds-375.png', fullPage: true })
      await page.goto(`/judge/entry?competitionId=103&roundId=final&workId=${work}`)
      await page.getByTestId('judge-read-only').waitFor()
      // The demo's past competition has published results: its sheets are locked (issue 32 item 2).
      expect(await page.getByTestId('judge-read-only').textContent()).toContain(
        '评审结果已公布，评分已锁定，只能查看、不能修改。',
      )
      expect(await page.locator('#root_innovation').isDisabled()).toBe(true)
      expect(await page.getByRole('button', { name: '提交评分' }).count()).toBe(0)
      expect(await page.getByRole('button', { name: '声明回避' }).count()).toBe(0)
    } finally {
      if (d.open) d.close()
    }
  })
})
