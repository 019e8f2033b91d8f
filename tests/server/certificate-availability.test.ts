import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatPhase } from '../../definitions/competition/phases.ts'
import { COMPETITION_MSG } from '../../server/services/competition-entries.ts'
import { grantRole } from '../../server/services/staff/roles.ts'
import { apiOf } from '../support/api-client.ts'
import { confirmedEntrant } from '../support/certificates.ts'
import {
  definitionsRoot,
  fixture,
  phasesAt,
  storeSampleFiles,
  writeDefinition,
} from '../support/competitions.ts'
import { beijing } from '../support/definition-time.ts'
import { CRITERIA } from '../support/judging.ts'
import { newPayer } from '../support/payers.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * When a competition certificate exists (issue 24 items 7 and 8): a competition that gives awards
 * issues certificates once its results are published — before that the award is unknown, and a
 * number issued early would certify participation for an entry that later wins. A competition without
 * awards issues them from its results time, as before. A disqualified entry has no certificate.
 */
const EARLY = 9001
const LATE = 9031
const DAY = 86_400_000
const awards = { levels: [{ id: 'gold', title: '金奖', count: 1 }] }
const day = (n: number) => beijing(Math.floor((Date.now() + n * DAY) / 60_000) * 60_000)
const judging = (stage: 'registering' | 'finished') => ({
  rounds: [
    {
      id: 'first',
      title: '初评',
      opens: stage === 'registering' ? day(-1) : day(-19),
      closes: stage === 'registering' ? day(5) : day(-11),
      mode: 'score',
      criteria: CRITERIA,
      result: 'mean',
      entries: 'allSubmitted',
      judgesPerEntry: 1,
    },
  ],
})
const definitions = (stage: 'registering' | 'finished') => ({
  'fee-default': fixture('fee-default', {
    phases: phasesAt('registering'),
    awards,
    judging: judging('registering'),
  }),
  'late-results': fixture('fee-default', {
    competitionId: LATE,
    title: '2026 测试迟公布设计大赛',
    phases: phasesAt(stage),
    awards,
    judging: judging(stage),
  }),
})

const root = definitionsRoot(definitions('registering'))
let server: Awaited<ReturnType<typeof createTestApp>>
let api: ReturnType<typeof apiOf>
type Entrant = Awaited<ReturnType<typeof confirmedEntrant>>
const early: Entrant[] = []
const late: Entrant[] = []
let organiser: string

beforeAll(async () => {
  server = await createTestApp({ definitionsRoot: root })
  api = apiOf(server.app)
  await storeSampleFiles(server.app)
  for (let i = 0; i < 2; i++) early.push(await confirmedEntrant(server.app, api, EARLY))
  for (let i = 0; i < 3; i++) late.push(await confirmedEntrant(server.app, api, LATE))
  const someone = await newPayer(server.app, api, 0)
  await grantRole(server.app.db.kysely, null, someone.userId, { role: 'organiser', competitionId: LATE })
  organiser = someone.token
}, 120_000)
afterAll(() => server?.close())

const certificateOf = (token: string, competitionId: number) =>
  api.get(`/api/tbCompetitionInfo/getUserCertificate?competitionId=${competitionId}`, token)
const listed = async (token: string, competitionId: number) => {
  const list = (await api.get('/api/user/getCompetition', token)).data as Array<{
    competitionId: number
    certificate: boolean
  }>
  return list.find((c) => c.competitionId === competitionId)?.certificate
}

/** Results as the organisers' publication leaves them: confirmed awards and a published row. */
async function publish(competitionId: number, awarded: Entrant) {
  const k = server.app.db.kysely
  const works = await k
    .selectFrom('competition_works')
    .select(['id', 'registration_id', 'user_id'])
    .where('competition_id', '=', competitionId)
    .where('deleted_at', 'is', null)
    .execute()
  const now = new Date().toISOString()
  for (const w of works) {
    const gold = w.user_id === awarded.userId
    await k
      .insertInto('result_awards')
      .values({
        competition_id: competitionId,
        work_id: w.id,
        registration_id: w.registration_id,
        range: 'product',
        result: gold ? '91.5' : '70',
        rank: gold ? 1 : 2,
        award_id: gold ? 'gold' : null,
        award_title: gold ? '金奖' : null,
        decided_by: awarded.userId,
        decided_at: now,
      })
      .execute()
  }
  await k
    .insertInto('result_publications')
    .values({ competition_id: competitionId, status: 'published', published_at: now, updated_at: now })
    .execute()
}

describe('a competition with awards', () => {
  it('before its results time and before publication: no certificate, as before', async () => {
    const c = server.app.competitions.byId(EARLY)!
    const answer = await certificateOf(early[0]!.token, EARLY)
    expect(answer.msg).toBe(COMPETITION_MSG.noCertificateYet(formatPhase(c.phases.results)))
    expect(await listed(early[0]!.token, EARLY)).toBe(false)
  })

  it('published before its results time: certificates are issued, with the award', async () => {
    await publish(EARLY, early[0]!)
    const gold = await certificateOf(early[0]!.token, EARLY)
    expect(gold.code).toBe(200)
    expect(gold.data.award).toBe('金奖')
    const other = await certificateOf(early[1]!.token, EARLY)
    expect(other.code).toBe(200)
    expect(other.data.award).toBeNull()
    expect(await listed(early[1]!.token, EARLY)).toBe(true)
  })

  it('past its results time but not yet published: no certificate yet, and no participation number issued early', async () => {
    // A disqualification is allowed until the results time.
    const entryId = (
      await server.app.db.kysely
        .selectFrom('competition_registrations')
        .select('id')
        .where('user_id', '=', late[2]!.userId)
        .where('competition_id', '=', LATE)
        .executeTakeFirstOrThrow()
    ).id
    const dq = await api.post(
      '/api/manage/entry/disqualify',
      { competitionId: LATE, entryId, reason: '作品与已发表作品雷同' },
      organiser,
    )
    expect(dq.code).toBe(200)
    for (const [slug, definition] of Object.entries(definitions('finished')))
      writeDefinition(root, slug, definition)
    expect((await server.app.definitionReloads.request({ source: 'cli', actorId: null })).ok).toBe(true)

    const answer = await certificateOf(late[0]!.token, LATE)
    expect(answer.msg).toBe(COMPETITION_MSG.resultsNotPublished)
    expect(await listed(late[0]!.token, LATE)).toBe(false)
    const issued = await server.app.db.kysely
      .selectFrom('competition_certificates')
      .select('number')
      .where('competition_id', '=', LATE)
      .execute()
    expect(issued).toEqual([])
  })

  it('once published: the winner’s certificate names the award; a disqualified entry has none', async () => {
    await publish(LATE, late[0]!)
    expect((await certificateOf(late[0]!.token, LATE)).data.award).toBe('金奖')
    expect((await certificateOf(late[1]!.token, LATE)).data.award).toBeNull()
    const dq = await certificateOf(late[2]!.token, LATE)
    expect(dq.code).not.toBe(200)
    expect(dq.msg).toBe(COMPETITION_MSG.disqualifiedNoCertificate)
    expect(await listed(late[2]!.token, LATE)).toBe(false)
    expect(await listed(late[1]!.token, LATE)).toBe(true)
  })
})
