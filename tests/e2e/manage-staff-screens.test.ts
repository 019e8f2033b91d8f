import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessibilityFindings, describeFindings } from './axe.ts'
import { entryWithWork, newEntrant, testIdentity, verifyRealName } from './entrants.ts'
import { e2eDataDir, launch, openPage, signIn } from './page.ts'

/**
 * The console's judging and certificate screens (issue 24) in Chromium against the built portal, as
 * the demo admin: 分配评审 for round 初评 of the demo competition `competition` (101, demo judges
 * 13800000011–13), 重新签发 of an entrant's certificate in a past competition, and 标记已寄出 of
 * their paper copy, which the entrant then reads in 我的赛事. Then every console and judge screen at
 * 1366 and 375 px, saved as /tmp/kabu-screens/<screen>-<width>.png (looked at by hand).
 */
let browser: Browser
const PASSWORD = 'Entrant2026!'
const ADMIN = '13800000010'
const JUDGES = ['13800000011', '13800000012', '13800000013']
const DEMO_PASSWORD = 'Kabu2026!'
const JUDGED = 'competition'
const PAST = '2024qingtaiCompetition'
const SCREENS = '/tmp/kabu-screens'

const db = () => new Database(path.join(e2eDataDir(), 'kabu.db'))
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)
const idOf = (slug: string) => {
  const d = db()
  try {
    return (d.prepare('select id from competitions where slug = ?').get(slug) as { id: number }).id
  } finally {
    d.close()
  }
}

/**
 * A confirmed (确认提交) entry with one work in `slug`, straight in the database (the entry forms have
 * their own tests), with the entrant's name and, for the certificate's postal copy, an address.
 */
function confirmedEntry(account: string, slug: string, name: string): number {
  const workId = entryWithWork(account, slug)
  const d = db()
  try {
    const now = new Date().toISOString()
    d.prepare(
      `update competition_registrations set finalised_at = ?, data = ?
       where id = (select registration_id from competition_works where id = ?)`,
    ).run(now, JSON.stringify({ name }), workId)
    const { userId } = d.prepare('select id as userId from users where account = ?').get(account) as {
      userId: number
    }
    d.prepare(
      `insert into addresses (user_id, user_name, phone, city_id, address, is_default, created_at)
       values (?, ?, '13700000561', '320505', '青石路 8 号（演示地址）', 1, ?)`,
    ).run(userId, name, now)
    return workId
  } finally {
    d.close()
  }
}

const judgesOn = (workId: number) => {
  const d = db()
  try {
    return (
      d
        .prepare(
          `select u.account from judging_assignments a join users u on u.id = a.judge_id
           where a.work_id = ? and a.round_id = 'first' order by u.account`,
        )
        .all(workId) as Array<{ account: string }>
    ).map((r) => r.account)
  } finally {
    d.close()
  }
}

/** Waits for a dialog's opening animation to end, so its screenshot shows it as a reader sees it. */
const opened = (dialog: ReturnType<Page['getByTestId']>) =>
  dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)))

/** Waits until a screen has loaded: `ready` shown (a console screen: its frame), no skeleton, no load error. */
async function settled(page: Page, name: string, ready = '[data-testid=manage]') {
  await page.locator(ready).locator('visible=true').first().waitFor()
  await expect.poll(() => page.locator('[role=status][aria-busy=true], .chakra-skeleton').count()).toBe(0)
  expect(await page.getByTestId('manage-error').count(), name).toBe(0)
}

let judgedWork = 0
let certificateEntrant = ''

beforeAll(async () => {
  browser = await launch()
  fs.mkdirSync(SCREENS, { recursive: true })
  judgedWork = confirmedEntry(await newEntrant('13700000561', PASSWORD), JUDGED, '沈知远')
  certificateEntrant = await newEntrant('13700000562', PASSWORD, 10_000)
  confirmedEntry(certificateEntrant, PAST, '顾清和')
})
afterAll(async () => {
  // The e2e files share one server: the judging flow (judging.test.ts) opens the first entry assigned
  // to a demo judge and expects the cover its own works carry, so this file's coverless work leaves.
  const d = db()
  try {
    d.prepare('delete from judging_sheets where work_id = ?').run(judgedWork)
    d.prepare('delete from judging_assignments where work_id = ?').run(judgedWork)
    d.prepare('update competition_works set deleted_at = ? where id = ?').run(
      new Date().toISOString(),
      judgedWork,
    )
  } finally {
    d.close()
  }
  await browser.close()
})

describe('the console’s judging and certificate screens in the browser', () => {
  it('the admin runs 分配评审 for round 初评 from the screen: every entry gets its judges, loads shown', async () => {
    const { page, errors } = await openPage(browser, 1366)
    await signIn(page, ADMIN, DEMO_PASSWORD)
    await page.goto('/manage')
    const card = page.locator(`[data-testid=manage-competition][data-competition-id="${idOf(JUDGED)}"]`)
    await card.getByRole('link', { name: '评审分配' }).click()
    await page.waitForURL((url) => url.pathname === '/manage/judging')
    await settled(page, 'judging')
    const round = page.locator('[data-testid=judging-round][data-round-id=first]')
    await round.waitFor()
    expect(await round.getByTestId('judging-round-state').textContent()).toBe('进行中')
    const table = round.getByTestId('judging-judges-first')
    for (const judge of JUDGES) expect(await table.textContent()).toContain(judge)
    expect(judgesOn(judgedWork)).toEqual([])

    await round.getByTestId('judging-assign').click()
    const dialog = page.getByTestId('judging-assign-dialog')
    expect(await dialog.textContent()).toContain('分配评审：初评')
    await opened(dialog)
    await page.screenshot({ path: `${SCREENS}/manage-judging-dialog-1366.png` })
    await dialog.getByTestId('judging-assign-confirm').click()
    const result = round.getByTestId('judging-assign-result')
    await result.waitFor()
    expect(await result.textContent()).toMatch(/已分配 \d+ 份评审（作品 \d+ 件，评委 3 位）/)
    // The new entry now has the round's judgesPerEntry judges, all demo judges.
    const on = judgesOn(judgedWork)
    expect(on.length).toBeGreaterThan(0)
    for (const judge of on) expect(JUDGES).toContain(judge)
    // The loads on screen are those stored.
    const d = db()
    const stored = d
      .prepare(
        `select u.account, count(*) as n from judging_assignments a join users u on u.id = a.judge_id
         where a.competition_id = ? and a.round_id = 'first' group by u.account`,
      )
      .all(idOf(JUDGED)) as Array<{ account: string; n: number }>
    d.close()
    for (const { account, n } of stored) {
      const row = table.locator('tr').filter({ hasText: account })
      await expect.poll(() => row.locator('td').nth(1).textContent()).toBe(String(n))
    }
    expect(await noSideScroll(page)).toBe(true)
    const findings = await accessibilityFindings(page, '[data-testid=manage]')
    expect(findings, describeFindings(findings, '/manage/judging')).toEqual([])
    await page.screenshot({ path: `${SCREENS}/manage-judging-result-1366.png`, fullPage: true })
    expect(errors).toEqual([])
  }, 120_000)

  it('on a phone the admin re-issues a certificate and ships its paper copy; the entrant sees it shipped', async () => {
    const competitionId = idOf(PAST)
    // The entrant opens the certificate (issued then) and asks for the paper copy, paying from the balance.
    const entrant = await openPage(browser, 1366)
    await signIn(entrant.page, certificateEntrant, PASSWORD)
    // A certificate names the verified person: the entrant has verified their real name.
    await verifyRealName(entrant.page.request, certificateEntrant, PASSWORD, '顾清和', testIdentity(562))
    await entrant.page.goto('/mine?change=Competition')
    const mine = entrant.page.getByTestId('competition-certificate')
    await mine.waitFor()
    const first = (await mine.getByTestId('certificate-number').textContent()) as string
    await mine.getByTestId('certificate-post-request').click()
    const status = mine.getByTestId('certificate-post-status')
    await expect.poll(() => status.textContent()).toBe('已申请，待付邮费')
    await mine.getByTestId('certificate-postage-pay').click()
    await entrant.page.getByTestId('pay-submit').click()
    await entrant.page.getByTestId('pay-confirm').getByRole('button', { name: '确定' }).click()
    await expect.poll(() => status.textContent()).toBe('待寄出')

    const { page, errors } = await openPage(browser, 375)
    await signIn(page, ADMIN, DEMO_PASSWORD)
    await page.goto(`/manage/certificates?competitionId=${competitionId}&account=${certificateEntrant}`)
    await settled(page, 'certificates')
    const cards = page.getByTestId('certificates-table-cards')
    await cards.waitFor()
    expect(await cards.textContent()).toContain(first)
    expect(await cards.textContent()).toContain('顾清和')
    expect(await noSideScroll(page)).toBe(true)
    await cards.getByTestId('certificate-reissue').click()
    const reissue = page.getByTestId('certificate-reissue-dialog')
    expect(await reissue.getByTestId('certificate-reissue-confirm').isDisabled()).toBe(true)
    await reissue.getByRole('textbox').fill('更正获证人姓名的写法')
    await opened(reissue)
    await page.screenshot({ path: `${SCREENS}/manage-certificates-dialog-375.png` })
    await reissue.getByTestId('certificate-reissue-confirm').click()
    await reissue.waitFor({ state: 'detached' })
    await expect.poll(async () => (await cards.locator('li').count()) === 2).toBe(true)
    const listed = (await cards.textContent()) ?? ''
    expect(listed).toContain('已作废')
    expect(listed).toContain('更正获证人姓名的写法')
    const next = (await cards.locator('li').first().locator('p').first().textContent()) as string
    expect(next).toMatch(/^KBS\d{4}-[2-9A-HJKMNP-Z]{8}$/)
    expect(next).not.toBe(first)
    expect(listed).toContain(`由 ${next} 取代`)
    const verified = await page.request.get(`/api/tbCompetitionInfo/certificate/verify?number=${first}`)
    expect((await verified.json()).data).toMatchObject({ currentNumber: next })
    await page.screenshot({ path: `${SCREENS}/manage-certificates-reissued-375.png`, fullPage: true })

    // 证书邮寄: the request waits to be sent; the form refuses a malformed tracking number as the server does.
    await page.goto(`/manage/certificate-posts?competitionId=${competitionId}`)
    await settled(page, 'posts')
    await page.getByTestId('post-status-filter').getByRole('button', { name: '待寄送' }).click()
    await page.waitForURL((url) => url.searchParams.get('status') === 'paid')
    const post = page.getByTestId('posts-table-cards').locator('li').filter({ hasText: certificateEntrant })
    await post.waitFor()
    expect(await post.getByTestId('post-status').textContent()).toBe('待寄送')
    expect(await post.textContent()).toContain('青石路 8 号（演示地址）')
    expect(await post.textContent()).toContain(next)
    expect(await noSideScroll(page)).toBe(true)
    await post.getByTestId('post-ship').click()
    const ship = page.getByTestId('post-ship-dialog')
    await ship.getByRole('textbox', { name: '承运商' }).fill('顺丰速运')
    await ship.getByRole('textbox', { name: '运单号' }).fill('SF12')
    await ship.getByTestId('post-ship-confirm').click()
    expect(await ship.getByTestId('post-tracking-error').textContent()).toBe(
      '运单号须为 6–40 位字母、数字或 -',
    )
    await opened(ship)
    await page.screenshot({ path: `${SCREENS}/manage-posts-dialog-375.png` })
    await ship.getByRole('textbox', { name: '运单号' }).fill('SF2026112799')
    await ship.getByTestId('post-ship-confirm').click()
    await ship.waitFor({ state: 'detached' })
    await page.getByText('已标记寄出，并已通知参赛者').waitFor()
    await page.getByTestId('post-status-filter').getByRole('button', { name: '已寄出' }).click()
    const shipped = page
      .getByTestId('posts-table-cards')
      .locator('li')
      .filter({ hasText: certificateEntrant })
    await expect.poll(() => shipped.getByTestId('post-status').textContent()).toBe('已寄出')
    expect(await shipped.getByTestId('post-tracking').textContent()).toContain('顺丰速运 SF2026112799')
    const findings = await accessibilityFindings(page, '[data-testid=manage]')
    expect(findings, describeFindings(findings, '/manage/certificate-posts at 375 px')).toEqual([])
    await page.screenshot({ path: `${SCREENS}/manage-posts-shipped-375.png`, fullPage: true })
    expect(errors).toEqual([])

    // The entrant reads it in 我的赛事, with the new number.
    await entrant.page.reload()
    await mine.waitFor()
    await expect.poll(() => status.textContent()).toBe('已寄出')
    expect(await mine.getByTestId('certificate-post-tracking').textContent()).toContain('SF2026112799')
    expect(await mine.getByTestId('certificate-number').textContent()).toBe(next)
    expect(entrant.errors).toEqual([])

    // A refusal reads as the server words it: the number on screen was re-issued meanwhile elsewhere.
    await page.goto(`/manage/certificates?competitionId=${competitionId}&account=${certificateEntrant}`)
    await settled(page, 'certificates')
    await cards.getByTestId('certificate-reissue').click()
    await reissue.getByRole('textbox').fill('再次更正')
    const login = await page.request.post('/api/login', {
      data: { account: ADMIN, password: DEMO_PASSWORD, logInSource: 2 },
    })
    const token = ((await login.json()) as { data: { token: string } }).data.token
    const elsewhere = await page.request.post('/api/manage/certificates/reissue', {
      headers: { authorization: token },
      data: { competitionId, account: certificateEntrant, reason: '另一处的更正', number: next },
    })
    expect(((await elsewhere.json()) as { code: number }).code).toBe(200)
    await reissue.getByTestId('certificate-reissue-confirm').click()
    await page.getByText('该证书刚刚已被重新颁发，请刷新后查看现行编号').waitFor()
    expect(await reissue.isVisible()).toBe(true)
  }, 180_000)

  it('every console and judge screen at 1366 and 375 px, without sideways scroll', async () => {
    const judged = idOf(JUDGED)
    const past = idOf(PAST)
    const d = db()
    const { entryId } = d
      .prepare('select registration_id as entryId from competition_works where id = ?')
      .get(judgedWork) as { entryId: number }
    const { account: judge } = d
      .prepare(
        `select u.account from judging_assignments a join users u on u.id = a.judge_id
         where a.work_id = ? and a.round_id = 'first' order by u.account limit 1`,
      )
      .get(judgedWork) as { account: string }
    d.close()
    const console: Array<[string, string, string?]> = [
      ['manage', '/manage'],
      ['manage-entries', `/manage/entries?competitionId=${judged}`],
      ['manage-entry', `/manage/entry?competitionId=${judged}&id=${entryId}`],
      ['manage-signups', '/manage/signups'],
      ['manage-events', '/manage/events'],
      ['manage-refunds', '/manage/refunds'],
      ['manage-staff', '/manage/staff'],
      ['manage-judging', `/manage/judging?competitionId=${judged}`],
      ['manage-judging-closed', `/manage/judging?competitionId=${idOf('2025qingtaiCompetition')}`],
      ['manage-certificates', `/manage/certificates?competitionId=${past}`],
      ['manage-posts', `/manage/certificate-posts?competitionId=${past}`],
    ]
    const judging: Array<[string, string, string?]> = [
      ['judge', '/judge', '[data-testid=judge-round]'],
      [
        'judge-round',
        `/judge/round?competitionId=${judged}&roundId=first`,
        '[data-testid=judge-entries-table], [data-testid=judge-entries-cards]',
      ],
      [
        'judge-entry',
        `/judge/entry?competitionId=${judged}&roundId=first&workId=${judgedWork}`,
        '[data-testid=judge-sheet]',
      ],
    ]
    for (const width of [1366, 375]) {
      for (const [account, screens] of [
        [ADMIN, console],
        [judge, judging],
      ] as const) {
        const { page, errors } = await openPage(browser, width)
        await signIn(page, account, DEMO_PASSWORD)
        for (const [name, url, ready] of screens) {
          await page.goto(url)
          await settled(page, name, ready)
          await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true })
          expect(await noSideScroll(page), `${name} at ${width}`).toBe(true)
        }
        expect(errors).toEqual([])
      }
    }
  }, 240_000)
})
