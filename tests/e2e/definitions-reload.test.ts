import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newDefinitionsRoot, repo, type Server, started } from '../support/definition-servers.ts'
import { tempDir } from '../support/temp-dir.ts'
import { launch, openPage, signIn } from './page.ts'

/**
 * Issue 34 item 1, in the browser: an admin saves a new event file and presses 重新读取定义文件 in the
 * console; with no restart and no rebuild the events hub shows its card, and the card opens the page.
 * A broken file refuses the whole reload, listing the file, the place and the reason, and the site
 * goes on with what it had. (Two instances and PostgreSQL: tests/server/definitions-reload.test.ts.)
 */
const ADMIN = '13800000001'
const EVENT_PATH = '/events/reloadFixtureSalon'
const TITLE = '重新读取测试沙龙（示例）'
const definitions = newDefinitionsRoot()
const dataDir = tempDir('reload-data')
let server: Server
let browser: Browser

beforeAll(async () => {
  const env = { SEED_DEMO: '1', ALLOW_DEMO_DATA: '1' }
  server = await started(definitions, dataDir, env)
  // An admin, as staff make one (README "Staff roles").
  await promisify(execFile)(process.execPath, ['server/grant-cli.ts', ADMIN, 'admin'], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', DEFINITIONS_ROOT: definitions, ...env },
  })
  browser = await launch()
}, 120_000)
afterAll(async () => {
  await server?.stop()
  await browser?.close()
  for (const dir of [definitions, dataDir]) fs.rmSync(dir, { recursive: true, force: true })
})

describe('重新读取定义文件 in the console', () => {
  it('puts a new event on the hub and at its path at once, with no restart or rebuild', {
    timeout: 120_000,
  }, async () => {
    const { page, errors } = await openPage(browser, 1366, server.url)
    await signIn(page, ADMIN)
    const event = {
      ...JSON.parse(fs.readFileSync(path.join(repo, 'events/designSalon2025.json'), 'utf8')),
      path: EVENT_PATH,
      title: TITLE,
    }
    fs.writeFileSync(
      path.join(definitions, 'events', 'reloadFixtureSalon.json'),
      JSON.stringify(event, null, 2),
    )
    // Saved is not yet live.
    await page.goto('/events/index')
    await expect.poll(() => page.locator('main').textContent()).toContain('活动')
    expect(await page.getByRole('link', { name: new RegExp(TITLE) }).count()).toBe(0)

    await page.goto('/manage/definitions')
    await page.getByTestId('definitions-reload').click()
    await expect
      .poll(() => page.getByTestId('definitions-reloaded').textContent())
      .toMatch(/已重新读取：\d+ 个赛事、\d+ 个活动页、\d+ 个专题页/)
    // The history names who did it, from where.
    await expect
      .poll(() => page.getByTestId('definition-reloads').first().textContent())
      .toContain('管理后台')

    await page.goto('/events/index')
    await page
      .getByRole('link', { name: new RegExp(TITLE) })
      .first()
      .click()
    await page.waitForURL((url) => url.pathname === `${EVENT_PATH}/index`)
    await expect.poll(() => page.locator('main').textContent()).toContain(TITLE)
    expect(errors).toEqual([])
  })

  it('refuses the whole reload when a file is broken, naming it, and the site keeps what it had', {
    timeout: 120_000,
  }, async () => {
    const { page, errors } = await openPage(browser, 375, server.url)
    await signIn(page, ADMIN)
    const broken = path.join(definitions, 'events', 'brokenFixtureSalon.json')
    fs.writeFileSync(broken, '{ "title": "缺少结尾的文件" ')
    const alsoNew = path.join(definitions, 'events', 'notYetSalon.json')
    fs.writeFileSync(
      alsoNew,
      JSON.stringify({
        ...JSON.parse(fs.readFileSync(path.join(repo, 'events/designSalon2025.json'), 'utf8')),
        path: '/events/notYetSalon',
        title: '不应上线的沙龙（示例）',
      }),
    )
    await page.goto('/manage/definitions')
    await page.getByTestId('definitions-reload').click()
    const problems = page.getByTestId('definitions-refused')
    await expect.poll(() => problems.textContent()).toContain('events/brokenFixtureSalon.json')
    expect(await problems.textContent()).toContain('本次没有重新读取')
    // At 375 px the problems are cards, and nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    const hub = await (await fetch(`${server.url}/api/events/hub`)).text()
    expect(hub).toContain(TITLE)
    expect(hub).not.toContain('不应上线的沙龙')
    fs.rmSync(broken)
    fs.rmSync(alsoNew)
    expect(errors).toEqual([])
  })
})
