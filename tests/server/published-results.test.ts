import { beforeAll, describe, expect, it } from 'vitest'
import { nowIso } from '../../server/lib/time.ts'
import { fileAccess } from '../../server/services/file-access.ts'
import { blindRound } from '../../server/services/judging/rounds.ts'
import { definitionsRoot, FIXTURE_IDS, fixture, phasesAt } from '../support/competitions.ts'
import { beijing } from '../support/definition-time.ts'
import { CRITERIA } from '../support/judging.ts'
import { type ResultRow, setPublication, writeResultAwards, writeSubmittedSheet } from '../support/results.ts'
import { DEMO } from '../support/test-app.ts'
import { useTestApp } from '../support/use-test-app.ts'
import { insertUser } from '../support/users.ts'

/**
 * Issue 24 item 7: what entrants (我的赛事, GET /api/user/getCompetition) and the public
 * (GET /api/competition/results/:slug, the events list, the competition's definition, the winners'
 * covers) read of results — nothing before publication, the award, rank and shared comments after.
 * The results rows are written straight into their tables (tests/support/results.ts); the organisers'
 * publish flow has its own tests. On SQLite and, under TEST_DB=postgres, PostgreSQL.
 */
const DAY = 86_400_000
const at = (days: number) => beijing(Math.floor((Date.now() + days * DAY) / 60_000) * 60_000)
const score = (id: string, title: string, opens: number, closes: number, shareComments?: boolean) => ({
  id,
  title,
  opens: at(opens),
  closes: at(closes),
  mode: 'score',
  criteria: CRITERIA,
  result: 'mean',
  entries: 'allSubmitted',
  judgesPerEntry: 3,
  ...(shareComments === undefined ? {} : { shareComments }),
})
const AWARDS = {
  levels: [
    { id: 'gold', title: '金奖', count: 1 },
    { id: 'silver', title: '银奖', count: 1 },
  ],
}

const SHARED = FIXTURE_IDS['fee-default']
const PRIVATE = FIXTURE_IDS.qt2025
const NO_JUDGING = FIXTURE_IDS['optional-fee']
const SHARED_SLUG = 'fee-default'
const PRIVATE_SLUG = 'qt2025'

const t = useTestApp({
  definitionsRoot: definitionsRoot({
    'fee-default': fixture('fee-default', {
      phases: phasesAt('finished'),
      judging: { rounds: [score('first', '初评', -19, -16, false), score('final', '终评', -15, -11, true)] },
      awards: AWARDS,
    }),
    qt2025: fixture('qt2025', {
      phases: phasesAt('finished'),
      judging: { rounds: [score('final', '终评', -15, -11)] },
      awards: AWARDS,
    }),
    'optional-fee': fixture('optional-fee', { phases: phasesAt('finished') }),
  }),
  demoData: false,
})

const k = () => t.server.app.db.kysely
const HASH = (n: number) => `${String(n).repeat(64).slice(0, 64)}`
const COVER = (n: number) => `${HASH(n)}.jpg`
const BOARD = `${'e'.repeat(64)}.png`
const JUDGES = ['13900000711', '13900000712', '13900000713', '13900000714']
const JUDGE_NAMES = ['评委真名甲', '评委真名乙', '评委真名丙', '评委真名丁']
const ENTRANTS = ['13900000721', '13900000722', '13900000723', '13900000724']
const ids = new Map<string, number>()
const tokens = new Map<string, string>()
const idOf = (account: string) => ids.get(account)!

interface Entry {
  registrationId: number
  workId: number
}
const entries: Entry[] = []

async function insertEntry(competitionId: number, userId: number, n: number, range: string): Promise<Entry> {
  const now = nowIso()
  const registration = await k()
    .insertInto('competition_registrations')
    .values({
      competition_id: competitionId,
      user_id: userId,
      entrant_type: '1',
      company_type: '1',
      qt_type: null,
      data: JSON.stringify({ name: `参赛者${n}`, phone: `1390000099${n}`, companyName: '保密设计公司' }),
      paid_order_id: null,
      paid_at: null,
      finalised_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const file = (name: string) => ({ fileUrl: `/api/files/${name}`, fileOgName: name })
  const work = await k()
    .insertInto('competition_works')
    .values({
      competition_id: competitionId,
      user_id: userId,
      registration_id: registration.id,
      base: JSON.stringify({
        worksName: `获奖测试作品${n}`,
        range,
        cover: file(COVER(n)),
        images: [file(`${HASH(n + 4)}.png`)],
        abstract: '作品简介',
      }),
      info: JSON.stringify({ teamMembers: n === 1 ? [{ name: '合作者甲' }] : [] }),
      adviser: null,
      property_right: JSON.stringify({ propertyRight: [file(`${'d'.repeat(64)}.pdf`)] }),
      display_board: JSON.stringify({ displayBoard: [file(BOARD)] }),
      created_at: now,
      updated_at: now,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  for (const name of [COVER(n), `${HASH(n + 4)}.png`, BOARD])
    await k()
      .insertInto('files')
      .values({
        name,
        sha256: name.split('.')[0]!,
        mime: 'image/jpeg',
        size: 10,
        original_name: name,
        owner_id: userId,
        created_at: now,
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
  return { registrationId: registration.id, workId: work.id }
}

const rows = (): ResultRow[] => [
  { ...entries[0]!, range: 'product', result: '91.5', rank: 1, award: { id: 'gold', title: '金奖' } },
  { ...entries[1]!, range: 'product', result: '88', rank: 2, award: { id: 'silver', title: '银奖' } },
  { ...entries[2]!, range: 'product', result: '70.25', rank: 3, award: null },
]

const mine = async (account: string) => {
  const answer = await t.api.get('/api/user/getCompetition', tokens.get(account))
  expect(answer.code).toBe(200)
  return answer.data as Array<{ competitionId: number; results: unknown }>
}
const resultsOf = async (account: string, competitionId: number) =>
  (await mine(account)).find((c) => c.competitionId === competitionId)!.results as {
    publishedAt: string
    works: Array<{
      workId: number
      worksName: string
      rangeLabel: string
      rank: number | null
      rankedInRange: number
      award: { id: string; title: string } | null
      comments: Array<{ roundId: string; roundTitle: string; judge: string; comment: string }>
    }>
  } | null
const anonymous = (name: string) =>
  fileAccess(t.server.app.db, name, async () => undefined, blindRound(t.server.app.competitions))

beforeAll(async () => {
  for (const [i, account] of [...JUDGES, ...ENTRANTS].entries()) {
    await insertUser(t.server.app, account, DEMO.password, JUDGE_NAMES[i] ?? `账号${i}`)
    const { id } = await k()
      .selectFrom('users')
      .select('id')
      .where('account', '=', account)
      .executeTakeFirstOrThrow()
    ids.set(account, id)
  }
  for (const account of ENTRANTS) tokens.set(account, await t.api.login(account))
  for (const [i, account] of ENTRANTS.slice(0, 3).entries())
    entries.push(await insertEntry(SHARED, idOf(account), i + 1, 'product'))
  entries.push(await insertEntry(PRIVATE, idOf(ENTRANTS[3]!), 4, 'product'))
  const [gold] = entries
  const sheet = (roundId: string, judge: number, comment: string, extra: object = {}) =>
    writeSubmittedSheet(t.server.app, {
      competitionId: SHARED,
      roundId,
      workId: gold!.workId,
      judgeId: idOf(JUDGES[judge]!),
      comment,
      scores: { innovation: 9, function: 4 },
      ...extra,
    })
  await sheet('first', 0, '初评评语：不对参赛者公开')
  await sheet('final', 1, '造型完整，细节处理到位。')
  await sheet('final', 2, '   ')
  await sheet('final', 0, '结构还可以再简化。')
  // A judge who declared a conflict and was replaced: the sheet stays, the assignment does not.
  await sheet('final', 3, '回避评委的评语', { assigned: false })
  await writeSubmittedSheet(t.server.app, {
    competitionId: PRIVATE,
    roundId: 'final',
    workId: entries[3]!.workId,
    judgeId: idOf(JUDGES[0]!),
    comment: '此赛事不公开评语',
    scores: { innovation: 5, function: 3 },
  })
})

describe('before publication', () => {
  it('nothing of judging reaches 我的赛事, the results API, the events list or the covers — also with awards confirmed but only scheduled', async () => {
    for (const step of ['none', 'scheduled'] as const) {
      if (step === 'scheduled') {
        await writeResultAwards(t.server.app, SHARED, rows())
        await setPublication(t.server.app, SHARED, 'scheduled', new Date(Date.now() + DAY).toISOString())
      }
      const list = await mine(ENTRANTS[0]!)
      expect(list.find((c) => c.competitionId === SHARED)!.results).toBeNull()
      const text = JSON.stringify(list)
      for (const secret of ['金奖', '91.5', '造型完整', '评委']) expect(text).not.toContain(secret)
      const page = await t.api.get(`/api/competition/results/${SHARED_SLUG}`)
      expect(page.code).toBe(404)
      expect(page.msg).toBe('该赛事尚未公布评审结果')
      const hub = await t.api.get('/api/events/hub')
      expect(JSON.stringify(hub.data)).not.toContain('/results')
      const view = await t.api.get(`/api/competition/definition/${SHARED_SLUG}`)
      expect(view.data.resultsPublished).toBe(false)
      expect(await anonymous(COVER(1))).toBe('none')
    }
  })
})

describe('after publication', () => {
  beforeAll(async () => {
    await writeResultAwards(t.server.app, SHARED, rows())
    await setPublication(t.server.app, SHARED, 'published', '2026-01-05T02:00:00.000Z')
    await writeResultAwards(t.server.app, PRIVATE, [
      { ...entries[3]!, range: 'product', result: '77', rank: 1, award: { id: 'gold', title: '金奖' } },
    ])
    await setPublication(t.server.app, PRIVATE, 'published')
  })

  it('我的赛事: the award, the rank in the range, and only the shared round’s comments of assigned judges, anonymous', async () => {
    const results = await resultsOf(ENTRANTS[0]!, SHARED)
    expect(results).toEqual({
      publishedAt: '2026-01-05T02:00:00.000Z',
      works: [
        {
          workId: entries[0]!.workId,
          worksName: '获奖测试作品1',
          range: 'product',
          rangeLabel: expect.any(String),
          rank: 1,
          rankedInRange: 3,
          award: { id: 'gold', title: '金奖' },
          comments: [
            { roundId: 'final', roundTitle: '终评', judge: '评委一', comment: '造型完整，细节处理到位。' },
            { roundId: 'final', roundTitle: '终评', judge: '评委二', comment: '结构还可以再简化。' },
          ],
        },
      ],
    })
    const text = JSON.stringify(await mine(ENTRANTS[0]!))
    for (const secret of ['初评评语', '回避评委', ...JUDGE_NAMES, ...JUDGES, '"judgeId"', '91.5'])
      expect(text).not.toContain(secret)
  })

  it('an entry without an award reads 未获奖 (award null) with its rank; another entrant sees only their own', async () => {
    const results = await resultsOf(ENTRANTS[2]!, SHARED)
    expect(results!.works).toEqual([
      expect.objectContaining({ workId: entries[2]!.workId, award: null, rank: 3, comments: [] }),
    ])
    expect(JSON.stringify(results)).not.toContain('获奖测试作品1')
  })

  it('a competition whose rounds do not share comments shows the award without any comment', async () => {
    const results = await resultsOf(ENTRANTS[3]!, PRIVATE)
    expect(results!.works).toEqual([
      expect.objectContaining({ award: { id: 'gold', title: '金奖' }, comments: [] }),
    ])
    expect(JSON.stringify(await mine(ENTRANTS[3]!))).not.toContain('此赛事不公开评语')
  })

  it('the results API lists the winners by award level with name, entrant, team and cover, and nothing private', async () => {
    const answer = await t.api.get(`/api/competition/results/${SHARED_SLUG}`)
    expect(answer.code).toBe(200)
    expect(answer.data).toEqual({
      competitionId: SHARED,
      slug: SHARED_SLUG,
      title: expect.any(String),
      publishedAt: '2026-01-05T02:00:00.000Z',
      ranges: [
        {
          value: 'product',
          label: expect.any(String),
          awards: [
            {
              id: 'gold',
              title: '金奖',
              winners: [
                {
                  workId: entries[0]!.workId,
                  worksName: '获奖测试作品1',
                  entrant: '参赛者1',
                  team: ['合作者甲'],
                  cover: `/api/files/${COVER(1)}/thumb?w=280`,
                  rank: 1,
                },
              ],
            },
            {
              id: 'silver',
              title: '银奖',
              winners: [expect.objectContaining({ workId: entries[1]!.workId, entrant: '参赛者2' })],
            },
          ],
        },
      ],
    })
    const text = JSON.stringify(answer.data)
    for (const secret of ['获奖测试作品3', '13900000', '保密设计公司', '"result"', BOARD, '评委'])
      expect(text).not.toContain(secret)
  })

  it('only a winner’s cover becomes public: not its pictures, boards or proofs, nor a work without an award', async () => {
    expect(await anonymous(COVER(1))).toBe('public')
    expect(await anonymous(COVER(2))).toBe('public')
    expect(await anonymous(COVER(3))).toBe('none')
    expect(await anonymous(`${HASH(5)}.png`)).toBe('none')
    expect(await anonymous(BOARD)).toBe('none')
    expect(await anonymous(`${'d'.repeat(64)}.pdf`)).toBe('none')
  })

  it('the events list and the competition’s definition link the results page only where results are published', async () => {
    const hub = (await t.api.get('/api/events/hub')).data as Array<{ slug: string; resultsHref?: string }>
    expect(hub.find((h) => h.slug === SHARED_SLUG)!.resultsHref).toBe(`/${SHARED_SLUG}/results`)
    expect(hub.find((h) => h.slug === PRIVATE_SLUG)!.resultsHref).toBe(`/${PRIVATE_SLUG}/results`)
    expect(hub.find((h) => h.slug === 'optional-fee')!.resultsHref).toBeUndefined()
    expect((await t.api.get(`/api/competition/definition/${SHARED_SLUG}`)).data.resultsPublished).toBe(true)
    expect((await t.api.get('/api/competition/definition/optional-fee')).data.resultsPublished).toBe(false)
  })

  it('a competition without judging, an unknown slug and a hostile slug answer 404, not a 5xx', async () => {
    await setPublication(t.server.app, NO_JUDGING, 'published')
    for (const slug of ['optional-fee', 'no-such-competition', '%27%3B--', 'a'.repeat(64)]) {
      const answer = await t.api.get(`/api/competition/results/${slug}`)
      expect(answer.code).toBe(404)
    }
  })
})
