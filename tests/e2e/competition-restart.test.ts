import fs from 'node:fs'
import path from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newDefinitionsRoot, repo, type Server, started, startServer } from '../support/definition-servers.ts'
import { tempDir } from '../support/temp-dir.ts'
import { launch, openPage } from './page.ts'

/**
 * A competition is a file: copied into competitions/ of the server's DEFINITIONS_ROOT, it is served at
 * its routes after a restart, with no rebuild; a broken one stops the server from starting, saying
 * which file and field. So is an event (issue 34 item 1: a new event path needed a rebuild, and its
 * hub card led to a 404 until then). These start their own production servers (the dist/ build) on a
 * temporary definitions root, a copy of the repository's competitions/, events/ and landing-pages/
 * with its public/.
 */
/** Written from `node scripts/new-competition.ts`'s template, with the template's images under public/. */
const FIXTURE = path.join(repo, 'tests/fixtures/competitions/restart-fixture.json')
const SLUG = 'restartFixtureCompetition'
const fixture = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { title: string; competitionId: number }

const roots: string[] = []
const running: Server[] = []
let browser: Browser
beforeAll(async () => {
  browser = await launch()
})
afterAll(async () => {
  await Promise.all(running.map((s) => s.stop()))
  await browser.close()
  for (const dir of roots) fs.rmSync(dir, { recursive: true, force: true })
})

function track<T extends string>(dir: T): T {
  roots.push(dir)
  return dir
}

describe('competitions/ read at the server’s start', () => {
  it('a fixture definition copied into competitions/ appears at its routes after restart', {
    timeout: 150_000,
  }, async () => {
    const definitions = track(newDefinitionsRoot())
    const dataDir = track(tempDir('restart-data'))
    const existing = fs.readdirSync(path.join(definitions, 'competitions'))
    expect(existing).not.toContain(`${SLUG}.json`)

    let server = await started(definitions, dataDir)
    running.push(server)
    const notThere = async () => {
      const index = await fetch(`${server.url}/${SLUG}/index`, { redirect: 'manual' })
      expect(index.status, 'a redirect').toBeGreaterThanOrEqual(300)
      expect(index.status).toBeLessThan(400)
      expect(new URL(index.headers.get('location') ?? '', server.url).pathname).toBe('/404')
    }
    await notThere()

    // Copied in while the server runs: production does not see it until it restarts.
    fs.copyFileSync(FIXTURE, path.join(definitions, 'competitions', `${SLUG}.json`))
    await notThere()
    await server.stop()
    running.splice(running.indexOf(server), 1)

    server = await started(definitions, dataDir)
    running.push(server)
    // Server-rendered: the HTML already holds the title, before any script runs.
    const index = await fetch(`${server.url}/${SLUG}/index`, { redirect: 'manual' })
    expect(index.status).toBe(200)
    const html = await index.text()
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain(fixture.title)
    expect(/<div id="root">([\s\S]*)$/.exec(html)?.[1]).toContain(fixture.title)
    const api = await fetch(`${server.url}/api/competition/definition/${SLUG}`)
    expect(JSON.stringify(await api.json())).toContain(`"competitionId":${fixture.competitionId}`)

    const { page, errors } = await openPage(browser, 1280, server.url)
    await page.goto(`/${SLUG}/index`)
    expect(new URL(page.url()).pathname).toBe(`/${SLUG}/index`)
    await expect.poll(() => page.locator('main').textContent()).toContain(fixture.title)
    await page.goto(`/${SLUG}/base`)
    await page.waitForURL((url) => url.pathname === '/login')
    expect(new URL(page.url()).searchParams.get('return_url')).toBe(`/${SLUG}/base`)
    expect(errors).toEqual([])

    await server.stop()
    running.splice(running.indexOf(server), 1)
  })

  it('a broken definition (an unknown api) stops the server from starting, naming the file and the field', {
    timeout: 60_000,
  }, async () => {
    const definitions = track(newDefinitionsRoot())
    const dataDir = track(tempDir('restart-data'))
    const broken = {
      ...JSON.parse(fs.readFileSync(FIXTURE, 'utf8')),
      competitionId: fixture.competitionId + 1,
      api: 'no-such-api',
    }
    fs.writeFileSync(
      path.join(definitions, 'competitions', 'brokenApiFixture.json'),
      JSON.stringify(broken, null, 2),
    )

    const result = await startServer(definitions, dataDir)
    if (result.ok) {
      running.push(result.server)
      throw new Error('the server started with a broken definition')
    }
    expect(result.code).not.toBe(0)
    // definitions/core/json-file.ts formatError: file, field path, message.
    expect(result.output).toContain('competitions/brokenApiFixture.json  api  未知的接口“no-such-api”')
    expect(result.output).toContain('npm run check:definitions')
  })
})

describe('events/ read at the server’s start', () => {
  it('an event file added to events/ is served at its path after a restart, with no rebuild: rendered on the server, reached from its hub card', {
    timeout: 150_000,
  }, async () => {
    const definitions = track(newDefinitionsRoot())
    const dataDir = track(tempDir('restart-data'))
    const EVENT_PATH = '/events/restartFixtureSalon'
    const TITLE = '重启测试沙龙（示例）'
    const event = {
      ...JSON.parse(fs.readFileSync(path.join(repo, 'events/designSalon2025.json'), 'utf8')),
      path: EVENT_PATH,
      title: TITLE,
    }
    let server = await started(definitions, dataDir)
    running.push(server)
    const eventApi = async () =>
      (await (await fetch(`${server.url}/api/events/page/restartFixtureSalon`)).json()) as { code: number }
    expect((await eventApi()).code).toBe(404)

    fs.writeFileSync(
      path.join(definitions, 'events', 'restartFixtureSalon.json'),
      JSON.stringify(event, null, 2),
    )
    await server.stop()
    running.splice(running.indexOf(server), 1)
    server = await started(definitions, dataDir)
    running.push(server)

    // Server-rendered at its path: the page's route comes from events/ as this server read it. Asked
    // again while the new server's threads still load the renderer (a loaded machine gets the shell).
    let html = ''
    for (let tries = 0; tries < 20 && !html.includes(`${TITLE} - `); tries++) {
      const index = await fetch(`${server.url}${EVENT_PATH}/index`, { redirect: 'manual' })
      expect(index.status).toBe(200)
      html = await index.text()
    }
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toContain(TITLE)
    expect(/<div id="root">([\s\S]*)$/.exec(html)?.[1]).toContain(TITLE)
    expect((await eventApi()).code).toBe(200)

    // In the browser: the hub's card leads to the page, routed by the SPA with no 404 on the way.
    const { page, errors } = await openPage(browser, 1280, server.url)
    await page.goto('/events/index')
    await page
      .getByRole('link', { name: new RegExp(TITLE) })
      .first()
      .click()
    await page.waitForURL((url) => url.pathname === `${EVENT_PATH}/index`)
    await expect.poll(() => page.locator('main').textContent()).toContain(TITLE)
    // Its form's page too, opened directly (rendered in the browser from the shell).
    await page.goto(`${EVENT_PATH}/submit`)
    await page.waitForURL((url) => url.pathname === `${EVENT_PATH}/submit`)
    expect(errors).toEqual([])

    await server.stop()
    running.splice(running.indexOf(server), 1)
  })
})
