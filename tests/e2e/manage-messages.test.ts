import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatBeijing } from '../../schemas/beijing-time.ts'
import { accessibilityFindings, describeFindings } from './axe.ts'
import { entryWithWork, newEntrant } from './entrants.ts'
import { e2eDataDir, launch, openPage, signIn } from './page.ts'

/**
 * Messages to entrants from the console (issue 32 item 6) in Chromium against the built portal: the
 * demo admin composes a message from the competition's card, previews the count and the exact text,
 * confirms with the count, and the entrant reads it in 我的赛事. The screen at 1366 and 375 px is saved
 * as /tmp/kabu-screens/manage-messages-<width>.png (looked at by hand). The competition is one no other
 * e2e file enters, so the message reaches this file's entrant only.
 */
let browser: Browser
const PASSWORD = 'Entrant2026!'
const ADMIN = '13800000010'
const DEMO_PASSWORD = 'Kabu2026!'
const SLUG = 'zcckMakerCompetition'
const SCREENS = '/tmp/kabu-screens'
const SUBJECT = '作品实物寄送安排'
const TEXT = '入围作品的实物请于 10 月 20 日前寄到组委会，地址见大赛官网通知。'

const db = () => new Database(path.join(e2eDataDir(), 'kabu.db'))
const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)

let competitionId = 0
let title = ''
let entrant = ''

beforeAll(async () => {
  browser = await launch()
  fs.mkdirSync(SCREENS, { recursive: true })
  entrant = await newEntrant('13700000631', PASSWORD)
  const workId = entryWithWork(entrant, SLUG)
  const d = db()
  try {
    d.prepare(
      `update competition_registrations set finalised_at = ?
       where id = (select registration_id from competition_works where id = ?)`,
    ).run(new Date().toISOString(), workId)
    ;({ id: competitionId, title } = d
      .prepare('select id, title from competitions where slug = ?')
      .get(SLUG) as {
      id: number
      title: string
    })
  } finally {
    d.close()
  }
})
afterAll(() => browser.close())

/** Fills the composer and asks for the preview; answers the preview's box. */
async function compose(page: Page) {
  const composer = page.getByTestId('message-composer')
  await composer.waitFor()
  await composer.getByRole('combobox', { name: '收件范围' }).selectOption('submitted')
  await composer.getByRole('textbox', { name: '邮件主题（选填）' }).fill(SUBJECT)
  await composer.getByRole('textbox', { name: '正文' }).fill(TEXT)
  await composer.getByTestId('message-preview').click()
  const preview = page.getByTestId('message-preview-result')
  await preview.waitFor()
  return preview
}

describe('messages to entrants in the browser', () => {
  it('the admin composes, previews and confirms with the count; the entrant reads it in 我的赛事', async () => {
    const { page, errors } = await openPage(browser, 1366)
    await signIn(page, ADMIN, DEMO_PASSWORD)
    await page.goto('/manage')
    const card = page.locator(`[data-testid=manage-competition][data-competition-id="${competitionId}"]`)
    await card.getByTestId('manage-messages-link').click()
    await page.waitForURL((url) => url.pathname === '/manage/messages')
    const preview = await compose(page)
    expect(await preview.getByTestId('message-recipients').textContent()).toBe(
      '将发送给 1 位参赛者（已确认提交）',
    )
    expect(await preview.getByTestId('message-sms-text').textContent()).toBe(
      `【咖簿网】“${title}”组委会：${TEXT}`,
    )
    expect(await preview.textContent()).toContain(`邮件主题：${title}：${SUBJECT}`)
    expect(await noSideScroll(page)).toBe(true)
    const findings = await accessibilityFindings(page, '[data-testid=manage]')
    expect(findings, describeFindings(findings, '/manage/messages')).toEqual([])
    await page.screenshot({ path: `${SCREENS}/manage-messages-1366.png`, fullPage: true })

    // Nothing is sent before the confirmation, which repeats the count.
    await preview.getByTestId('message-send').click()
    const dialog = page.getByTestId('message-confirm')
    expect(await dialog.textContent()).toContain('确认发送给 1 位参赛者？')
    const outbox = () => {
      const d = db()
      try {
        return d.prepare('select body from sms_outbox where phone = ?').all(entrant) as Array<{
          body: string
        }>
      } finally {
        d.close()
      }
    }
    expect(outbox()).toEqual([])
    await dialog.getByTestId('message-confirm-confirm').click()
    await dialog.waitFor({ state: 'detached' })
    await page.getByText('已发送给 1 位参赛者').first().waitFor()
    expect(outbox()).toEqual([{ body: `【咖簿网】“${title}”组委会：${TEXT}` }])
    const sent = page.getByTestId('sent-messages')
    await sent.waitFor()
    expect(await sent.textContent()).toContain(TEXT)
    expect(errors).toEqual([])

    // On a phone: the same screen, composed and previewed, without sideways scroll.
    const phone = await openPage(browser, 375)
    await signIn(phone.page, ADMIN, DEMO_PASSWORD)
    await phone.page.goto(`/manage/messages?competitionId=${competitionId}`)
    await compose(phone.page)
    await phone.page.getByTestId('sent-messages-cards').waitFor()
    expect(await noSideScroll(phone.page)).toBe(true)
    await phone.page.screenshot({ path: `${SCREENS}/manage-messages-375.png`, fullPage: true })
    expect(phone.errors).toEqual([])

    // The entrant, on a phone: under their entry, with the time in Beijing time.
    const mine = await openPage(browser, 375)
    await signIn(mine.page, entrant, PASSWORD)
    await mine.page.goto('/mine?change=Competition')
    const entry = mine.page.locator(`[data-testid=my-competition][data-competition-id="${competitionId}"]`)
    const message = entry.getByTestId('my-competition-messages')
    await message.waitFor()
    expect(await message.getByTestId('my-competition-message').textContent()).toBe(TEXT)
    const d = db()
    const { sentAt } = d
      .prepare('select sent_at as sentAt from entrant_messages order by id desc limit 1')
      .get() as {
      sentAt: string
    }
    d.close()
    expect(await message.textContent()).toContain(`${formatBeijing(Date.parse(sentAt))} · ${SUBJECT}`)
    expect(await noSideScroll(mine.page)).toBe(true)
    await mine.page.screenshot({ path: `${SCREENS}/mine-messages-375.png`, fullPage: true })
    expect(mine.errors).toEqual([])
  }, 180_000)
})
