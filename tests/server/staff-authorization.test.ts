import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'
import type { StaffRole } from '../../schemas/api/staff.ts'
import { TOKEN_INVALID_MSG } from '../../schemas/contract.ts'
import type { RouteEntry } from '../../server/plugins/api-docs.ts'
import { recipientsOf } from '../../server/services/manage/message-audience.ts'
import { grantRole, STAFF_MSG } from '../../server/services/staff/roles.ts'
import { seedIssuedCertificate } from '../support/certificates.ts'
import { FIXTURE_IDS, storeSampleFiles } from '../support/competitions.ts'
import { submittedEntrant } from '../support/entries.ts'
import { insertSubmittedSheet, judgingRoot } from '../support/judging.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

/**
 * Issue 24 item 1: the authorization matrix, generated from the route table. Every route under
 * /api/manage and /api/judge declares the staff role it requires (`config.staff`, server/plugins/staff.ts); each is
 * sent by each actor below about the competition OWN, and RULES says — per required role, not per
 * route — who gets through. A new /api/manage or /api/judge route joins by itself, and fails here if it declares no
 * role or needs a request field this file has no sample for.
 */
// OWN has judging rounds (tests/support/judging.ts), so the judging routes have a round to name.
const t = useTestApp({ definitionsRoot: judgingRoot() })

const OWN = FIXTURE_IDS['fee-default']
const OTHER = FIXTURE_IDS.qt2025

const ACTORS = [
  'anonymous',
  'designer',
  'judge of another competition',
  'judge',
  'organiser of another competition',
  'organiser',
  'admin',
] as const
type Actor = (typeof ACTORS)[number]

/** Who passes a route that requires each role, for a request about OWN. An admin passes everything. */
const RULES: Record<StaffRole, readonly Actor[]> = {
  admin: ['admin'],
  organiser: ['organiser', 'admin'],
  judge: ['judge', 'admin'],
}

/** The account every grant and revoke of the matrix is about: a judge of OWN before each request. */
const TARGET = '13900000199'

/** A value for each request field the staff routes read; a required field without one fails the test. */
type Sample = string | number | number[] | string[]
const SAMPLE: Record<string, Sample> = {
  competitionId: OWN,
  account: TARGET,
  role: 'judge',
  pageNum: 1,
  pageSize: 10,
  // Competition certificates (manage-certificates.ts): TARGET holds a certificate of OWN and a paid
  // posting request (seeded below), so re-issue and mark-shipped have something to act on.
  carrier: '顺丰速运',
  trackingNumber: 'SF1234567890',
  // The console's entry routes: a submitted entry of OWN (set in beforeAll) and a reason (moderation,
  // certificate re-issue).
  entryId: 0,
  reason: '作品说明不完整，请补充后重新提交',
  roundId: 'first',
  roundIds: ['first'],
  workId: 1,
  // The judges' file route (judge.ts): the first file of the entry named above.
  file: 0,
  // The results routes (manage-results.ts): the submitted entry's work advances from 初评 to 终评, and
  // results are published now (终评 is made done in beforeAll, the publication undone before each request).
  workIds: [],
  when: 'now',
  // The schedule (manage-schedule.ts): a later results time is always in order.
  field: 'phases.results',
  value: '2099-12-31T18:00:00+08:00',
  // Messages to entrants (manage-messages.ts): to every entrant of OWN, the count confirmed as the
  // preview gives it (set in beforeAll); the send limits are cleared before each request.
  audience: 'all',
  text: '请核对作品信息',
  confirmCount: 0,
}

const ROLES_OF: Record<
  Exclude<Actor, 'anonymous' | 'designer'>,
  { role: StaffRole; competitionId?: number }
> = {
  'judge of another competition': { role: 'judge', competitionId: OTHER },
  judge: { role: 'judge', competitionId: OWN },
  'organiser of another competition': { role: 'organiser', competitionId: OTHER },
  organiser: { role: 'organiser', competitionId: OWN },
  admin: { role: 'admin' },
}

const tokens = new Map<Actor, string>()
let targetId = 0

beforeAll(async () => {
  const k = t.server.app.db.kysely
  const idOf = async (account: string) =>
    (await k.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id
  await storeSampleFiles(t.server.app)
  SAMPLE.entryId = (await submittedEntrant(t.server.app, t.api)).entryId
  await insertUser(t.server.app, TARGET, DEMO.password)
  targetId = await idOf(TARGET)
  await finalRoundDone(Number(SAMPLE.entryId))
  await seedIssuedCertificate(t.server.app, targetId, OWN)
  await insertUser(t.server.app, '13900000100', DEMO.password)
  tokens.set('designer', await t.api.login('13900000100'))
  for (const [i, actor] of Object.keys(ROLES_OF).entries()) {
    const account = `1390000011${i}`
    await insertUser(t.server.app, account, DEMO.password)
    await grantRole(k, null, await idOf(account), ROLES_OF[actor as keyof typeof ROLES_OF])
    tokens.set(actor as Actor, await t.api.login(account))
  }
  SAMPLE.confirmCount = (
    await recipientsOf(k, t.server.app.competitions.byId(OWN)!, { audience: 'all' })
  ).length
  // The exports (manage-exports.ts): a kind to ask for, and a finished export of OWN to download.
  SAMPLE.kind = 'entries.xlsx'
  const asked = await t.server.app.exportFiles.request(targetId, OWN, 'entries.xlsx')
  SAMPLE.exportId = asked.id
  const status = async () =>
    (await k.selectFrom('export_files').select('status').where('id', '=', asked.id).executeTakeFirstOrThrow())
      .status
  while ((await status()) !== 'ready') await new Promise((r) => setTimeout(r, 50))
})

/**
 * The entry's work advances into 终评 and its one assigned sheet there is in: 终评 is done, so awards
 * may be confirmed and results published (tests/server/manage-results.test.ts covers the rules).
 */
async function finalRoundDone(entryId: number) {
  const k = t.server.app.db.kysely
  const { id: workId } = await k
    .selectFrom('competition_works')
    .select('id')
    .where('registration_id', '=', entryId)
    .executeTakeFirstOrThrow()
  SAMPLE.workIds = [workId]
  await k
    .insertInto('judging_advancements')
    .values({
      competition_id: OWN,
      round_id: 'final',
      work_id: workId,
      decided_by: 1,
      decided_at: new Date().toISOString(),
    })
    .execute()
  await insertSubmittedSheet(t.server.app, {
    competitionId: OWN,
    roundId: 'final',
    workId,
    judgeId: targetId,
    scores: { innovation: 8, function: 4 },
  })
}

const manageRoutes = (): RouteEntry[] =>
  t.server.app.routeCatalog.filter(
    (r) => (r.url.startsWith('/api/manage/') || r.url.startsWith('/api/judge/')) && r.method !== 'HEAD',
  )

type Fields = { properties?: Record<string, unknown>; required?: string[] } | undefined

/** The route's query or body filled from SAMPLE; the names of required fields SAMPLE lacks. */
function fill(schema: Fields): { values: Record<string, Sample>; missing: string[] } {
  const values: Record<string, Sample> = {}
  const missing: string[] = []
  for (const name of Object.keys(schema?.properties ?? {})) {
    if (SAMPLE[name] !== undefined) values[name] = SAMPLE[name]
    else if (schema?.required?.includes(name)) missing.push(name)
  }
  return { values, missing }
}

/** The route's path with each `:name` filled from SAMPLE (the first test names any without a sample). */
const pathOf = (route: RouteEntry) =>
  route.url.replace(/:(\w+)/g, (whole, name: string) =>
    SAMPLE[name] === undefined ? whole : String(SAMPLE[name]),
  )

function requestOf(route: RouteEntry, token: string | undefined): InjectOptions {
  const q = fill(route.schema?.querystring as Fields).values
  const search = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString()
  const options: InjectOptions = {
    method: route.method as InjectOptions['method'],
    url: search ? `${pathOf(route)}?${search}` : pathOf(route),
    headers: token ? { authorization: token } : {},
  }
  if (route.method !== 'GET') options.payload = fill(route.schema?.body as Fields).values
  return options
}

describe('the staff routes × who asks', () => {
  it('every route under /api/manage and /api/judge declares its role, with a rule for it and samples for its fields', () => {
    const routes = manageRoutes()
    expect(routes.length).toBeGreaterThanOrEqual(4)
    const wrong: string[] = []
    for (const route of routes) {
      const staff = route.config?.staff
      if (!staff || !RULES[staff.role]) wrong.push(`${route.method} ${route.url}: no staff role declared`)
      for (const part of ['params', 'querystring', 'body'] as const) {
        const { missing } = fill(route.schema?.[part] as Fields)
        if (missing.length) wrong.push(`${route.method} ${route.url}: no sample for ${missing.join(', ')}`)
      }
      if (!route.schema?.security) wrong.push(`${route.method} ${route.url}: not documented as signed-in`)
    }
    expect(wrong).toEqual([])
  })

  it.each(ACTORS)('%s: allowed exactly where the rules say, refused with 403 elsewhere', async (actor) => {
    const k = t.server.app.db.kysely
    const wrong: string[] = []
    let allowedCount = 0
    for (const route of manageRoutes()) {
      // The revoke route needs a role to take away: the target is a judge of OWN before every request.
      await grantRole(k, null, targetId, { role: 'judge', competitionId: OWN })
      // The moderation routes need an entry they may act on: submitted and untouched before every
      // request, or disqualified for the one that reinstates.
      const reinstates = route.url.endsWith('/reinstate')
      await k
        .updateTable('competition_registrations')
        .set({
          finalised_at: new Date().toISOString(),
          moderation: reinstates ? 'disqualified' : null,
          moderation_reason: reinstates ? '样例' : null,
        })
        .where('id', '=', Number(SAMPLE.entryId))
        .execute()
      // The message send route: a send a minute ago would hold back the next.
      await k.deleteFrom('rate_limits').where('key', 'like', 'entrant-message:%').execute()
      // The publish route needs results not yet published.
      await k.deleteFrom('result_publications').where('competition_id', '=', OWN).execute()
      // Reopening needs published results, cancelling a schedule a scheduled one.
      const status = {
        '/manage/results/reopen': 'published',
        '/manage/results/unschedule': 'scheduled',
      } as const
      const needs = status[route.url.replace(/^\/api/, '') as keyof typeof status]
      if (needs)
        await k
          .insertInto('result_publications')
          .values({
            competition_id: OWN,
            status: needs,
            publish_at: needs === 'scheduled' ? new Date(Date.now() + 86_400_000).toISOString() : null,
            published_at: needs === 'published' ? new Date().toISOString() : null,
            updated_at: new Date().toISOString(),
          })
          .execute()
      const res = await t.server.app.inject(requestOf(route, tokens.get(actor)))
      // A download (an export) answers its file; a refusal is always the JSON envelope.
      const json = String(res.headers['content-type']).startsWith('application/json')
      const body = json ? (res.json() as { code: number; msg: string }) : { code: 200, msg: 'a file' }
      const allowed = RULES[route.config!.staff!.role].includes(actor)
      const label = `${route.method} ${route.url}: HTTP ${res.statusCode} ${res.body.slice(0, 100)}`
      if (res.statusCode !== 200) wrong.push(label)
      else if (allowed) {
        allowedCount += 1
        // A judge route's sample names an entry; whether it is assigned to the asker is the service's
        // answer (404, tests/server/judging.test.ts). The matrix checks the role let them through. So
        // for closing 初评 early, which its sheets still to come refuse (tests/server/manage-schedule.test.ts).
        const byState =
          route.config!.staff!.role === 'judge' || route.url === '/api/manage/schedule/close-round'
        const passed = byState ? body.code !== 403 : body.code === 200
        if (!passed) wrong.push(`${label} (should be allowed)`)
      } else {
        const msg = actor === 'anonymous' ? TOKEN_INVALID_MSG : STAFF_MSG.forbidden
        if (body.code !== 403 || body.msg !== msg) wrong.push(`${label} (should be refused with ${msg})`)
      }
    }
    expect(wrong).toEqual([])
    // The rules are not vacuous: admins, organisers and judges get through somewhere, the others nowhere.
    expect(allowedCount > 0).toBe(actor === 'admin' || actor === 'organiser' || actor === 'judge')
  })
})

describe('a competition named by something that is no number', () => {
  it('is refused as bad input, never a 500 (fuzz seed 1386732886: an object whose toString is text)', async () => {
    const body = {
      competitionId: { constructor: 'x', toString: '696439355' },
      audience: 'all',
      text: '通知',
    }
    for (const actor of ['organiser', 'admin'] as const) {
      const res = await t.server.app.inject({
        method: 'POST',
        url: '/api/manage/messages/preview',
        headers: { authorization: tokens.get(actor) ?? '', 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      })
      expect(res.statusCode, actor).toBe(200)
      expect(res.json().code, actor).toBe(400)
    }
  })
})
