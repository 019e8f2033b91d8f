import fs from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatPhase, phaseRefusal } from '../../definitions/competition/phases.ts'
import type { Schedule } from '../../schemas/api/schedule.ts'
import { JUDGING_MSG } from '../../server/services/judging/rounds.ts'
import { SCHEDULE_MSG } from '../../server/services/manage/schedule.ts'
import { REFERENCE_POLL_MS } from '../../server/services/reference-versions.ts'
import { grantRole } from '../../server/services/staff/roles.ts'
import { appOn } from '../support/app-on.ts'
import { definitionsRoot, FIXTURE_IDS, fixture, REGISTRATION } from '../support/competitions.ts'
import { beijing } from '../support/definition-time.ts'
import { CRITERIA, insertSubmittedSheet, insertSubmittedWork } from '../support/judging.ts'
import { newPayer } from '../support/payers.ts'
import { tempDir } from '../support/temp-dir.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { addSignedIn } from '../support/users.ts'

/**
 * Issue 32 item 4: the schedule in the console (README "The schedule in the console"). Organisers
 * change the dates the file gives — registration close, submission close, results, each round's
 * opens and closes — checked by the checker's rules, audited, in force on every instance at once;
 * a round whose sheets are all in can be closed early. On SQLite and, under TEST_DB=postgres,
 * PostgreSQL.
 */
const DAY = 86_400_000
const NOW = Date.now()
const at = (days: number) => beijing(Math.floor((NOW + days * DAY) / 60_000) * 60_000)
const score = { mode: 'score', criteria: CRITERIA, result: 'mean' } as const
const awards = { levels: [{ id: 'gold', title: '金奖', count: 1 }] }
const root = definitionsRoot({
  // Registering now; 初评 open now (one judge an entry), 终评 three weeks on.
  'fee-default': fixture('fee-default', {
    judging: {
      rounds: [
        {
          ...score,
          id: 'first',
          title: '初评',
          opens: at(-1),
          closes: at(5),
          entries: 'allSubmitted',
          judgesPerEntry: 1,
        },
        {
          ...score,
          id: 'final',
          title: '终评',
          opens: at(21),
          closes: at(29),
          entries: { topPerRange: 1 },
          judgesPerEntry: 1,
        },
      ],
    },
    awards,
  }),
  // One round, 终评, open now, with no sheet assigned yet.
  qt2025: fixture('qt2025', {
    judging: {
      rounds: [
        {
          ...score,
          id: 'final',
          title: '终评',
          opens: at(-1),
          closes: at(5),
          entries: 'allSubmitted',
          judgesPerEntry: 1,
        },
      ],
    },
    awards,
  }),
  'optional-fee': fixture('optional-fee'),
})
const t = useTestApp({ definitionsRoot: root, demoData: false })
const FEE = FIXTURE_IDS['fee-default']
const QT = FIXTURE_IDS.qt2025
const ORGANISER = '13900000802'
const JUDGE = '13900000811'
const ENTRANT = '13900000821'
const ids = new Map<string, number>()
const tokens = new Map<string, string>()

const k = () => t.server.app.db.kysely
const post = <T = Schedule>(url: string, body: object, as = ORGANISER) =>
  t.api.post(url, body, tokens.get(as)) as Promise<{ code: number; msg: string; data: T }>
const get = <T = Schedule>(url: string, as = ORGANISER) =>
  t.api.get(url, tokens.get(as)) as Promise<{ code: number; msg: string; data: T }>
const setDate = (competitionId: number, field: string, value: string | null) =>
  post('/api/manage/schedule', { competitionId, field, value })
const itemOf = (s: Schedule, field: string) => s.items.find((i) => i.field === field)!

beforeAll(async () => {
  await addSignedIn(t.server.app, t.api, [ORGANISER, JUDGE, ENTRANT], DEMO.password, { ids, tokens })
  for (const id of [FEE, QT]) {
    await grantRole(k(), null, ids.get(ORGANISER)!, { role: 'organiser', competitionId: id })
    await grantRole(k(), null, ids.get(JUDGE)!, { role: 'judge', competitionId: id })
  }
})

describe('the schedule', () => {
  it('lists the file’s dates, none overridden, with each round’s sheets', async () => {
    const res = await get(`/api/manage/schedule?competitionId=${FEE}`)
    expect(res.code).toBe(200)
    expect(res.data.items.map((i) => [i.field, i.label, i.value === i.file, i.overridden])).toEqual([
      ['phases.registrationCloses', '报名截止', true, false],
      ['phases.submissionDeadline', '作品提交截止', true, false],
      ['phases.results', '结果公布', true, false],
      ['judging.rounds.first.opens', '“初评”开始', true, false],
      ['judging.rounds.first.closes', '“初评”结束', true, false],
      ['judging.rounds.final.opens', '“终评”开始', true, false],
      ['judging.rounds.final.closes', '“终评”结束', true, false],
    ])
    expect(res.data.rounds).toEqual([
      { roundId: 'first', title: '初评', state: 'open', assigned: 0, missing: 0 },
      { roundId: 'final', title: '终评', state: 'upcoming', assigned: 0, missing: 0 },
    ])
    expect(res.data.scheduledPublishAt).toBeNull()
  })

  it('is for the competition’s organisers only', async () => {
    expect((await get(`/api/manage/schedule?competitionId=${FEE}`, JUDGE)).code).toBe(403)
    expect((await setDate(FEE, 'phases.results', at(40))).code).toBe(200)
    expect(
      (
        await post(
          '/api/manage/schedule',
          { competitionId: FEE, field: 'phases.results', value: null },
          ENTRANT,
        )
      ).code,
    ).toBe(403)
    expect((await setDate(FEE, 'phases.results', null)).msg).toBe(SCHEDULE_MSG.restored)
  })

  it('refuses dates by the checker’s rules, with its words, and keeps the file’s', async () => {
    const file = t.server.app.competitions.fileById(FEE)!
    const cases: Array<[string, string, string]> = [
      [
        'phases.registrationCloses',
        '2026-09-01 09:00',
        '报名截止：时间必须写成北京时间并带时区 +08:00，如 2026-09-01T09:00:00+08:00',
      ],
      [
        'phases.registrationCloses',
        '2026-02-30T09:00:00+08:00',
        '报名截止：不是有效的日期时间（如 2 月 30 日、13 月、25 点）',
      ],
      [
        'phases.registrationCloses',
        at(-2),
        `报名截止（${at(-2)}）必须晚于报名开始（${file.phases.registrationOpens}）`,
      ],
      [
        'phases.submissionDeadline',
        at(9),
        `作品提交截止（${at(9)}）不能早于报名截止（${file.phases.registrationCloses}）`,
      ],
      [
        'phases.results',
        at(25),
        `本轮结束（${at(29)}）不能晚于结果公布（${at(25)}）：评审须在公布结果前结束`,
      ],
      ['judging.rounds.first.closes', at(-1), `本轮结束（${at(-1)}）必须晚于本轮开始（${at(-1)}）`],
      ['judging.rounds.final.opens', at(4), `本轮开始（${at(4)}）不能早于上一轮“初评”结束（${at(5)}）`],
      ['judging.rounds.nope.closes', at(4), SCHEDULE_MSG.unknownField('judging.rounds.nope.closes')],
      ['title', at(4), SCHEDULE_MSG.unknownField('title')],
    ]
    for (const [field, value, msg] of cases)
      expect([field, await setDate(FEE, field, value)]).toEqual([field, { code: 400, msg }])
    expect((await setDate(FEE, 'phases.results', null)).msg).toBe(SCHEDULE_MSG.notOverridden)
    const now = await get(`/api/manage/schedule?competitionId=${FEE}`)
    expect(now.data.items.every((i) => !i.overridden && i.value === i.file)).toBe(true)
    expect(
      await k()
        .selectFrom('audit_log')
        .select('id')
        .where('action', 'like', 'schedule.%')
        .where('competition_id', '=', FEE)
        .where('detail', 'like', '%registrationCloses%')
        .execute(),
    ).toEqual([])
  })

  it('registration closed early refuses a registration; restored, it is taken again; both audited', async () => {
    const entrant = await newPayer(t.server.app, t.api, 0)
    const closes = beijing(Math.floor((Date.now() - 60_000) / 1000) * 1000)
    const set = await setDate(FEE, 'phases.registrationCloses', closes)
    expect(set.code).toBe(200)
    expect(set.msg).toBe(SCHEDULE_MSG.saved)
    const item = itemOf(set.data, 'phases.registrationCloses')
    const file = t.server.app.competitions.fileById(FEE)!.phases
    expect(item).toMatchObject({
      value: closes,
      file: file.registrationCloses,
      overridden: true,
      setBy: ORGANISER,
    })
    // The public competition info and the registration rule read the new date.
    const info = await t.api.get(`/api/tbCompetitionInfo/getInfo?id=${FEE}`)
    expect(info.data.phases.registrationCloses).toBe(closes)
    const refused = await t.api.post(
      '/api/tbCompetitionInfo/user/add',
      { ...REGISTRATION, competitionId: FEE },
      entrant.token,
    )
    expect(refused.msg).toBe(phaseRefusal({ ...file, registrationCloses: closes }, 'register', Date.now()))
    expect(refused.msg).toContain('报名已截止')

    const restored = await setDate(FEE, 'phases.registrationCloses', null)
    expect([restored.code, restored.msg]).toEqual([200, SCHEDULE_MSG.restored])
    expect(itemOf(restored.data, 'phases.registrationCloses')).toMatchObject({
      value: file.registrationCloses,
      overridden: false,
      setBy: null,
    })
    const { uploadSampleFiles } = await import('../support/competitions.ts')
    await uploadSampleFiles(t.server.app, entrant.userId)
    const taken = await t.api.post(
      '/api/tbCompetitionInfo/user/add',
      { ...REGISTRATION, competitionId: FEE },
      entrant.token,
    )
    expect(taken.code).toBe(200)

    const audit = await k()
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'detail'])
      .where('competition_id', '=', FEE)
      .where('action', 'in', ['schedule.set', 'schedule.restore'])
      .where('detail', 'like', '%registrationCloses%')
      .orderBy('id')
      .execute()
    expect(audit.map((a) => ({ ...a, detail: JSON.parse(a.detail) }))).toEqual([
      {
        actor_id: ids.get(ORGANISER),
        action: 'schedule.set',
        detail: {
          field: 'phases.registrationCloses',
          label: '报名截止',
          before: file.registrationCloses,
          after: closes,
          file: file.registrationCloses,
        },
      },
      {
        actor_id: ids.get(ORGANISER),
        action: 'schedule.restore',
        detail: {
          field: 'phases.registrationCloses',
          label: '报名截止',
          before: closes,
          after: file.registrationCloses,
          file: file.registrationCloses,
        },
      },
    ])
  })

  it('sets and restores the submission close, the results time and a round’s dates', async () => {
    const changes: Array<[string, string]> = [
      ['phases.submissionDeadline', at(19)],
      ['phases.results', at(31)],
      ['judging.rounds.final.opens', at(22)],
      ['judging.rounds.final.closes', at(30)],
    ]
    for (const [field, value] of changes) {
      const res = await setDate(FEE, field, value)
      expect([field, res.code, itemOf(res.data, field).value, itemOf(res.data, field).overridden]).toEqual([
        field,
        200,
        value,
        true,
      ])
    }
    const c = t.server.app.competitions.byId(FEE)!
    expect([
      c.phases.submissionDeadline,
      c.phases.results,
      c.judging!.rounds[1]!.opens,
      c.judging!.rounds[1]!.closes,
    ]).toEqual(changes.map(([, v]) => v))
    // The file is untouched; the page's stage bar reads the effective dates.
    expect(t.server.app.competitions.fileById(FEE)!.phases.results).toBe(at(30))
    const view = await t.api.get('/api/competition/definition/fee-default')
    expect(view.data.phases.results).toBe(at(31))
    for (const [field] of [...changes].reverse()) expect((await setDate(FEE, field, null)).code).toBe(200)
    expect(t.server.app.competitions.byId(FEE)!.phases.results).toBe(at(30))
  })
})

describe('changes at once', () => {
  it('two dates each in order alone but not together: one is saved, the other refused', async () => {
    const [a, b] = await Promise.all([
      setDate(FEE, 'phases.registrationCloses', at(15)),
      setDate(FEE, 'phases.submissionDeadline', at(12)),
    ])
    expect([a.code, b.code].sort()).toEqual([200, 400])
    const c = t.server.app.competitions.byId(FEE)!.phases
    expect(Date.parse(c.submissionDeadline)).toBeGreaterThanOrEqual(Date.parse(c.registrationCloses))
    const rows = await k()
      .selectFrom('competition_schedule_overrides')
      .select('field')
      .where('competition_id', '=', FEE)
      .execute()
    expect(rows).toHaveLength(1)
    expect((await setDate(FEE, rows[0]!.field, null)).code).toBe(200)
  })
})

describe('closing a round early', () => {
  it('is refused while a sheet is missing, naming how many; once all are in, it closes the round and a judge’s save is refused', async () => {
    const workId = await insertSubmittedWork(t.server.app, FEE, ids.get(ENTRANT)!, 'product', '作品甲')
    await insertSubmittedSheet(t.server.app, {
      competitionId: FEE,
      roundId: 'first',
      workId,
      judgeId: ids.get(JUDGE)!,
      submitted: false,
    })
    const close = () => post('/api/manage/schedule/close-round', { competitionId: FEE, roundId: 'first' })
    expect(await close()).toEqual({ code: 400, msg: SCHEDULE_MSG.sheetsMissing('初评', 1) })
    expect(await post('/api/manage/schedule/close-round', { competitionId: FEE, roundId: 'final' })).toEqual({
      code: 400,
      msg: SCHEDULE_MSG.roundNotOpen('终评'),
    })
    const sheet = (submit: boolean) =>
      post(
        '/api/judge/sheet',
        {
          competitionId: FEE,
          roundId: 'first',
          workId,
          values: { innovation: 8, function: 4 },
          ...(submit ? { submit } : {}),
        },
        JUDGE,
      )
    expect((await sheet(true)).code).toBe(200)

    const closed = await close()
    expect([closed.code, closed.msg]).toEqual([200, SCHEDULE_MSG.closedEarly('初评')])
    expect(closed.data.rounds[0]).toMatchObject({ roundId: 'first', state: 'closed', missing: 0 })
    const round = t.server.app.competitions.byId(FEE)!.judging!.rounds[0]!
    expect(Date.parse(round.closes)).toBeLessThanOrEqual(Date.now())
    expect(itemOf(closed.data, 'judging.rounds.first.closes')).toMatchObject({
      value: round.closes,
      overridden: true,
    })
    expect((await sheet(false)).msg).toBe(JUDGING_MSG.closed(round))
    expect(await close()).toEqual({ code: 400, msg: SCHEDULE_MSG.roundClosed('初评') })
    const audit = await k()
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'schedule.closeRound')
      .execute()
    expect(audit.map((a) => JSON.parse(a.detail))).toEqual([
      {
        field: 'judging.rounds.first.closes',
        label: '“初评”结束',
        before: at(5),
        after: round.closes,
        file: at(5),
      },
    ])
    expect((await setDate(FEE, 'judging.rounds.first.closes', null)).code).toBe(200)
  })
})

describe('the awards step when nothing is missing (issue 32)', () => {
  it('says the final round is still open, not that 0 sheets are missing; closed early, the awards are taken', async () => {
    const refused = await post('/api/manage/results/awards', { competitionId: QT })
    expect(refused.code).toBe(400)
    expect(refused.msg).toBe(
      `“终评”仍在进行（${formatPhase(at(5))} 结束），目前没有待提交的评分；如评审已完成，可在“赛程”中提前结束本轮`,
    )
    const closed = await post('/api/manage/schedule/close-round', { competitionId: QT, roundId: 'final' })
    expect(closed.code).toBe(200)
    expect((await post('/api/manage/results/awards', { competitionId: QT })).code).toBe(200)
  })

  it('a results time moved while a publication is scheduled says the publication keeps its time', async () => {
    // An entry with its sheet, so there are awards to confirm and publish.
    const workId = await insertSubmittedWork(t.server.app, QT, ids.get(ENTRANT)!, 'product', '作品乙')
    await insertSubmittedSheet(t.server.app, {
      competitionId: QT,
      roundId: 'final',
      workId,
      judgeId: ids.get(JUDGE)!,
      scores: { innovation: 8, function: 4 },
    })
    expect((await post('/api/manage/results/awards', { competitionId: QT })).code).toBe(200)
    const scheduled = await post<{ publishAt: string }>('/api/manage/results/publish', {
      competitionId: QT,
      when: 'scheduled',
    })
    expect(scheduled.code).toBe(200)
    const publishAt = scheduled.data.publishAt
    expect(Date.parse(publishAt)).toBe(Date.parse(at(30)))
    const moved = await setDate(QT, 'phases.results', at(31))
    expect([moved.code, moved.msg]).toEqual([
      200,
      `${SCHEDULE_MSG.saved}。${SCHEDULE_MSG.scheduledElsewhere(publishAt)}`,
    ])
    expect(moved.data.scheduledPublishAt).toBe(publishAt)
    const back = await setDate(QT, 'phases.results', null)
    expect([back.code, back.msg]).toEqual([200, SCHEDULE_MSG.restored])
    await k().deleteFrom('result_publications').where('competition_id', '=', QT).execute()
  })
})

describe('the stage bar after an early publication (issue 32)', () => {
  it('says the results are published while the dates still say registering', async () => {
    const before = await t.api.get('/api/competition/definition/qt2025')
    expect([before.data.stage, before.data.stageLabel]).toEqual(['registering', '报名中'])
    const now = new Date().toISOString()
    await k()
      .insertInto('result_publications')
      .values({ competition_id: QT, status: 'published', published_at: now, updated_at: now })
      .execute()
    const after = await t.api.get('/api/competition/definition/qt2025')
    expect([after.data.stage, after.data.stageLabel, after.data.resultsPublished]).toEqual([
      'finished',
      '结果已公布',
      true,
    ])
    // So do the competition's card (home page, lists) and its info.
    const card = (await t.api.get('/api/tbCompetitionInfo/list')).data.find(
      (x: { id: number }) => x.id === QT,
    )
    expect([card.stage, card.stageLabel]).toEqual(['finished', '结果已公布'])
    const info = await t.api.get(`/api/tbCompetitionInfo/getInfo?id=${QT}`)
    expect([info.data.stage, info.data.stageLabel]).toEqual(['finished', '结果已公布'])
  })
})

describe('two instances on one database', () => {
  let b: FastifyInstance
  const bDataDir = tempDir('schedule-second')
  beforeAll(async () => {
    b = await appOn({
      dataDir: t.server.databaseUrl ? bDataDir : t.server.dataDir,
      secretsDir: path.join(t.server.dataDir, 'secrets'),
      databaseUrl: t.server.databaseUrl,
      definitionsRoot: root,
    })
  })
  afterAll(async () => {
    await b?.close()
    fs.rmSync(bDataDir, { recursive: true, force: true })
  })

  it('a date changed through one instance is in force on the other within a poll, and empties its page cache', async () => {
    const page = { kind: 'redirect', status: 302, location: '/' } as const
    b.pageCache.put('/fee-default/index', page, b.pageCache.currentGeneration)
    const value = at(9.5)
    expect((await setDate(FEE, 'phases.registrationCloses', value)).code).toBe(200)
    const start = Date.now()
    const onB = async () =>
      (await b.inject({ url: `/api/tbCompetitionInfo/getInfo?id=${FEE}` })).json().data.phases
        .registrationCloses
    while ((await onB()) !== value && Date.now() - start < REFERENCE_POLL_MS + 1500)
      await new Promise((r) => setTimeout(r, 20))
    expect(await onB()).toBe(value)
    expect(b.competitions.byId(FEE)!.phases.registrationCloses).toBe(value)
    expect(b.pageCache.get('/fee-default/index')).toBeUndefined()
    expect((await setDate(FEE, 'phases.registrationCloses', null)).code).toBe(200)
  })
})
