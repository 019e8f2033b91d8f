import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EVENT_ROUTES_ELEMENT_ID } from '../../definitions/events/route-table.ts'
import { EVENTS_API } from '../../schemas/api/events.ts'
import { formatBeijing } from '../../schemas/beijing-time.ts'
import { grantRole } from '../../server/services/staff/roles.ts'
import { apiOf } from '../support/api-client.ts'
import { appOn } from '../support/app-on.ts'
import { definitionsRoot, FIXTURE_IDS, fixture, writeDefinition } from '../support/competitions.ts'
import { eventFixture, OPEN_EVENT, writeEvent } from '../support/events.ts'
import { tempDir } from '../support/temp-dir.ts'
import { createTestApp, DEMO } from '../support/test-app.ts'
import { onPostgres } from '../support/test-database.ts'
import { insertUser } from '../support/users.ts'

/**
 * Issue 34 item 1: definition files live without a restart or a rebuild (README "定义文件的重新读取").
 * Two instances on one database (one SQLite file, or one PostgreSQL database) and one DEFINITIONS_ROOT:
 * a reload asked for on A — the console's button, or `npm run definitions:reload` — is in service on A
 * when it answers and on B within the watcher's bound; a reload with any failing file changes nothing
 * anywhere.
 */
const root = definitionsRoot()
const staticDir = tempDir('reload-static')
fs.writeFileSync(
  path.join(staticDir, 'index.html'),
  '<!doctype html><html><head><title>咖簿网</title></head><body><div id="root"></div></body></html>',
)
// A campaign page that shows a competition's registration close (definitions/core/bindings.ts).
fs.writeFileSync(
  path.join(root, 'landing-pages', 'dated.json'),
  JSON.stringify({
    $schema: './landing-page.schema.json',
    competition: 'fee-default',
    title: '报名提醒（示例）',
    description: '报名截止：{{phases.registrationCloses}}',
    sections: [{ type: 'hero', props: { title: '报名截止 {{phases.registrationCloses.date}}' } }],
  }),
)
const bDataDir = tempDir('reload-second')
let a: Awaited<ReturnType<typeof createTestApp>>
let b: FastifyInstance
let admin = ''
let organiser = ''

beforeAll(async () => {
  a = await createTestApp({ definitionsRoot: root, staticDir })
  b = await appOn({
    dataDir: onPostgres() ? bDataDir : a.dataDir,
    secretsDir: path.join(a.dataDir, 'secrets'),
    databaseUrl: a.databaseUrl,
    definitionsRoot: root,
    staticDir,
  })
  const api = apiOf(a.app)
  const k = a.app.db.kysely
  for (const [account, grant] of [
    ['13900003401', { role: 'admin' }],
    ['13900003402', { role: 'organiser', competitionId: FIXTURE_IDS['fee-default'] }],
  ] as const) {
    await insertUser(a.app, account, DEMO.password)
    const { id } = await k
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
    await grantRole(k, null, id, grant)
  }
  admin = await api.login('13900003401', DEMO.password)
  organiser = await api.login('13900003402', DEMO.password)
}, 120_000)
afterAll(async () => {
  await b?.close()
  await a?.close()
  for (const dir of [root, staticDir, bDataDir]) fs.rmSync(dir, { recursive: true, force: true })
})

const codeOf = async (app: FastifyInstance, url: string) => (await app.inject({ url })).json().code as number

/** What an instance serves of each new file: the event's data, the competition, the landing page. */
async function served(app: FastifyInstance, names: { event: string; competition: string; landing: string }) {
  const shell = await app.inject({ url: `/events/${names.event}` })
  return {
    event: await codeOf(app, `/api${EVENTS_API.page(names.event)}`),
    competition: await codeOf(app, `/api/competition/definition/${names.competition}`),
    landing: await codeOf(app, `/api/landing/${names.landing}`),
    // The route table every page carries names the event's path, so the SPA's router opens it.
    routed:
      shell.body.includes(`id="${EVENT_ROUTES_ELEMENT_ID}"`) && shell.body.includes(`/events/${names.event}`),
  }
}

const ALL_SERVED = { event: 200, competition: 200, landing: 200, routed: true }
const NONE_SERVED = { event: 404, competition: 404, landing: 404, routed: false }

/** Polls until `read` gives `want` (or fails with what it gave after `limitMs`). */
async function until<T>(read: () => Promise<T>, want: T, limitMs = 10_000): Promise<void> {
  const start = Date.now()
  let last: T = await read()
  while (JSON.stringify(last) !== JSON.stringify(want) && Date.now() - start < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    last = await read()
  }
  expect(last).toEqual(want)
}

/** New files of every kind, as staff save them. */
function addFiles(suffix: string, competitionId: number) {
  const names = {
    event: `late-event-${suffix}`,
    competition: `late-${suffix}`,
    landing: `late-landing-${suffix}`,
  }
  writeEvent(
    root,
    names.event,
    eventFixture({ path: `/events/${names.event}`, title: `新活动 ${suffix}（示例）` }),
  )
  writeDefinition(root, names.competition, fixture('qt2025', { competitionId }))
  fs.writeFileSync(
    path.join(root, 'landing-pages', `${names.landing}.json`),
    JSON.stringify({
      $schema: './landing-page.schema.json',
      title: `新专题 ${suffix}（示例）`,
      description: '重新读取测试用的专题页。',
      sections: [{ type: 'hero', props: { title: `新专题 ${suffix}` } }],
    }),
  )
  return names
}

const reload = (token: string) => apiOf(a.app).post('/api/manage/definitions/reload', {}, token)

describe('a reload from the console', () => {
  it('serves new competitions, events and landing pages on this instance at once and on the other within seconds', async () => {
    const names = addFiles('one', 9401)
    // Saved is not live: nothing changes until someone asks for the reload.
    expect(await served(a.app, names)).toEqual(NONE_SERVED)
    const answer = await reload(admin)
    expect(answer.code).toBe(200)
    expect(answer.data).toMatchObject({ reloaded: true, competitions: 4, problems: [] })
    expect(answer.data.events).toBeGreaterThanOrEqual(2)
    expect(await served(a.app, names)).toEqual(ALL_SERVED)
    await until(() => served(b, names), ALL_SERVED)
    // A new page whose share card nobody has drawn yet shares the site's card, not a missing file.
    const landing = (await a.app.inject({ url: `/api/landing/${names.landing}` })).json().data
    expect(landing.shareImage.src).toMatch(/^\/share\.jpg(\?v=[0-9a-f]{12})?$/)
    // The competition's row exists for registrations, and the reload is on record and in the audit trail.
    const k = a.app.db.kysely
    expect(
      await k.selectFrom('competitions').select('active').where('id', '=', 9401).executeTakeFirst(),
    ).toEqual({
      active: 1,
    })
    const records = (await apiOf(a.app).get('/api/manage/definitions/reloads', admin)).data
    expect(records[0]).toMatchObject({ source: 'console', requestedBy: '13900003401', competitions: 4 })
    const audit = await k
      .selectFrom('audit_log')
      .select(['action', 'target_type'])
      .where('action', '=', 'definitions.reload')
      .execute()
    expect(audit).toEqual([{ action: 'definitions.reload', target_type: 'definitions' }])
  })

  it('refuses the whole change when any file fails the check: nothing new on either instance', async () => {
    const names = addFiles('two', 9402)
    fs.writeFileSync(path.join(root, 'events', 'broken-event.json'), '{ "path": "/events/broken-event",')
    const before = await a.app.db.kysely.selectFrom('definition_reloads').select('id').execute()
    const answer = await reload(admin)
    expect(answer.code).toBe(200)
    expect(answer.msg).toMatch(/^定义文件有 \d+ 个问题，本次没有重新读取$/)
    expect(answer.data.reloaded).toBe(false)
    expect(answer.data.problems).toContainEqual(expect.objectContaining({ file: 'events/broken-event.json' }))
    // Nothing recorded, so no instance reads anything: the valid new files are not served either.
    expect(await a.app.db.kysely.selectFrom('definition_reloads').select('id').execute()).toEqual(before)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await served(a.app, names)).toEqual(NONE_SERVED)
    expect(await served(b, names)).toEqual(NONE_SERVED)
    fs.rmSync(path.join(root, 'events', 'broken-event.json'))
  })

  it('shows how each instance read it: one whose files were not updated, or fail the check, by name', async () => {
    // A third instance on the same database with its own copy of the files, as another server has.
    const ownRoot = tempDir('reload-stale')
    fs.cpSync(root, ownRoot, { recursive: true })
    const c = await appOn({
      dataDir: onPostgres() ? tempDir('reload-third') : a.dataDir,
      secretsDir: path.join(a.dataDir, 'secrets'),
      databaseUrl: a.databaseUrl,
      definitionsRoot: ownRoot,
    })
    try {
      const instancesOf = async () =>
        (
          (await apiOf(a.app).get('/api/manage/definitions/reloads', admin)).data[0].instances as Array<{
            state: string
            firstProblem: string | null
          }>
        )
          .map((i) => i.state)
          .sort()
      // Saved on this server only: the third reads its own, older copy.
      addFiles('stale', 9405)
      expect((await reload(admin)).data.reloaded).toBe(true)
      await until(instancesOf, ['different', 'same', 'same'])
      // Its copy broken: it keeps what it had, and says why.
      fs.writeFileSync(path.join(ownRoot, 'events', 'broken-copy.json'), '{')
      expect((await reload(admin)).data.reloaded).toBe(true)
      await until(instancesOf, ['failed', 'same', 'same'])
      const failed = (
        await apiOf(a.app).get('/api/manage/definitions/reloads', admin)
      ).data[0].instances.find((i: { state: string }) => i.state === 'failed')
      expect(failed.firstProblem).toContain('events/broken-copy.json')
    } finally {
      await c.close()
      fs.rmSync(ownRoot, { recursive: true, force: true })
    }
  })

  it('is for admins only', async () => {
    expect((await reload(organiser)).code).toBe(403)
    expect((await apiOf(a.app).get('/api/manage/definitions/reloads', organiser)).code).toBe(403)
    expect((await reload('')).code).toBe(403)
  })
})

describe('the console’s dates', () => {
  it('reach a landing page that binds them on both instances, with no reload', async () => {
    const description = async (app: FastifyInstance) =>
      (await app.inject({ url: '/api/landing/dated' })).json().data.description as string
    const before = await description(b)
    expect(before).toMatch(/^报名截止：\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}$/)
    const file = a.app.competitions.fileById(FIXTURE_IDS['fee-default'])!
    // A day later than the file says, in the file's own form.
    const later = new Date(Date.parse(file.phases.registrationCloses) + 86_400_000)
    const value = `${new Date(later.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`
    const set = await apiOf(a.app).post(
      '/api/manage/schedule',
      { competitionId: FIXTURE_IDS['fee-default'], field: 'phases.registrationCloses', value },
      organiser,
    )
    expect(set.code).toBe(200)
    const want = `报名截止：${formatBeijing(later)}`
    expect(want).not.toBe(before)
    await until(() => description(a.app), want)
    await until(() => description(b), want)
  })
})

describe('images under public/', () => {
  it('a replaced image is named by its new content hash on both instances, with no reload', async () => {
    const coverOf = async (app: FastifyInstance) =>
      (await app.inject({ url: `/api${EVENTS_API.page(OPEN_EVENT)}` })).json().data.cover.src as string
    const bytes = `JPEG-replaced-${Date.now()}`
    fs.writeFileSync(path.join(root, 'public/competition/cover.jpg'), bytes)
    const want = `/competition/cover.jpg?v=${createHash('sha256').update(bytes).digest('hex').slice(0, 12)}`
    await until(() => coverOf(a.app), want)
    await until(() => coverOf(b), want)
    const served = await b.inject({ url: want })
    expect(served.body).toBe(bytes)
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })
})

describe('npm run definitions:reload', () => {
  const run = promisify(execFile)
  const cli = (env: Record<string, string>) =>
    run(process.execPath, [path.resolve(import.meta.dirname, '../../server/definitions-reload-cli.ts')], {
      env: {
        ...process.env,
        DATA_DIR: a.dataDir,
        DATABASE_URL: a.databaseUrl ?? '',
        DEFINITIONS_ROOT: root,
        LOG_LEVEL: 'silent',
        ...env,
      },
    })

  it('checks, records and has every running instance read the files again', async () => {
    const names = addFiles('three', 9403)
    const { stdout } = await cli({})
    expect(stdout).toContain('已重新读取：7 个赛事')
    await until(() => served(a.app, names), ALL_SERVED)
    await until(() => served(b, names), ALL_SERVED)
  })

  it.runIf(!onPostgres())(
    'refuses a DATA_DIR that holds no site’s database, creating nothing there',
    async () => {
      const empty = tempDir('reload-nowhere')
      const failed = await cli({ DATA_DIR: empty }).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      )
      expect(failed?.code).toBe(1)
      expect(failed?.stderr).toContain('找不到网站的数据库')
      expect(fs.readdirSync(empty)).toEqual([])
      fs.rmSync(empty, { recursive: true, force: true })
    },
  )

  it('exits 1 naming the file, the field and the reason when a file fails, and changes nothing', async () => {
    const valid = fixture('qt2025', { competitionId: 9404 }) as { phases: Record<string, string> }
    writeDefinition(root, 'late-four', { ...valid, phases: { ...valid.phases, results: '下个月' } })
    const failed = await cli({}).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    )
    expect(failed?.code).toBe(1)
    expect(failed?.stderr).toContain('本次没有重新读取')
    expect(failed?.stderr).toMatch(/competitions\/late-four\.json\s+phases\.results\s+\S/)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await codeOf(b, '/api/competition/definition/late-four')).toBe(404)
    fs.rmSync(path.join(root, 'competitions', 'late-four.json'))
  })
})

describe('development (npm run dev)', () => {
  it('reads a saved definition again by itself, and keeps the last good set when a save is broken', async () => {
    const devRoot = definitionsRoot()
    const dev = await createTestApp({ definitionsRoot: devRoot, watchDefinitions: true })
    try {
      writeEvent(devRoot, 'saved-event', eventFixture({ path: '/events/saved-event' }))
      await until(() => codeOf(dev.app, `/api${EVENTS_API.page('saved-event')}`), 200)
      writeEvent(devRoot, 'saved-event', '{ "path": ')
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(await codeOf(dev.app, `/api${EVENTS_API.page('saved-event')}`)).toBe(200)
    } finally {
      await dev.close()
      fs.rmSync(devRoot, { recursive: true, force: true })
    }
  })
})
