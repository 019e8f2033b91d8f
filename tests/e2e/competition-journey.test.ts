import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import ExcelJS from 'exceljs'
import { unzipSync } from 'fflate'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../server/lib/passwords.ts'
import { readCertificatePdf } from '../support/certificates.ts'
import { root as repoRoot, startChildServer } from '../support/child-server.ts'
import { tempDir } from '../support/temp-dir.ts'
import { testIdentity, verifyRealName } from './entrants.ts'
import { addCompleteWork, registerEntry, sampleFiles } from './entry-flow.ts'
import { launch, openPage, signIn } from './page.ts'

/**
 * A competition's whole judging journey (issue 24 item 11), in Chromium against the built portal on a
 * server of its own: an admin grants three judges in the console and runs the assignment; the judges
 * score, one declaring a conflict of interest; the organiser reviews the leaderboard, confirms the
 * awards and publishes; the winner sees the award in 我的赛事, downloads the certificate (read back with
 * pdftotext) and asks for it by post; the public results page shows the winners; the organiser exports
 * the XLSX and the ZIP, both read back.
 *
 * Its server reads the repository's definitions except `competition` (101), whose judging is cut to
 * its first round, 初评 — open now — so that the round can be finished and published today. Every
 * other part is the real portal with its demo data (the admin 13800000010).
 */
let browser: Browser
let server: Awaited<ReturnType<typeof startChildServer>>
let origin = ''
const SLUG = 'competition'
const COMPETITION = 101
const ROUND = 'first'
const PASSWORD = 'Journey2026!'
const ADMIN = { account: '13800000010', password: 'Kabu2026!' }
const JUDGES = ['13700000501', '13700000502', '13700000503']
const WINNER = '13700000511'
const OTHERS = ['13700000512', '13700000513']
const files = sampleFiles()

/** The repository's definitions, with competition 101's judging cut to its open first round. */
function journeyDefinitions(): string {
  const dir = tempDir('journey-definitions')
  for (const name of ['events', 'landing-pages', 'public'])
    fs.symlinkSync(path.join(repoRoot, name), path.join(dir, name))
  fs.mkdirSync(path.join(dir, 'competitions'))
  for (const name of fs.readdirSync(path.join(repoRoot, 'competitions'))) {
    const from = path.join(repoRoot, 'competitions', name)
    if (name !== `${SLUG}.json`) fs.symlinkSync(from, path.join(dir, 'competitions', name))
  }
  const definition = JSON.parse(fs.readFileSync(path.join(repoRoot, 'competitions', `${SLUG}.json`), 'utf8'))
  definition.judging.rounds = definition.judging.rounds.filter((r: { id: string }) => r.id === ROUND)
  fs.writeFileSync(path.join(dir, 'competitions', `${SLUG}.json`), JSON.stringify(definition, null, 2))
  return dir
}

const database = () => new Database(path.join(server.dataDir, 'kabu.db'))

/** A fresh account straight in this server's database (sign-up has its own tests). */
async function account(phone: string, moneyFen = 0) {
  const db = database()
  try {
    db.prepare(
      `insert into users (account, password_hash, username, money_fen, integral, created_at)
       values (?, ?, ?, ?, 0, ?)`,
    ).run(
      phone,
      await hashPassword(PASSWORD),
      `评审旅程${phone.slice(-3)}`,
      moneyFen,
      new Date().toISOString(),
    )
  } finally {
    db.close()
  }
  return phone
}

async function tokenOf(page: Page, who: string, password = PASSWORD): Promise<string> {
  const res = await page.request.post('/api/login', { data: { account: who, password, logInSource: 2 } })
  return ((await res.json()) as { data: { token: string } }).data.token
}

const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

/** An entrant registers, adds one complete work, pays the fee from the balance and confirms it. */
async function enter(phone: string, worksName: string) {
  const { page, errors } = await openPage(browser, 1366, origin)
  await signIn(page, await account(phone, 50_000), PASSWORD)
  await registerEntry(page, SLUG)
  await addCompleteWork(page, SLUG, '产品设计', files, worksName)
  await page.waitForURL((url) => url.pathname === `/${SLUG}/pay`)
  await page.getByText('余额支付', { exact: true }).click()
  await page.getByTestId('pay-submit').click()
  await page.getByTestId('pay-confirm').getByRole('button', { name: '确定' }).click()
  await page.waitForURL((url) => url.pathname === `/${SLUG}/base/works/manage`)
  await page.getByTestId('finalise').click()
  await page.getByTestId('finalise-confirm').getByRole('button', { name: '确认提交' }).click()
  await page.getByTestId('finalised-note').waitFor()
  expect(errors).toEqual([])
  await page.context().close()
}

beforeAll(async () => {
  server = await startChildServer({
    STATIC_DIR: path.join(repoRoot, 'dist'),
    DEFINITIONS_ROOT: journeyDefinitions(),
    RENDER_LIMIT: '100000',
  })
  origin = `http://127.0.0.1:${server.port}`
  // The demo judges hold competition 101 too; this journey's panel is the three judges it grants.
  const db = database()
  try {
    db.prepare(`delete from staff_roles where role = 'judge' and competition_id = ?`).run(COMPETITION)
  } finally {
    db.close()
  }
  browser = await launch()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  await server?.cleanup()
})

describe('a competition from entries to published results', () => {
  const works = new Map<string, string>([
    [WINNER, '折叠式桌面台灯'],
    [OTHERS[0]!, '城市共享座椅'],
    [OTHERS[1]!, '适老智能药盒'],
  ])

  /** Whether the judge who declared the conflict then scored the winner's work (10 on every criterion). */
  let winnerWork = false

  it('three entrants enter and confirm their entries', async () => {
    for (const [phone, name] of works) await enter(phone, name)
    const db = database()
    try {
      const { n } = db
        .prepare(
          'select count(*) as n from competition_registrations where competition_id = ? and finalised_at is not null',
        )
        .get(COMPETITION) as { n: number }
      expect(n).toBe(3)
    } finally {
      db.close()
    }
  }, 300_000)

  it('the admin grants three judges in the console and runs the assignment', async () => {
    for (const judge of JUDGES) await account(judge)
    const { page, errors } = await openPage(browser, 1366, origin)
    await signIn(page, ADMIN.account, ADMIN.password)
    await page.goto('/manage/staff')
    for (const judge of JUDGES) {
      await page.getByPlaceholder('手机号或邮箱').fill(judge)
      await page.locator('select[name=role]').selectOption('judge')
      await page.locator('select[name=competitionId]').selectOption(String(COMPETITION))
      await page.getByRole('button', { name: '授予', exact: true }).click()
      await expect.poll(() => page.locator('main').textContent()).toContain(judge)
    }
    // 评审分配: the three judges listed for 初评, then 分配评审 with its confirmation.
    await page.goto(`/manage/judging?competitionId=${COMPETITION}`)
    const round = page.locator(`[data-testid=judging-round][data-round-id=${ROUND}]`)
    await round.waitFor()
    for (const judge of JUDGES)
      await expect.poll(() => round.getByTestId(`judging-judges-${ROUND}`).textContent()).toContain(judge)
    await round.getByTestId('judging-assign').click()
    await page.getByTestId('judging-assign-confirm').click()
    await expect
      .poll(() => round.getByTestId('judging-assign-result').textContent())
      .toMatch(/已分配 6 份评审（作品 3 件，评委 3 位）/)
    expect(errors).toEqual([])
  }, 120_000)

  it('the judges score every entry; one declares a conflict and the entry goes to another judge', async () => {
    // The first judge declares a conflict on one entry in the browser, then scores one there.
    const { page, errors } = await openPage(browser, 1366, origin)
    await signIn(page, JUDGES[0]!, PASSWORD)
    await page.goto(`/judge/round?competitionId=${COMPETITION}&roundId=${ROUND}`)
    const table = page.getByTestId('judge-entries-table')
    await table.waitFor()
    const before = await table.getByRole('link', { name: '评审' }).count()
    expect(before).toBe(2)
    await table.getByRole('link', { name: '评审' }).first().click()
    await page.getByTestId('judge-sheet').waitFor()
    await page.getByRole('button', { name: '声明回避' }).click()
    await page.getByPlaceholder('如：参赛者是我指导的学生').fill('作品作者是我指导的学生')
    await page.getByRole('button', { name: '确认回避' }).click()
    await page.waitForURL((url) => url.pathname === '/judge/round')
    await table.waitFor()
    await expect.poll(() => table.getByRole('link', { name: '评审' }).count()).toBe(1)
    await table.getByRole('link', { name: '评审' }).first().click()
    await page.getByTestId('judge-sheet').waitFor()
    const title = (await page.getByTestId('judge-entry-title').textContent()) ?? ''
    winnerWork = title.includes(works.get(WINNER)!)
    const high = winnerWork ? '10' : '6'
    for (const id of ['innovation', 'function', 'aesthetics', 'feasibility'])
      await page.fill(`#root_${id}`, high)
    await page.fill('#root_comment', '结构清晰，细节完成度高。')
    await page.getByRole('button', { name: '提交评分' }).click()
    await page.getByTestId('judge-sheet').getByText('已提交', { exact: true }).waitFor()
    expect(errors).toEqual([])

    // The other judges submit theirs through the same API the sheet form calls.
    for (const judge of JUDGES.slice(1)) {
      const token = await tokenOf(page, judge)
      const mine = (await (
        await page.request.get(`/api/judge/entries?competitionId=${COMPETITION}&roundId=${ROUND}`, {
          headers: { authorization: token },
        })
      ).json()) as { data: Array<{ workId: number; worksName: string }> }
      for (const entry of mine.data) {
        const score =
          entry.worksName === works.get(WINNER) ? 9 : entry.worksName === works.get(OTHERS[0]!) ? 7 : 5
        const saved = await page.request.post('/api/judge/sheet', {
          headers: { authorization: token },
          data: {
            competitionId: COMPETITION,
            roundId: ROUND,
            workId: entry.workId,
            values: {
              innovation: score,
              function: score,
              aesthetics: score,
              feasibility: score,
              comment: `评委意见：${entry.worksName}的完成度${score >= 9 ? '很高' : '尚可'}。`,
            },
            submit: true,
          },
        })
        expect(((await saved.json()) as { code: number }).code).toBe(200)
      }
    }
    // Every entry has two submitted sheets, none from a judge who declared a conflict on it.
    const db = database()
    try {
      const rows = db
        .prepare(
          `select work_id, count(*) as n from judging_sheets
           where competition_id = ? and round_id = ? and submitted = 1 group by work_id`,
        )
        .all(COMPETITION, ROUND) as Array<{ n: number }>
      expect(rows.map((r) => r.n)).toEqual([2, 2, 2])
      const conflicted = db
        .prepare(
          `select count(*) as n from judging_sheets s join judging_conflicts c
             on c.work_id = s.work_id and c.judge_id = s.judge_id`,
        )
        .get() as { n: number }
      expect(conflicted.n).toBe(0)
    } finally {
      db.close()
    }
  }, 180_000)

  it('the organiser reviews the leaderboard, confirms the awards and publishes; every entrant is told', async () => {
    const { page, errors } = await openPage(browser, 1366, origin)
    await signIn(page, ADMIN.account, ADMIN.password)
    await page.goto('/manage')
    await page
      .locator(`[data-testid=manage-competition][data-competition-id="${COMPETITION}"]`)
      .getByTestId('manage-results-link')
      .click()
    await page.getByTestId('manage-results').waitFor()
    expect(await page.getByTestId('round-done').textContent()).toBe('评审已完成')
    const rows = page
      .locator('[data-testid=leaderboard-range][data-range=product]')
      .getByTestId('leaderboard-table')
      .locator('tbody tr')
    await expect.poll(() => rows.count()).toBe(3)
    // The winner's two sheets (9 on every criterion, and 10 from the first judge if it had the work)
    // put it first: the mean of the two weighted sheets.
    expect(await rows.nth(0).textContent()).toContain(works.get(WINNER))
    expect(await rows.nth(0).getByTestId('entry-result').textContent()).toBe(winnerWork ? '95' : '90')
    await page.screenshot({ path: '/tmp/kabu-journey-leaderboard-1366.png', fullPage: true })

    // The suggestion (金奖 1, 银奖 2 in the range) is confirmed as it stands, then published now.
    await page.getByTestId('awards-confirm').click()
    await page.getByTestId('awards-dialog-confirm').click()
    await page.getByTestId('awards-dialog').waitFor({ state: 'detached' })
    await page.locator('[data-testid=publish-now]:not([disabled])').waitFor()
    await page.getByTestId('publish-now').click()
    await page.getByTestId('publish-dialog-confirm').click()
    await page.locator('[data-testid=publication-status][data-status=published]').waitFor()
    expect(errors).toEqual([])

    const db = database()
    try {
      const told = (phone: string) =>
        db.prepare('select body from sms_outbox where phone = ? order by id').all(phone) as Array<{
          body: string
        }>
      expect(told(WINNER).filter((m) => m.body.includes('评审结果已公布'))).toHaveLength(1)
      expect(told(WINNER).at(-1)!.body).toContain('恭喜您的作品获得金奖')
      for (const phone of OTHERS) expect(told(phone).at(-1)!.body).toContain('获得银奖')
    } finally {
      db.close()
    }
  }, 120_000)

  it('the winner sees the award, downloads the certificate and has it posted; the organiser ships it', async () => {
    const { page, errors } = await openPage(browser, 1366, origin)
    await signIn(page, WINNER, PASSWORD)
    // A certificate names the verified person: the winner verifies their real name first.
    await verifyRealName(page.request, WINNER, PASSWORD, '林一帆', testIdentity(511))
    const token = await tokenOf(page, WINNER)
    const address = await page.request.post('/api/address/insert', {
      headers: { authorization: token },
      data: { userName: '林一帆', phone: WINNER, cityId: '320505', address: '青石路 1 号（演示地址）' },
    })
    expect(((await address.json()) as { code: number }).code).toBe(200)

    await page.goto('/mine?change=Competition')
    const mine = page.locator(`[data-testid=my-competition][data-competition-id="${COMPETITION}"]`)
    await mine.getByTestId('my-result').waitFor()
    expect(await mine.getByTestId('my-result-award').textContent()).toBe('金奖')
    expect(await mine.getByTestId('my-result').textContent()).toMatch(/类别排名第 1 名（共 3 件）/)
    // 初评 does not share its comments: none reach the entrant.
    expect(await mine.getByTestId('my-result-comments').count()).toBe(0)
    await page.screenshot({ path: '/tmp/kabu-journey-mine-1366.png', fullPage: true })

    const card = page.getByTestId('competition-certificate')
    await card.waitFor()
    const number = (await card.getByTestId('certificate-number').textContent()) as string
    const href = (await card.getByTestId('certificate-pdf').getAttribute('href')) as string
    const pdf = await page.request.get(href)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    const { text, qr } = await readCertificatePdf(await pdf.body())
    const flat = text.replace(/\s+/g, '')
    for (const expected of ['金奖', '林一帆', '周小禾', '陈老师', works.get(WINNER)!, number])
      expect(flat).toContain(expected)
    expect(qr).toMatch(new RegExp(`/cert/verify\\?number=${number}$`))

    await card.getByTestId('certificate-post-request').click()
    const status = card.getByTestId('certificate-post-status')
    await expect.poll(() => status.textContent()).toBe('已申请，待付邮费')
    await card.getByTestId('certificate-postage-pay').click()
    await page.getByTestId('pay-submit').click()
    await page.getByTestId('pay-confirm').getByRole('button', { name: '确定' }).click()
    await expect.poll(() => status.textContent()).toBe('待寄出')

    // The organiser ships it from 证书邮寄 with a tracking number; the entrant sees it.
    const staff = await openPage(browser, 375, origin)
    await signIn(staff.page, ADMIN.account, ADMIN.password)
    await staff.page.goto(`/manage/certificate-posts?competitionId=${COMPETITION}`)
    const post = staff.page.getByTestId('posts-table-cards').locator('li').filter({ hasText: WINNER })
    await post.waitFor()
    await post.getByTestId('post-ship').click()
    const ship = staff.page.getByTestId('post-ship-dialog')
    await ship.getByRole('textbox', { name: '承运商' }).fill('顺丰速运')
    await ship.getByRole('textbox', { name: '运单号' }).fill('SF2026112788')
    await ship.getByTestId('post-ship-confirm').click()
    await ship.waitFor({ state: 'detached' })
    await expect.poll(() => post.getByTestId('post-status').textContent()).toBe('已寄出')
    expect(await noSideScroll(staff.page)).toBe(true)
    await page.reload()
    await card.waitFor()
    await expect.poll(() => status.textContent()).toBe('已寄出')
    expect(await card.getByTestId('certificate-post-tracking').textContent()).toContain('SF2026112788')
    expect(errors).toEqual([])
    expect(staff.errors).toEqual([])
  }, 180_000)

  it('the public results page shows the winners, linked from the index and /events/index', async () => {
    for (const width of [1366, 375]) {
      const { page, errors } = await openPage(browser, width, origin)
      await page.goto(`/${SLUG}/index`)
      await page.getByTestId('results-notice').getByRole('link', { name: '查看获奖名单' }).click()
      await page.waitForURL((url) => url.pathname === `/${SLUG}/results`)
      const gold = page.locator('[data-testid=results-award][data-award=gold]')
      await gold.waitFor()
      expect(await gold.getByTestId('results-winner').textContent()).toContain(works.get(WINNER))
      const silver = page.locator('[data-testid=results-award][data-award=silver]')
      expect(await silver.getByTestId('results-winner').count()).toBe(2)
      // The winner's cover is public now, and loads for a visitor.
      const cover = gold.getByTestId('work-cover').first()
      await cover.scrollIntoViewIfNeeded()
      await expect
        .poll(() => cover.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
        .toBeGreaterThan(0)
      expect(await noSideScroll(page)).toBe(true)
      await page.screenshot({ path: `/tmp/kabu-journey-results-${width}.png`, fullPage: true })
      expect(errors).toEqual([])
    }
    const { page } = await openPage(browser, 1366, origin)
    const html = await (await page.request.get(`/${SLUG}/results`)).text()
    expect(html).toContain(works.get(WINNER))
    expect(html).toMatch(/<meta property="og:title" content="[^"]*获奖名单/)
    await page.goto('/events/index')
    const link = page.getByTestId('hub-results-link').first()
    await link.waitFor()
    expect(await link.getAttribute('href')).toBe(`/${SLUG}/results`)
  }, 120_000)

  it('the organiser exports the XLSX and the ZIP from the console; both read back', async () => {
    const { page, errors } = await openPage(browser, 1366, origin)
    await signIn(page, ADMIN.account, ADMIN.password)
    await page.goto('/manage')
    const card = page.locator(`[data-testid=manage-competition][data-competition-id="${COMPETITION}"]`)
    // Asked for with its button, made in the background (the row shows 排队中 / 生成中), then 下载.
    const download = async (name: string, kind: string) => {
      await card.getByRole('button', { name }).click()
      const row = card.locator(`[data-testid=export-file][data-kind="${kind}"]`).first()
      await row.locator('[data-testid=export-status]').waitFor()
      await card
        .locator(`[data-testid=export-file][data-kind="${kind}"][data-status=ready]`)
        .first()
        .waitFor()
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        card
          .locator(`[data-testid=export-file][data-kind="${kind}"][data-status=ready]`)
          .first()
          .getByTestId('export-download')
          .click(),
      ])
      return (await file.path()) as string
    }

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(await download('导出报名表（XLSX）', 'entries.xlsx'))
    const sheet = workbook.getWorksheet('产品设计')!
    const names: string[] = []
    sheet.eachRow((row) => names.push(String(row.values)))
    for (const name of works.values()) expect(names.join('\n')).toContain(name)

    const zip = unzipSync(new Uint8Array(fs.readFileSync(await download('导出作品文件（ZIP）', 'works.zip'))))
    const manifest = new TextDecoder()
      .decode(zip['manifest.csv'])
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    const lines = manifest.slice(1).map((line) => line.split(',').map((cell) => cell.replace(/^"|"$/g, '')))
    // Every entrant's board and proof are in it, each matching its SHA-256.
    expect(lines.length).toBeGreaterThanOrEqual(works.size * 2)
    for (const [file, , , , , , size, sha, state] of lines) {
      expect(state).toBe('已打包')
      const bytes = zip[file!]!
      expect(bytes.length).toBe(Number(size))
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha)
    }
    expect(errors).toEqual([])
  }, 120_000)
})
