import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatPhase } from '../../definitions/competition/phases.ts'
import { apiOf } from '../support/api-client.ts'
import {
  definitionsRoot,
  fixture,
  phasesAt,
  REGISTRATION,
  type Stage,
  storeSampleFiles,
  uploadSampleFiles,
  WORK_BASE,
  writeDefinition,
  writtenYear,
} from '../support/competitions.ts'
import { newPayer } from '../support/payers.ts'
import { createTestApp } from '../support/test-app.ts'

/**
 * Definitions drive the API: a broken file stops the start with the checker's words, a new file is
 * synced and served without SQL, a removed one is kept inactive, and phases open and close actions.
 */
describe('a broken definition', () => {
  it('stops the app from building with the checker message (file, path, reason)', async () => {
    const root = definitionsRoot({ broken: fixture('fee-default', { api: 'qtt', competitionId: 9100 }) })
    await expect(createTestApp({ definitionsRoot: root })).rejects.toThrow(
      /competitions\/broken\.json {2}api {2}未知的接口“qtt”（是不是想写“qt”？）/,
    )
    const syntax = definitionsRoot({ bad: '{ "title": ' })
    await expect(createTestApp({ definitionsRoot: syntax })).rejects.toThrow(
      /competitions\/bad\.json .*不是有效的 JSON/,
    )
    fs.rmSync(root, { recursive: true, force: true })
    fs.rmSync(syntax, { recursive: true, force: true })
  })
})

const STAGES: Stage[] = ['upcoming', 'registering', 'submitting', 'judging', 'finished']
const idOf = (stage: Stage) => 9200 + STAGES.indexOf(stage)

describe('phases and sync', () => {
  // Written once: the refusals name these dates, and a minute passing during a slow run must not
  // make the expected text differ from the definitions the server loaded.
  const phases = Object.fromEntries(STAGES.map((stage) => [stage, phasesAt(stage)])) as Record<
    Stage,
    ReturnType<typeof phasesAt>
  >
  const root = definitionsRoot(
    Object.fromEntries(
      STAGES.map((stage) => [
        `phase-${stage}`,
        fixture('optional-fee', {
          competitionId: idOf(stage),
          title: `阶段测试赛事 ${stage}`,
          phases: phases[stage],
        }),
      ]),
    ),
  )
  let server: Awaited<ReturnType<typeof createTestApp>>
  let api: ReturnType<typeof apiOf>
  beforeAll(async () => {
    server = await createTestApp({ definitionsRoot: root })
    api = apiOf(server.app)
    await storeSampleFiles(server.app)
  })
  /** A verified payer who has uploaded the files the sample forms name. */
  const entrant = async (moneyFen: number) => {
    const payer = await newPayer(server.app, api, moneyFen)
    await uploadSampleFiles(server.app, payer.userId)
    return payer
  }
  afterAll(async () => {
    await server.close()
    fs.rmSync(root, { recursive: true, force: true })
  })

  it('a fixture in a temporary DEFINITIONS_ROOT is synced and served without SQL', async () => {
    const rows = await server.app.db.kysely
      .selectFrom('competitions')
      .select(['id', 'slug', 'active'])
      .orderBy('id')
      .execute()
    expect(rows).toEqual(STAGES.map((stage) => ({ id: idOf(stage), slug: `phase-${stage}`, active: 1 })))
    for (const stage of STAGES)
      expect((await api.get(`/api/tbCompetitionInfo/getInfo?id=${idOf(stage)}`)).data.stage).toBe(stage)
  })

  const register = (token: string, stage: Stage) =>
    api.post('/api/tbCompetitionInfo/user/add', { ...REGISTRATION, competitionId: idOf(stage) }, token)
  const add = (token: string, stage: Stage) => {
    const { proposition: _p, ...base } = WORK_BASE
    return api.post('/api/works/add', { ...base, competitionId: idOf(stage) }, token)
  }

  it.each([
    ['upcoming', '报名尚未开始', '作品提交尚未开始'],
    ['registering', undefined, undefined],
    ['submitting', '报名已截止', undefined],
    ['judging', '报名已截止', '作品提交已截止'],
    ['finished', '报名已截止', '作品提交已截止'],
  ] as const)('%s: registering → %s, submitting → %s', async (stage, registerRefusal, submitRefusal) => {
    const { token, userId } = await entrant(0)
    const p = phases[stage]
    const registered = await register(token, stage)
    if (registerRefusal) {
      expect(registered).toEqual({
        code: 400,
        msg: `${registerRefusal}（报名时间：${formatPhase(p.registrationOpens)} 至 ${formatPhase(p.registrationCloses)}）`,
      })
      // Submissions are judged on their own phase: give this user a registration directly.
      await server.app.db.kysely
        .insertInto('competition_registrations')
        .values({
          competition_id: idOf(stage),
          user_id: userId,
          entrant_type: '1',
          company_type: '2',
          qt_type: null,
          data: '{}',
          paid_order_id: null,
          paid_at: null,
          finalised_at: null,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute()
    } else expect(registered.code).toBe(200)
    const added = await add(token, stage)
    if (submitRefusal)
      expect(added).toEqual({
        code: 400,
        msg: `${submitRefusal}（作品提交时间：${formatPhase(p.registrationOpens)} 至 ${formatPhase(p.submissionDeadline)}）`,
      })
    else expect(added.code).toBe(200)
  })

  it('the certificate waits for the results and a finalised entry; posting goes to one of my addresses', async () => {
    const { token, userId } = await entrant(0)
    const k = server.app.db.kysely
    const now = new Date().toISOString()
    for (const stage of ['judging', 'finished'] as const)
      await k
        .insertInto('competition_registrations')
        .values({
          competition_id: idOf(stage),
          user_id: userId,
          entrant_type: '1',
          company_type: '2',
          qt_type: null,
          data: JSON.stringify({ name: '青禾设计小组' }),
          paid_order_id: null,
          paid_at: null,
          finalised_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute()
    const early = await api.get(
      `/api/tbCompetitionInfo/getUserCertificate?competitionId=${idOf('judging')}`,
      token,
    )
    expect(early.msg).toContain('结果公布后才能查看参赛证书')
    const cert = await api.get(
      `/api/tbCompetitionInfo/getUserCertificate?competitionId=${idOf('finished')}`,
      token,
    )
    expect(cert.code).toBe(200)
    // Named by the verified real name (陈思远), not the form's 青禾设计小组.
    expect(cert.data).toMatchObject({
      name: '陈思远',
      competitionId: idOf('finished'),
      year: writtenYear(fixture('optional-fee', { phases: phases.finished })),
    })
    // A KBS number (README "Competition certificates"), never a designer certificate's KBC.
    expect(cert.data.number).toMatch(/^KBS\d{4}-[2-9A-HJKMNP-Z]{8}$/)
    const other = await entrant(0)
    expect(
      (
        await api.get(
          `/api/tbCompetitionInfo/getUserCertificate?competitionId=${idOf('finished')}`,
          other.token,
        )
      ).msg,
    ).toBe('未确认提交参赛作品，没有参赛证书')
    const address = await api.post(
      '/api/address/insert',
      { userName: '陈思远', phone: '13800000001', cityId: '320505', address: '青石路 1 号（演示地址）' },
      token,
    )
    expect(address.code).toBe(200)
    const addressId = (await api.get('/api/address/list', token)).data[0].id
    expect(
      await api.post(
        '/api/logistics/competitionCertificate',
        { competitionId: idOf('finished'), addressId },
        other.token,
      ),
    ).toMatchObject({ code: 400 })
    const posted = await api.post(
      '/api/logistics/competitionCertificate',
      { competitionId: idOf('finished'), addressId },
      token,
    )
    expect(posted).toMatchObject({
      code: 200,
      data: { post: { address: { userName: '陈思远', cityNames: ['江苏省', '苏州市', '虎丘区'] } } },
    })
    // Free posting only where the definition's certificate.freePostage says so (this one does not).
    const free = await api.get(
      `/api/logistics/competitionCertificateNoPay?competitionId=${idOf('finished')}&addressId=${addressId}`,
      token,
    )
    expect(free).toEqual({ code: 400, msg: '本赛事的纸质证书需付邮费，请使用付费邮寄申请' })
    expect((await api.get('/api/logistics/competitionCertificateNoPay', token)).data).toHaveLength(1)
    expect((await api.get('/api/logistics/competitionCertificateNoPay', other.token)).data).toHaveLength(0)
    const mine = (await api.get('/api/user/getCompetition', token)).data
    expect(
      mine.find((c: { competitionId: number }) => c.competitionId === idOf('finished')).certificate,
    ).toBe(true)
  })

  it('a removed definition is kept but inactive; a new file is served after a reload', async () => {
    fs.rmSync(`${root}/competitions/phase-upcoming.json`)
    writeDefinition(root, 'late-addition', fixture('qt2025', { competitionId: 9300 }))
    expect((await server.app.definitionReloads.request({ source: 'cli', actorId: null })).ok).toBe(true)
    const rows = await server.app.db.kysely
      .selectFrom('competitions')
      .select(['id', 'active'])
      .where('id', 'in', [idOf('upcoming'), 9300])
      .orderBy('id')
      .execute()
    expect(rows).toEqual([
      { id: idOf('upcoming'), active: 0 },
      { id: 9300, active: 1 },
    ])
    expect((await api.get(`/api/tbCompetitionInfo/getInfo?id=${idOf('upcoming')}`)).code).toBe(404)
    expect((await api.get('/api/competition/definition/late-addition')).code).toBe(200)
    // An invalid save keeps the last good set.
    writeDefinition(root, 'late-addition', '{ broken')
    expect((await server.app.definitionReloads.request({ source: 'cli', actorId: null })).ok).toBe(false)
    expect((await api.get('/api/competition/definition/late-addition')).code).toBe(200)
  })
})
