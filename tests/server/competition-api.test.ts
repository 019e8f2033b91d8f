import { beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../schemas/formats.ts'
import { COMPETITION_MSG } from '../../server/services/competition-entries.ts'
import {
  ADVISER,
  DISPLAY_BOARD,
  FIXTURE_IDS,
  PROPERTY_RIGHT,
  QT_REGISTRATION,
  REGISTRATION,
  storeSampleFiles,
  uploadSampleFiles,
  WORK_BASE,
  WORK_INFO,
} from '../support/competitions.ts'
import { newPayer, paymentRows } from '../support/payers.ts'
import { uploadFile } from '../support/uploads.ts'
import { useTestApp } from '../support/use-test-app.ts'

/** The competition API over the fixture definitions (every fixture registering now). */
const t = useTestApp()
const FEE = FIXTURE_IDS['fee-default']
const QT = FIXTURE_IDS.qt2025
const YOUNG = FIXTURE_IDS['optional-fee']

beforeAll(async () => {
  await storeSampleFiles(t.server.app)
})

/** A verified payer who has uploaded the files the sample forms name. */
async function newEntrant(moneyFen: number) {
  const payer = await newPayer(t.server.app, t.api, moneyFen)
  await uploadSampleFiles(t.server.app, payer.userId)
  return payer
}

const register = (token: string, competitionId = FEE) =>
  t.api.post('/api/tbCompetitionInfo/user/add', { ...REGISTRATION, competitionId }, token)
const addWork = (token: string, changes: Record<string, unknown> = {}, path = '/api/works/add') =>
  t.api.post(path, { ...WORK_BASE, competitionId: FEE, ...changes }, token)

/** A signed-in entrant of the fee competition with one complete work. */
async function completeEntrant(moneyFen = 100_000) {
  const payer = await newEntrant(moneyFen)
  expect((await register(payer.token)).code).toBe(200)
  const work = (await addWork(payer.token)).data
  const token = payer.token
  expect((await t.api.post('/api/works/add', { ...WORK_INFO, id: work.id, step: 'info' }, token)).code).toBe(
    200,
  )
  expect(
    (await t.api.post('/api/tbCompetitionInfo/works/saveAdviser', { ...ADVISER, id: work.id }, token)).code,
  ).toBe(200)
  expect(
    (
      await t.api.post(
        '/api/tbCompetitionInfo/works/updateWorkPropertyRight',
        { ...PROPERTY_RIGHT, id: work.id },
        token,
      )
    ).code,
  ).toBe(200)
  const board = await t.api.post(
    '/api/tbCompetitionInfo/works/updateDisplayBoard',
    { ...DISPLAY_BOARD, id: work.id },
    token,
  )
  expect(board.code).toBe(200)
  expect(board.data.complete).toBe(true)
  return { ...payer, workId: work.id as number }
}

describe('definitions synced into the database', () => {
  it('writes every fixture competition into the competitions table with its facts, no SQL per competition', async () => {
    const rows = await t.server.app.db.kysely.selectFrom('competitions').selectAll().orderBy('id').execute()
    expect(rows.map((r) => [r.id, r.slug, r.api, r.fee_fen, r.pay_required, r.works_max, r.active])).toEqual([
      [FEE, 'fee-default', 'default', 30000, 1, 2, 1],
      [QT, 'qt2025', 'qt2025', null, 0, 1, 1],
      [YOUNG, 'optional-fee', 'young2025', 9900, 0, 3, 1],
    ])
    expect(JSON.parse(rows[0]!.definition).title).toBe('2026 测试工业设计大赛')
  })
})

describe('public competition endpoints', () => {
  it('GET getInfo answers the competition with stage, fee, steps and family paths', async () => {
    const body = await t.api.get(`/api/tbCompetitionInfo/getInfo?id=${FEE}`)
    expect(body.code).toBe(200)
    expect(body.data).toMatchObject({
      id: FEE,
      slug: 'fee-default',
      stage: 'registering',
      stageLabel: '报名中',
      fee: { fen: 30000, yuan: '300.00', source: 'config', required: true },
      payRequired: true,
      worksMax: 2,
      api: 'default',
      apiPaths: { auth: '/tbCompetitionInfo/auth' },
    })
    expect(body.data.steps.map((s: { key: string }) => s.key)).toEqual([
      'infomation',
      'works-base',
      'works-info',
      'works-display',
      'pay',
    ])
    expect(await t.api.get('/api/tbCompetitionInfo/getInfo?id=1')).toEqual({
      code: 404,
      msg: COMPETITION_MSG.notFound,
    })
  })

  it('GET /competition/definition/{slug} expands includes and adds stage, steps and routes; unknown slugs 404', async () => {
    const body = await t.api.get('/api/competition/definition/fee-default')
    expect(body.code).toBe(200)
    expect(body.data.pages.index.sections).toEqual([
      { type: 'hero', props: { title: '测试大赛' } },
      { type: 'hero', props: { title: '大赛简介（共享片段）' } },
    ])
    expect(body.data.routes).toContain('pay')
    expect(body.data.stage).toBe('registering')
    expect((await t.api.get('/api/competition/definition/nope')).code).toBe(404)
    expect((await t.api.get('/api/competition/definition/__proto__')).code).toBe(404)
  })

  it('serves ranges, company types, organizers, support units, fees and the QT dictionaries', async () => {
    const flat = (await t.api.get(`/api/common/type/sys_competition_range?id=${FEE}`)).data
    expect(flat).toEqual([
      { dictCode: 'product', dictLabel: '产品设计', dictSort: 1, listClass: 'default' },
      { dictCode: 'visual', dictLabel: '视觉传达', dictSort: 2, listClass: 'default' },
      {
        dictCode: 'p1',
        dictLabel: '城市家具',
        dictSort: 3,
        listClass: 'Propositional',
        remark: '为街角设计的公共座椅',
      },
      { dictCode: 'p2', dictLabel: '适老产品', dictSort: 4, listClass: 'Propositional' },
    ])
    const grouped = (await t.api.get(`/api/tbCompetitionInfo/type/sys_competition_range/${FEE}`)).data
    expect(grouped.default).toHaveLength(2)
    expect(grouped.Propositional.map((p: { dictCode: string }) => p.dictCode)).toEqual(['p1', 'p2'])
    expect((await t.api.get('/api/tbCompetitionInfo/type/sys_competition_range/abc')).code).toBe(404)
    // Without an id: the general dictionary, as before.
    expect((await t.api.get('/api/common/type/sys_competition_range')).data[0]).toEqual({
      dictCode: '1',
      dictLabel: '产品设计类',
      dictSort: 1,
    })
    expect((await t.api.get(`/api/common/type/competition_company_type?competitionId=${FEE}`)).data).toEqual([
      { dictCode: '1', dictLabel: '企业', dictSort: 1 },
      { dictCode: '2', dictLabel: '高校', dictSort: 2 },
    ])
    expect((await t.api.get('/api/common/type/competition_company_type')).data.length).toBeGreaterThan(2)
    const qt = (await t.api.get('/api/common/type/data/qtType')).data
    expect(qt.map((d: { dictLabel: string }) => d.dictLabel)).toContain('视觉传达设计')
    expect((await t.api.get('/api/common/type/competition_qt_type_show')).code).toBe(200)
    const tree = (await t.api.get(`/api/common/NYDCtreeCoOrganizer?competitionId=${FEE}`)).data
    expect(tree).toEqual([
      { id: 'host', name: '主办单位', children: [{ id: 'host-1', name: '测试设计协会' }] },
      {
        id: 'coOrganizers',
        name: '协办单位',
        children: [
          { id: 'coOrganizers-1', name: '西岭大学设计学院（示例）' },
          { id: 'coOrganizers-2', name: '东湖设计中心（示例）' },
        ],
      },
    ])
    expect((await t.api.get(`/api/common/supportUnits?competitionId=${FEE}`)).data).toEqual([
      { id: 'support-1', name: '测试支持单位' },
    ])
    // An unknown, missing or malformed competitionId is a clear envelope, never a 5xx.
    for (const url of ['/api/common/NYDCtreeCoOrganizer', '/api/common/supportUnits']) {
      expect(await t.api.get(`${url}?competitionId=999999`), url).toEqual({
        code: 404,
        msg: COMPETITION_MSG.notFound,
      })
      for (const bad of ['', '?competitionId=abc', '?competitionId=-1']) {
        const res = await t.server.app.inject({ url: `${url}${bad}` })
        expect(res.statusCode, `${url}${bad}`).toBeLessThan(500)
        expect(res.json().code, `${url}${bad}`).not.toBe(200)
      }
    }
    expect((await t.api.get(`/api/tbCompetitionInfo/getAuthPrice?competitionId=${FEE}`)).data).toEqual({
      price: '300.00',
      priceFen: 30000,
      required: true,
      source: 'config',
    })
    expect((await t.api.get(`/api/tbCompetitionInfo/getAuthPrice?competitionId=${QT}`)).data).toMatchObject({
      priceFen: 0,
      required: false,
    })
    expect((await t.api.get('/api/common/getConfig/competition.apply.money')).data).toEqual({
      configKey: 'competition.apply.money',
      configValue: '300.00',
      fen: 30000,
    })
  })
})

describe('registration', () => {
  it('needs a token, validates with the definition form and its choices, upserts, and reports workStep', async () => {
    const { token, userId } = await newEntrant(0)
    expect(
      (await t.api.post('/api/tbCompetitionInfo/user/add', { ...REGISTRATION, competitionId: FEE })).code,
    ).toBe(403)
    const none = await t.api.get(
      `/api/tbCompetitionInfo/user/getInfoByCompetitionId?competitionId=${FEE}`,
      token,
    )
    expect(none.data).toMatchObject({
      registered: false,
      info: null,
      workStep: 0,
      worksCount: 0,
      paid: false,
    })
    expect(
      await t.api.post(
        '/api/tbCompetitionInfo/user/add',
        { ...REGISTRATION, phone: '123', competitionId: FEE },
        token,
      ),
    ).toMatchObject({ code: 400, msg: MESSAGES.phoneInvalid })
    expect(
      await t.api.post(
        '/api/tbCompetitionInfo/user/add',
        { ...REGISTRATION, entrantType: '9', competitionId: FEE },
        token,
      ),
    ).toEqual({ code: 400, msg: '请选择有效的参赛身份' })
    expect(
      await t.api.post(
        '/api/tbCompetitionInfo/user/add',
        { ...REGISTRATION, companyType: 'x', competitionId: FEE },
        token,
      ),
    ).toEqual({ code: 400, msg: '请选择有效的单位类型' })
    const saved = await register(token)
    expect(saved.code).toBe(200)
    expect(saved.data).toMatchObject({
      registered: true,
      workStep: 1,
      info: { name: REGISTRATION.name, entrantType: '1' },
    })
    const again = await t.api.post(
      '/api/tbCompetitionInfo/user/add',
      { ...REGISTRATION, name: '改名小组', competitionId: FEE },
      token,
    )
    expect(again.data.info.name).toBe('改名小组')
    const count = await t.server.app.db.kysely
      .selectFrom('competition_registrations')
      .select('id')
      .where('competition_id', '=', FEE)
      .where('user_id', '=', userId)
      .execute()
    expect(count).toHaveLength(1)
  })

  it('QT registration needs a qtType from the dictionary, on the QT paths only', async () => {
    const { token } = await newEntrant(0)
    const bad = await t.api.post(
      '/api/tbCompetitionInfo/QT/user/add',
      { ...QT_REGISTRATION, qtType: '99', competitionId: QT },
      token,
    )
    expect(bad).toEqual({ code: 400, msg: '请选择有效的青苔类别' })
    const ok = await t.api.post(
      '/api/tbCompetitionInfo/QT/user/add',
      { ...QT_REGISTRATION, competitionId: QT },
      token,
    )
    expect(ok.code).toBe(200)
    expect(ok.data.info.qtType).toBe('3')
    const read = await t.api.get(`/api/QT/user/getInfoByCompetitionId?competitionId=${QT}`, token)
    expect(read.data.registered).toBe(true)
  })
})

describe('API families', () => {
  it.each([
    ['POST', '/api/tbCompetitionInfo/QT/user/add', FEE, '/tbCompetitionInfo/user/add'],
    ['GET', '/api/QT/user/getInfoByCompetitionId', FEE, '/tbCompetitionInfo/user/getInfoByCompetitionId'],
    ['POST', '/api/tbCompetitionInfo/user/add', QT, '/tbCompetitionInfo/QT/user/add'],
    ['POST', '/api/2025QT/works/add', FEE, '/works/add'],
    ['POST', '/api/ZCCK/works/add', FEE, '/works/add'],
    ['POST', '/api/works/add', QT, '/2025QT/works/add'],
    ['GET', '/api/QT/works/getWorksByCompetitionId', FEE, '/tbCompetitionInfo/works/selectWorksAll'],
    ['POST', '/api/auth2025young', FEE, '/tbCompetitionInfo/auth'],
    ['POST', '/api/tbCompetitionInfo/auth', YOUNG, '/auth2025young'],
  ])('%s %s refuses competition %i, naming %s', async (method, url, competitionId, own) => {
    const { token } = await newEntrant(0)
    const body =
      method === 'GET'
        ? await t.api.get(`${url}?competitionId=${competitionId}`, token)
        : await t.api.post(url, { ...WORK_BASE, competitionId }, token)
    expect(body.code).toBe(400)
    expect(body.msg).toContain('不使用接口')
    expect(body.msg).toContain(`/api${own}`)
  })

  it('qt2025 adds works at /2025QT/works/add and saves the info at /QT/work/saveWorkInfo', async () => {
    const { token } = await newEntrant(0)
    await t.api.post('/api/tbCompetitionInfo/QT/user/add', { ...QT_REGISTRATION, competitionId: QT }, token)
    const { proposition: _p, ...base } = WORK_BASE
    const work = await t.api.post('/api/2025QT/works/add', { ...base, competitionId: QT }, token)
    expect(work.code).toBe(200)
    const info = await t.api.post('/api/QT/work/saveWorkInfo', { ...WORK_INFO, id: work.data.id }, token)
    expect(info.code).toBe(200)
    expect(info.data.complete).toBe(true)
    const list = await t.api.get(`/api/QT/works/getWorksByCompetitionId?competitionId=${QT}`, token)
    expect(list).toMatchObject({ code: 200, total: 1 })
    // works.max 1 for this competition
    expect(await t.api.post('/api/2025QT/works/add', { ...base, competitionId: QT }, token)).toEqual({
      code: 400,
      msg: '每人最多提交 1 件作品',
    })
    expect((await t.api.get(`/api/QT/works/deleteWorks?id=${work.data.id}`, token)).code).toBe(200)
    expect((await t.api.get(`/api/QT/works/getWorksByCompetitionId?competitionId=${QT}`, token)).total).toBe(
      0,
    )
  })
})

describe('works', () => {
  it('need a registration; validate base info, choices and files; list, read, update, delete', async () => {
    const { token } = await newEntrant(0)
    expect(await addWork(token)).toEqual({ code: 400, msg: COMPETITION_MSG.registerFirst })
    await register(token)
    expect((await addWork(token, { worksName: '' })).msg).toBe('作品名称不能为空')
    expect(await addWork(token, { range: 'nope' })).toEqual({ code: 400, msg: '请选择有效的参赛类别' })
    expect(await addWork(token, { proposition: 'product' })).toEqual({ code: 400, msg: '请选择有效的命题' })
    const absent = { fileUrl: `/api/files/${'a'.repeat(64)}.jpg`, fileOgName: '封面.jpg' }
    expect(await addWork(token, { cover: absent })).toEqual({ code: 400, msg: COMPETITION_MSG.fileMissing })
    const wrongType = { fileUrl: `/api/files/${'a'.repeat(64)}.pdf`, fileOgName: '封面.pdf' }
    expect((await addWork(token, { cover: wrongType })).code).toBe(400)
    const work = await addWork(token)
    expect(work.code).toBe(200)
    expect(work.data).toMatchObject({ worksName: WORK_BASE.worksName, complete: false, info: null })
    const renamed = await addWork(token, { id: work.data.id, worksName: '新的作品名称' })
    expect(renamed.data).toMatchObject({ id: work.data.id, worksName: '新的作品名称' })
    const list = await t.api.get(`/api/tbCompetitionInfo/works/selectWorksAll?tbCompetitionId=${FEE}`, token)
    expect(list).toMatchObject({ code: 200, total: 1 })
    expect(list.rows[0].id).toBe(work.data.id)
    expect(
      (await t.api.get(`/api/tbCompetitionInfo/works/getInfo?id=${work.data.id}`, token)).data.worksName,
    ).toBe('新的作品名称')
    expect((await t.api.post('/api/works/add', { id: work.data.id, step: 'info' }, token)).msg).toBe(
      '设计说明不能为空',
    )
    expect(
      await t.api.post('/api/works/add', { ...WORK_INFO, competitionId: FEE, step: 'info' }, token),
    ).toEqual({
      code: 400,
      msg: COMPETITION_MSG.saveBaseFirst,
    })
    expect(
      (
        await t.api.post(
          '/api/tbCompetitionInfo/works/updateWorkPropertyRight',
          { id: work.data.id, propertyRight: [absent], original: true },
          token,
        )
      ).msg,
    ).toBe(COMPETITION_MSG.fileMissing)
    expect(
      (await t.api.get(`/api/tbCompetitionInfo/works/getAdviser?id=${work.data.id}`, token)).data,
    ).toBeNull()
    await t.api.post('/api/tbCompetitionInfo/works/saveAdviser', { ...ADVISER, id: work.data.id }, token)
    expect(
      (await t.api.get(`/api/tbCompetitionInfo/works/getAdviser?id=${work.data.id}`, token)).data,
    ).toEqual(ADVISER)
    const step = await t.api.get(
      `/api/tbCompetitionInfo/user/getInfoByCompetitionId?competitionId=${FEE}`,
      token,
    )
    expect(step.data).toMatchObject({ workStep: 2, worksCount: 1 })
    expect((await t.api.get(`/api/tbCompetitionInfo/deleteWork?id=${work.data.id}`, token)).code).toBe(200)
    expect((await t.api.get(`/api/tbCompetitionInfo/works/getInfo?id=${work.data.id}`, token)).code).toBe(404)
    expect((await t.api.get(`/api/tbCompetitionInfo/deleteWork?id=${work.data.id}`, token)).code).toBe(404)
    const row = await t.server.app.db.kysely
      .selectFrom('competition_works')
      .select('deleted_at')
      .where('id', '=', work.data.id)
      .executeTakeFirstOrThrow()
    expect(row.deleted_at).not.toBeNull()
  })

  it('hold works.max under a concurrent burst of adds', async () => {
    const { token } = await newEntrant(0)
    await register(token)
    const answers = await Promise.all(Array.from({ length: 8 }, () => addWork(token)))
    expect(answers.filter((a) => a.code === 200)).toHaveLength(2)
    expect(answers.filter((a) => a.msg === '每人最多提交 2 件作品')).toHaveLength(6)
    const list = await t.api.get(`/api/tbCompetitionInfo/works/selectWorksAll?tbCompetitionId=${FEE}`, token)
    expect(list.total).toBe(2)
    // A deleted work frees its place.
    await t.api.get(`/api/tbCompetitionInfo/deleteWork?id=${list.rows[0].id}`, token)
    expect((await addWork(token)).code).toBe(200)
  })
})

describe('ownership', () => {
  it("user B cannot put a file user A uploaded into B's work by its address", async () => {
    const a = await newEntrant(0)
    const b = await newEntrant(0)
    await register(b.token)
    // A real JPEG header: a picture of A's, uploaded through the route.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(`A 的封面 ${a.userId}`)])
    const uploaded = (await uploadFile(t.server.app, a.token, '封面.jpg', jpeg)).json()
    expect(uploaded.code).toBe(200)
    const cover = { fileUrl: uploaded.data.url, fileOgName: '封面.jpg' }
    expect(await addWork(b.token, { cover })).toEqual({ code: 400, msg: COMPETITION_MSG.fileMissing })
    // The same content uploaded by B is B's to use.
    expect((await uploadFile(t.server.app, b.token, '我的封面.jpg', jpeg)).json().code).toBe(200)
    expect((await addWork(b.token, { cover })).code).toBe(200)
  })

  it("user B can neither read, change nor delete user A's work, and reads A's as missing", async () => {
    const a = await completeEntrant()
    const b = await newEntrant(0)
    await register(b.token)
    const missing = { code: 404, msg: COMPETITION_MSG.workNotFound }
    const unknownId = 2_000_000
    for (const id of [a.workId, unknownId]) {
      expect(await t.api.get(`/api/tbCompetitionInfo/works/getInfo?id=${id}`, b.token)).toEqual(missing)
      expect(await t.api.get(`/api/tbCompetitionInfo/works/getAdviser?id=${id}`, b.token)).toEqual(missing)
      expect(await addWork(b.token, { id })).toEqual(missing)
      expect(await t.api.post('/api/works/add', { ...WORK_INFO, id, step: 'info' }, b.token)).toEqual(missing)
      expect(
        await t.api.post('/api/tbCompetitionInfo/works/saveAdviser', { ...ADVISER, id }, b.token),
      ).toEqual(missing)
      expect(
        await t.api.post(
          '/api/tbCompetitionInfo/works/updateWorkPropertyRight',
          { ...PROPERTY_RIGHT, id },
          b.token,
        ),
      ).toEqual(missing)
      expect(
        await t.api.post(
          '/api/tbCompetitionInfo/works/updateDisplayBoard',
          { ...DISPLAY_BOARD, id },
          b.token,
        ),
      ).toEqual(missing)
      expect(await t.api.get(`/api/tbCompetitionInfo/deleteWork?id=${id}`, b.token)).toEqual(missing)
      expect(
        await t.api.get(
          `/api/tbCompetitionInfo/draft?competitionId=${FEE}&formKey=workInfo&workId=${id}`,
          b.token,
        ),
      ).toEqual(missing)
    }
    const list = await t.api.get(
      `/api/tbCompetitionInfo/works/selectWorksAll?tbCompetitionId=${FEE}`,
      b.token,
    )
    expect(list.total).toBe(0)
    const mine = await t.api.get(
      `/api/tbCompetitionInfo/user/getInfoByCompetitionId?competitionId=${FEE}`,
      b.token,
    )
    expect(mine.data.info.id).not.toBe(undefined)
    expect(
      (await t.api.get(`/api/tbCompetitionInfo/works/getInfo?id=${a.workId}`, a.token)).data.complete,
    ).toBe(true)
  })
})

describe('drafts', () => {
  it('save and load per competition, form and work, owner only, size-limited, deleted by the real save', async () => {
    const a = await newEntrant(0)
    const b = await newEntrant(0)
    const url = `/api/tbCompetitionInfo/draft?competitionId=${FEE}&formKey=registration`
    expect((await t.api.get(url, a.token)).data).toBeNull()
    const saved = await t.api.post(
      '/api/tbCompetitionInfo/draft',
      { competitionId: FEE, formKey: 'registration', data: { name: '半' } },
      a.token,
    )
    expect(saved.code).toBe(200)
    expect((await t.api.get(url, a.token)).data).toMatchObject({
      formKey: 'registration',
      workId: 0,
      data: { name: '半' },
    })
    expect((await t.api.get(url, b.token)).data).toBeNull()
    expect(
      (
        await t.api.post(
          '/api/tbCompetitionInfo/draft',
          { competitionId: FEE, formKey: 'registration', data: { x: 'x'.repeat(70_000) } },
          a.token,
        )
      ).code,
    ).toBe(413)
    expect(
      await t.api.post(
        '/api/tbCompetitionInfo/draft',
        { competitionId: YOUNG, formKey: 'adviser', data: {} },
        a.token,
      ),
    ).toEqual({ code: 400, msg: COMPETITION_MSG.draftForm })
    await register(a.token)
    expect((await t.api.get(url, a.token)).data).toBeNull()
  })
})

describe('entry fee and finalising', () => {
  it('a free competition refuses payment; unpaid required fee refuses auth; paid → auth ok', async () => {
    const { token } = await newEntrant(100_000)
    await t.api.post('/api/tbCompetitionInfo/QT/user/add', { ...QT_REGISTRATION, competitionId: QT }, token)
    expect(await t.api.post('/api/tbCompetitionInfo/pay/4', { competitionId: QT }, token)).toEqual({
      code: 400,
      msg: COMPETITION_MSG.free,
    })
    const entrant = await completeEntrant()
    expect(await t.api.post('/api/tbCompetitionInfo/auth', { competitionId: FEE }, entrant.token)).toEqual({
      code: 400,
      msg: COMPETITION_MSG.payFirst,
    })
    const paid = await t.api.post('/api/tbCompetitionInfo/pay/4', { competitionId: FEE }, entrant.token)
    expect(paid).toMatchObject({ code: 200, data: { status: 3 } })
    expect(
      (await t.api.get(`/api/my/getPayStatus?orderNumber=${paid.data.orderNumber}`, entrant.token)).data,
    ).toBe(3)
    const step = await t.api.get(
      `/api/tbCompetitionInfo/user/getInfoByCompetitionId?competitionId=${FEE}`,
      entrant.token,
    )
    expect(step.data).toMatchObject({ paid: true, workStep: 5, finalised: false })
    const auth = await t.api.post('/api/tbCompetitionInfo/auth', { competitionId: FEE }, entrant.token)
    expect(auth).toMatchObject({ code: 200, data: { finalised: true } })
    expect(await addWork(entrant.token)).toEqual({ code: 400, msg: COMPETITION_MSG.finalised })
    const mine = (await t.api.get('/api/user/getCompetition', entrant.token)).data
    expect(mine).toEqual([
      expect.objectContaining({ competitionId: FEE, paid: true, finalised: true, worksCount: 1 }),
    ])
  })

  it('auth needs a complete work; an optional fee does not block /auth2025young', async () => {
    const { token } = await newEntrant(0)
    expect(await t.api.post('/api/auth2025young', { competitionId: YOUNG }, token)).toEqual({
      code: 400,
      msg: COMPETITION_MSG.registerFirst,
    })
    await register(token, YOUNG)
    expect(await t.api.post('/api/auth2025young', { competitionId: YOUNG }, token)).toEqual({
      code: 400,
      msg: COMPETITION_MSG.noCompleteWork,
    })
    const { proposition: _p, ...base } = WORK_BASE
    expect((await t.api.post('/api/works/add', { ...base, competitionId: YOUNG }, token)).code).toBe(200)
    expect((await t.api.post('/api/auth2025young', { competitionId: YOUNG }, token)).data.finalised).toBe(
      true,
    )
  })

  it('balance pays a registration exactly once under 10 concurrent attempts', async () => {
    const payer = await newEntrant(100_000)
    await register(payer.token)
    const before = await paymentRows(t.server.app, payer.userId)
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.api.post('/api/tbCompetitionInfo/pay/4', { competitionId: FEE }, payer.token),
      ),
    )
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1)
    for (const a of answers.filter((x) => x.code !== 200)) expect(a.msg).toBe('已缴纳报名费，无需重复缴费')
    const after = await paymentRows(t.server.app, payer.userId)
    expect(after.moneyFen).toBe(before.moneyFen - 30000)
    expect(after.paidOrders).toBe(1)
    expect(await t.api.post('/api/tbCompetitionInfo/pay/4', { competitionId: FEE }, payer.token)).toEqual({
      code: 400,
      msg: '已缴纳报名费，无需重复缴费',
    })
  })

  it('QR payment opens an order whose notify marks the registration paid once', async () => {
    const payer = await newEntrant(0)
    await register(payer.token)
    const qr = await t.api.post('/api/tbCompetitionInfo/pay/2', { competitionId: FEE }, payer.token)
    expect(qr).toMatchObject({ code: 200, data: { status: 1 } })
    expect(qr.data.codeUrl).toBeTruthy()
    const order = await t.server.app.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('order_number', '=', qr.data.orderNumber)
      .executeTakeFirstOrThrow()
    expect(order).toMatchObject({ product: 'competition', competition_id: FEE, amount_fen: 30000 })
    const notice = {
      orderNumber: order.order_number,
      amountFen: 30000,
      outcome: 'paid' as const,
      tradeNo: 'T1',
    }
    expect(await t.server.app.payments.applyNotice(notice, order.provider)).toBe('settled')
    expect(await t.server.app.payments.applyNotice(notice, order.provider)).toBe('repeated')
    const entry = await t.api.get(
      `/api/tbCompetitionInfo/user/getInfoByCompetitionId?competitionId=${FEE}`,
      payer.token,
    )
    expect(entry.data.paid).toBe(true)
  })
})
