import path from 'node:path'
import Database from 'better-sqlite3'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readCertificatePdf } from '../support/certificates.ts'
import { accessibilityFindings, describeFindings } from './axe.ts'
import { entryWithWork, newEntrant, verifyRealName } from './entrants.ts'
import { e2eDataDir, launch, openPage, signIn } from './page.ts'

/**
 * Competition certificates (issue 24 items 8 and 9) in Chromium against the built portal: an entrant of
 * a competition whose results are out downloads the certificate PDF (read back with pdftotext, its QR
 * code decoded), opens the verification page from 我的赛事, asks for postal delivery and pays the
 * postage from the balance; an organiser marks it shipped and 我的赛事 shows the tracking number. Before
 * the entrant verifies their real name, 我的赛事 says the certificate waits for it (issue 32 item 7).
 * Screenshots at 1366 and 375 px: /tmp/kabu-certificates-*.png.
 */
let browser: Browser
const PASSWORD = 'Entrant2026!'
const PAST = '2024qingtaiCompetition'

beforeAll(async () => {
  browser = await launch()
})
afterAll(() => browser.close())

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

const database = () => new Database(path.join(e2eDataDir(), 'kabu.db'))

/**
 * A confirmed entry in a past competition (results out), straight in the database: the entrant's
 * name, a co-author and an adviser as the entry forms would store them, and one address.
 */
function finalisedPastEntry(account: string): number {
  const workId = entryWithWork(account, PAST)
  const db = database()
  try {
    const now = new Date().toISOString()
    db.prepare(
      `update competition_registrations set finalised_at = ?, data = ?
       where id = (select registration_id from competition_works where id = ?)`,
    ).run(now, JSON.stringify({ name: '林一帆' }), workId)
    db.prepare('update competition_works set info = ?, adviser = ? where id = ?').run(
      JSON.stringify({ designConcept: '—', teamMembers: [{ name: '周可', role: '渲染' }] }),
      JSON.stringify({
        advisers: [{ name: '陈思远', title: '副教授', company: '示例学院', phone: '13700000003' }],
      }),
      workId,
    )
    const { userId } = db.prepare('select id as userId from users where account = ?').get(account) as {
      userId: number
    }
    db.prepare(
      `insert into addresses (user_id, user_name, phone, city_id, address, is_default, created_at)
       values (?, '林一帆', '13700000331', '320505', '青石路 1 号（演示地址）', 1, ?)`,
    ).run(userId, now)
    const { competitionId } = db
      .prepare('select id as competitionId from competitions where slug = ?')
      .get(PAST) as { competitionId: number }
    return competitionId
  } finally {
    db.close()
  }
}

/** A formula, markup, a right-to-left override and a long unbroken run, as a work title may be typed. */
const HOSTILE_TITLE = `=HYPERLINK("http://evil.example","点我")<b>粗</b>\u202E${'W'.repeat(40)}`

/** finalisedPastEntry with the work titled `title`. */
function entryWithWorkTitled(account: string, title: string): number {
  finalisedPastEntry(account)
  const db = database()
  try {
    const work = db
      .prepare(
        `select w.id, w.base from competition_works w join users u on u.id = w.user_id where u.account = ?`,
      )
      .get(account) as { id: number; base: string }
    db.prepare('update competition_works set base = ? where id = ?').run(
      JSON.stringify({ ...JSON.parse(work.base), worksName: title }),
      work.id,
    )
    return work.id
  } finally {
    db.close()
  }
}

/** An organiser of the competition, granted in the database as `npm run grant` would. */
async function organiserToken(page: Page, account: string, competitionId: number): Promise<string> {
  await newEntrant(account, PASSWORD)
  const db = database()
  try {
    const { userId } = db.prepare('select id as userId from users where account = ?').get(account) as {
      userId: number
    }
    db.prepare(
      `insert into staff_roles (user_id, role, competition_id, round_id, granted_by, granted_at)
       values (?, 'organiser', ?, null, null, ?)`,
    ).run(userId, competitionId, new Date().toISOString())
  } finally {
    db.close()
  }
  const res = await page.request.post('/api/login', { data: { account, password: PASSWORD, logInSource: 2 } })
  return ((await res.json()) as { data: { token: string } }).data.token
}

/**
 * The certificate waits for the entrant's real-name verification: 我的赛事 says so with a link to it.
 * Then the entrant verifies (through the API; the verification screen has its own tests) as `name`.
 */
async function pendingThenVerified(
  page: Page,
  account: string,
  name: string,
  identity: string,
  width: number,
) {
  await page.goto('/mine?change=Competition')
  const pending = page.getByTestId('my-competition-certificate-pending')
  await pending.waitFor()
  expect(await pending.textContent()).toContain('请先在“我的—认证信息”完成实名认证')
  expect(await pending.getByRole('link', { name: '去实名认证' }).getAttribute('href')).toBe(
    '/mine?change=Info',
  )
  expect(await page.getByTestId('competition-certificate').count()).toBe(0)
  expect(await noSideScroll(page)).toBe(true)
  await page
    .getByTestId('my-competition')
    .first()
    .screenshot({ path: `/tmp/kabu-certificates-pending-${width}.png` })
  await verifyRealName(page.request, account, PASSWORD, name, identity)
  await page.reload()
}

describe('competition certificates in the browser', () => {
  let number = ''

  it('the entrant downloads the certificate, opens its verification page and has it posted', async () => {
    const account = await newEntrant('13700000331', PASSWORD, 10_000)
    const competitionId = finalisedPastEntry(account)
    const { page, errors } = await openPage(browser, 1366)
    await signIn(page, account, PASSWORD)
    // Registered as 林一帆; the certificate names the verified 林亦帆.
    await pendingThenVerified(page, account, '林亦帆', '110105199205067654', 1366)
    const card = page.getByTestId('competition-certificate')
    await card.waitFor()
    number = (await card.getByTestId('certificate-number').textContent()) as string
    expect(number).toMatch(/^KBS\d{4}-[2-9A-HJKMNP-Z]{8}$/)
    expect(await card.textContent()).toContain('参赛证书')

    // The PDF as the signed-in browser downloads it: the merge fields in Chinese and the QR code.
    const href = (await card.getByTestId('certificate-pdf').getAttribute('href')) as string
    const pdf = await page.request.get(href)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    const { text, qr } = await readCertificatePdf(await pdf.body())
    const flat = text.replace(/\s+/g, '')
    for (const expected of ['参赛证书', '林亦帆', '周可', '陈思远', '《跨站测试作品》', number])
      expect(flat).toContain(expected)
    expect(flat).not.toContain('林一帆')
    expect(qr).toMatch(new RegExp(`/cert/verify\\?number=${number}$`))

    // Postal delivery: ask, then pay the postage from the balance.
    await card.getByTestId('certificate-post-request').click()
    const status = card.getByTestId('certificate-post-status')
    await expect.poll(() => status.textContent()).toBe('已申请，待付邮费')
    await card.getByTestId('certificate-postage-pay').click()
    await page.getByTestId('pay-submit').click()
    await page.getByTestId('pay-confirm').getByRole('button', { name: '确定' }).click()
    await expect.poll(() => status.textContent()).toBe('待寄出')
    expect(await noSideScroll(page)).toBe(true)

    // The organiser marks it shipped (the console's screen is another's; its API is the same).
    const organiser = await organiserToken(page, '13700000332', competitionId)
    const shipped = await page.request.post('/api/manage/certificates/ship', {
      headers: { authorization: organiser },
      data: { competitionId, account, carrier: '顺丰速运', trackingNumber: 'SF2026112701' },
    })
    expect(((await shipped.json()) as { code: number }).code).toBe(200)
    await page.reload()
    await card.waitFor()
    await expect.poll(() => status.textContent()).toBe('已寄出')
    expect(await card.getByTestId('certificate-post-tracking').textContent()).toContain('SF2026112701')
    // WCAG 2.2 AA (axe-core) over the certificate card with its shipped state.
    expect(
      describeFindings(
        await accessibilityFindings(page, '[data-testid=competition-certificate]'),
        '我的赛事',
      ),
    ).toBe('')
    await card.screenshot({ path: '/tmp/kabu-certificates-mine-card-1366.png' })
    await page.screenshot({ path: '/tmp/kabu-certificates-mine-1366.png', fullPage: true })

    // 查验证书 opens the public page; it says what the number certifies.
    await card.getByTestId('certificate-verify').click()
    await page.waitForURL((url) => url.pathname === '/cert/verify')
    const result = page.getByTestId('certificate-result')
    await expect.poll(() => result.getAttribute('data-verified')).toBe('true')
    const said = (await result.textContent()) as string
    for (const expected of ['证书真实有效', '林亦帆', '周可', '陈思远', '《跨站测试作品》', '参赛证书'])
      expect(said).toContain(expected)
    expect(said).not.toContain('13700000331')
    expect(describeFindings(await accessibilityFindings(page), '/cert/verify')).toBe('')
    await page.screenshot({ path: '/tmp/kabu-certificates-verify-1366.png', fullPage: true })
    expect(errors).toEqual([])
  }, 180_000)

  it('the verification page is server-rendered with share tags for anyone, and says when a number is forged', async () => {
    const { page, errors } = await openPage(browser, 1366)
    const html = await (await page.request.get(`/cert/verify?number=${number}`)).text()
    expect(html).toContain('<title>竞赛证书查验')
    expect(html).toMatch(/<meta property="og:title" content="竞赛证书查验/)
    expect(html).toContain('林亦帆')
    await page.goto(`/cert/verify?number=${number.slice(0, -1)}${number.endsWith('Z') ? 'Y' : 'Z'}`)
    const result = page.getByTestId('certificate-result')
    await expect.poll(() => result.getAttribute('data-verified')).toBe('false')
    expect(await result.textContent()).toContain('未找到该证书')
    expect(errors).toEqual([])
  })

  it('at 375 px the certificate in 我的赛事 and the verification page fit without side scrolling, a hostile title printed as text', async () => {
    const account = await newEntrant('13700000333', PASSWORD)
    const workId = entryWithWorkTitled(account, HOSTILE_TITLE)
    const { page, errors } = await openPage(browser, 375)
    await signIn(page, account, PASSWORD)
    await pendingThenVerified(page, account, '林一帆', '110105199306078888', 375)
    const card = page.getByTestId('competition-certificate')
    await card.waitFor()
    await card.getByTestId('certificate-post-request').click()
    await expect
      .poll(() => card.getByTestId('certificate-post-status').textContent())
      .toBe('已申请，待付邮费')
    // The pay panel opens inside the card and fits the phone too.
    await card.getByTestId('certificate-postage-pay').click()
    await page.getByTestId('pay-submit').waitFor()
    expect(await noSideScroll(page)).toBe(true)
    await card.screenshot({ path: '/tmp/kabu-certificates-mine-card-375.png' })
    await page.screenshot({ path: '/tmp/kabu-certificates-mine-375.png', fullPage: true })
    const own = (await card.getByTestId('certificate-number').textContent()) as string
    await page.goto(`/cert/verify?number=${number}`)
    await page.getByTestId('certificate-result').waitFor()
    expect(await noSideScroll(page)).toBe(true)
    await page.screenshot({ path: '/tmp/kabu-certificates-verify-375.png', fullPage: true })
    // The hostile title: its characters as text, no markup made of it, no bidi override, no side scroll.
    await page.goto(`/cert/verify?number=${own}`)
    const result = page.getByTestId('certificate-result')
    await result.waitFor()
    const said = (await result.textContent()) as string
    // Cut at the 50 characters a title may have, marked “…”.
    expect(said).toContain('《=HYPERLINK("http://evil.example","点我")<b>粗</b>WWW…》')
    expect(said).not.toContain('\u202E')
    expect(await result.locator('b').count()).toBe(0)
    expect(await noSideScroll(page)).toBe(true)
    await page.screenshot({ path: '/tmp/kabu-certificates-verify-hostile-375.png', fullPage: true })
    expect(workId).toBeGreaterThan(0)
    expect(errors).toEqual([])
  })
})
