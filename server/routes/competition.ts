import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql } from 'kysely'
import { API_FAMILIES, type ApiFamily, COMPETITION_API } from '../../definitions/competition/families.ts'
import { organizerTree } from '../../definitions/competition/organizers.ts'
import { formatPhase, STAGE_LABELS, type Stage, stageAt } from '../../definitions/competition/phases.ts'
import { isWorkComplete, workStepOf } from '../../definitions/competition/progress.ts'
import { renderable } from '../../definitions/competition/render.ts'
import { stepsOf } from '../../definitions/competition/routes.ts'
import type { Choice, Competition, CompetitionForms } from '../../definitions/competition/types.ts'
import { dictItemSchema } from '../../schemas/api/common.ts'
import {
  applyMoneySchema,
  certificatePostSchema,
  competitionCardSchema,
  competitionCertificateSchema,
  competitionDraftSchema,
  competitionEntrySchema,
  competitionInfoSchema,
  competitionPriceSchema,
  competitionRangesSchema,
  competitionViewSchema,
  competitionWorkSchema,
  myCompetitionSchema,
  nullableDraftSchema,
  nullableFormDataSchema,
  organizerGroupSchema,
  organizerUnitSchema,
  rangeItemSchema,
} from '../../schemas/api/competition.ts'
import { listOf } from '../../schemas/api/json.ts'
import { approveResultSchema } from '../../schemas/api/payment.ts'
import { formatYuan, PAY_METHOD, PAY_MSG, PAY_STATUS, type PayMethod } from '../../schemas/payment.ts'
import { BusinessError, CODE, ok, table } from '../lib/envelope.ts'
import { requestOrigin } from '../lib/origin.ts'
import { handlerBody, params, query, replies, SIGNED_IN, str, tableReplies } from '../lib/route-schema.ts'
import { nowIso } from '../lib/time.ts'
import { requireUser } from '../plugins/auth.ts'
import {
  checkChoice,
  checkFiles,
  entryView,
  FORM_KEYS,
  FORM_LABELS,
  findRegistration,
  isBlankDraft,
  liveWorks,
  COMPETITION_MSG as M,
  ownWork,
  progressOf,
  readForm,
  registrationData,
  registrationPrefill,
  requireOpenRegistration,
  requirePhase,
  toId,
  type Work,
  workView,
} from '../services/competition-entries.ts'
import { finaliseWithReceipt, receiptNumbersOf } from '../services/competition-receipts.ts'
import type { CompetitionRegistry } from '../services/competitions.ts'
import { ALREADY_PAID, competitionProduct } from '../services/payment/orders.ts'

declare module 'fastify' {
  interface FastifyInstance {
    competitions: CompetitionRegistry
  }
}

/** Live competitions first on lists: open for entries, then about to open, then judging, then over. */
const STAGE_ORDER: Record<Stage, number> = {
  registering: 0,
  submitting: 1,
  upcoming: 2,
  judging: 3,
  finished: 4,
}

/** Drafts beyond this (the JSON text of one form) are refused. */
export const DRAFT_MAX_BYTES = 64 * 1024
/** Orders a user may open in an hour (the certification payment's limit). */
const ORDER_LIMIT = { windowMs: 3600_000, max: 60 } as const
/** The QT categories (SPEC §7 /common/type/data/qtType) are this seeded dictionary. */
export const QT_TYPE_DICTIONARY = 'qtType'

const TAGS = ['赛事']
const competitionIdField = { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '赛事编号' }
const idField = { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '作品编号' }

/** A body of just {competitionId} (finalising, paying). */
const competitionBody = handlerBody({
  type: 'object',
  properties: { competitionId: competitionIdField },
  required: ['competitionId'],
})

const byCompetition = (name = 'competitionId') => query({ [name]: competitionIdField }, [name])
const byWork = query({ id: idField }, ['id'])

/** The roles a family names a path for (definitions/competition/families.ts), with their methods. */
type Role = 'registrationGet' | 'registrationSave' | 'list' | 'add' | 'saveInfo' | 'delete' | 'auth'
const pathFor = (family: ApiFamily, role: Role): string =>
  ({
    registrationGet: family.registration.get,
    registrationSave: family.registration.save,
    list: family.works.list,
    add: family.works.add,
    saveInfo: family.works.saveInfo,
    delete: family.works.delete,
    auth: family.auth,
  })[role]
const familyOf = (c: Competition): ApiFamily => API_FAMILIES[c.api]
/** Every distinct path the families name for a role. */
const pathsOf = (role: Role) => [...new Set(Object.values(API_FAMILIES).map((f) => pathFor(f, role)))]

/** A family's own paths accept only competitions of that family. */
function requireFamily(c: Competition, role: Role, path: string): void {
  const own = pathFor(familyOf(c), role)
  if (own !== path) throw new BusinessError(CODE.badRequest, M.wrongFamily(c.title, `/api${path}`, own))
}

const asObject = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}

const dictItems = (
  list: Array<Choice & { brief?: string }>,
  listClass?: 'default' | 'Propositional',
  from = 1,
) =>
  list.map((c, i) => ({
    dictCode: c.value,
    dictLabel: c.label,
    dictSort: from + i,
    ...(listClass ? { listClass } : {}),
    ...(c.brief ? { remark: c.brief } : {}),
  }))

/** SPEC §7 "Competition" and the competition rows of "Dictionaries and configuration". */
export async function competitionRoutes(
  app: FastifyInstance,
  opts: { siteOrigin?: string; basePath: string },
): Promise<void> {
  const k = app.db.kysely
  const registry: CompetitionRegistry = app.competitions

  const competitionOf = (id: unknown): Competition => {
    const n = toId(id)
    const c = n === undefined ? undefined : registry.byId(n)
    if (!c) throw new BusinessError(CODE.notFound, M.notFound)
    return c
  }
  /** The competition of one of the user's works (a removed competition reads as not found). */
  const competitionOfWork = (w: Work) => competitionOf(w.competition_id)

  const entryOf = async (userId: number, c: Competition) => {
    const row = await findRegistration(k, userId, c.competitionId)
    const works = row ? await liveWorks(k, userId, c.competitionId) : []
    return entryView(c, row, works, row ? null : await registrationPrefill(k, userId))
  }

  const deleteDraft = (userId: number, c: Competition, formKey: keyof CompetitionForms, workId = 0) =>
    k
      .deleteFrom('competition_drafts')
      .where('user_id', '=', userId)
      .where('competition_id', '=', c.competitionId)
      .where('form_key', '=', formKey)
      .where('work_id', '=', workId)
      .execute()

  const info = (c: Competition) => {
    const stage = stageAt(c.phases, Date.now())
    const family = familyOf(c)
    return {
      id: c.competitionId,
      slug: c.slug,
      title: c.title,
      ...(c.shortTitle ? { shortTitle: c.shortTitle } : {}),
      year: c.year,
      description: c.description,
      cover: c.cover,
      phases: c.phases,
      stage,
      stageLabel: STAGE_LABELS[stage],
      api: c.api,
      apiPaths: { registration: family.registration, works: family.works, auth: family.auth },
      fee: c.pay
        ? { fen: c.pay.fee, yuan: formatYuan(c.pay.fee), source: c.pay.source, required: c.pay.required }
        : null,
      payRequired: c.pay?.required ?? false,
      worksMax: c.works.max,
      worksAdd: c.works.add,
      worksManage: c.works.manage,
      entrantTypes: c.entrantTypes,
      companyTypes: c.companyTypes,
      ranges: c.ranges,
      steps: stepsOf(c),
      organizers: c.organizers ?? {},
    }
  }

  // ——— The competition itself ———

  app.get(
    COMPETITION_API.list,
    {
      schema: {
        tags: TAGS,
        summary: '全部在办赛事：报名中与作品征集中在前，其次即将开始、评审中、已结束（首页、搜索）',
        querystring: query({}),
        response: replies(listOf(competitionCardSchema)),
      },
    },
    async () => {
      const now = Date.now()
      const cards = app.competitions.all().map((c) => {
        const stage = stageAt(c.phases, now)
        return {
          id: c.competitionId,
          slug: c.slug,
          title: c.title,
          year: c.year,
          description: c.description,
          cover: c.cover,
          stage,
          stageLabel: STAGE_LABELS[stage],
          registrationOpens: formatPhase(c.phases.registrationOpens),
          registrationCloses: formatPhase(c.phases.registrationCloses),
          ...(c.pay ? { feeYuan: formatYuan(c.pay.fee) } : {}),
          order: STAGE_ORDER[stage],
          opens: c.phases.registrationOpens,
        }
      })
      cards.sort((a, b) => a.order - b.order || b.opens.localeCompare(a.opens))
      return ok(cards)
    },
  )

  app.get<{ Querystring: { id: number } }>(
    COMPETITION_API.info,
    {
      schema: {
        tags: TAGS,
        summary: '赛事信息：名称、赛程与当前阶段、报名费、作品数上限、接口族、参赛身份与单位类型、步骤',
        querystring: query({ id: competitionIdField }, ['id']),
        response: replies(competitionInfoSchema),
      },
    },
    async (request) => ok(info(competitionOf(request.query.id))),
  )

  app.get<{ Params: { slug: string } }>(
    '/competition/definition/:slug',
    {
      schema: {
        tags: TAGS,
        summary:
          '赛事定义（SPA 渲染赛事各页所用）：include 已展开的页面、当前阶段、步骤（stepsOf）与路由（routesOf）；未知赛事 code 404',
        params: params({ slug: 64 }),
        querystring: query({}),
        response: replies(competitionViewSchema),
      },
    },
    async (request) => {
      const c = registry.bySlug(request.params.slug)
      if (!c) throw new BusinessError(CODE.notFound, M.notFound)
      return ok(renderable(registry.root, c, Date.now()))
    },
  )

  // ——— Registration (family paths) ———

  for (const path of pathsOf('registrationGet')) {
    app.get<{ Querystring: { competitionId: number } }>(
      path,
      {
        preValidation: requireUser,
        schema: {
          tags: TAGS,
          summary: `我的报名（${familiesUsing('registrationGet', path)}）：报名表、workStep、是否已缴费、是否已确认提交、作品数`,
          security: SIGNED_IN,
          querystring: byCompetition(),
          response: replies(competitionEntrySchema),
        },
      },
      async (request) => {
        const c = competitionOf(request.query.competitionId)
        requireFamily(c, 'registrationGet', path)
        return ok(await entryOf(request.userId, c))
      },
    )
  }

  for (const path of pathsOf('registrationSave')) {
    app.post(
      path,
      {
        preValidation: requireUser,
        schema: {
          tags: TAGS,
          summary: `保存报名信息（${familiesUsing('registrationSave', path)}；报名阶段内，确认提交前可修改）`,
          description:
            '请求体：competitionId 加赛事定义 forms.registration 表单的字段（如 competition-registration、competition-qt-registration）。entrantType、companyType 须为定义中的选项，qtType 须为字典 competition_qt_type 的值。',
          security: SIGNED_IN,
          querystring: query({}),
          body: handlerBody({
            type: 'object',
            properties: {
              competitionId: competitionIdField,
              entrantType: str(32),
              companyType: str(32),
              qtType: str(32),
            },
            required: ['competitionId'],
          }),
          response: replies(competitionEntrySchema),
        },
      },
      async (request) => {
        const body = asObject(request.body)
        const c = competitionOf(body.competitionId)
        requireFamily(c, 'registrationSave', path)
        requirePhase(c, 'register')
        const form = readForm(c, 'registration', body)
        checkChoice(form.entrantType, c.entrantTypes, '参赛身份')
        checkChoice(form.companyType, c.companyTypes, '单位类型')
        if (form.qtType !== undefined && !app.reference.dictLabel(QT_TYPE_DICTIONARY, String(form.qtType)))
          throw new BusinessError(CODE.badRequest, M.badChoice('青苔类别'))
        await checkFiles(k, request.userId, form)
        const existing = await findRegistration(k, request.userId, c.competitionId)
        if (existing?.finalised_at) throw new BusinessError(CODE.badRequest, M.finalised)
        const { entrantType, companyType, qtType, ...rest } = form
        const values = {
          entrant_type: typeof entrantType === 'string' ? entrantType : '',
          company_type: typeof companyType === 'string' ? companyType : '',
          qt_type: typeof qtType === 'string' ? qtType : null,
          data: JSON.stringify(rest),
          updated_at: nowIso(),
        }
        await k
          .insertInto('competition_registrations')
          .values({
            ...values,
            competition_id: c.competitionId,
            user_id: request.userId,
            created_at: nowIso(),
          })
          .onConflict((oc) => oc.columns(['competition_id', 'user_id']).doUpdateSet(values))
          .execute()
        await deleteDraft(request.userId, c, 'registration')
        return ok(await entryOf(request.userId, c), '报名信息已保存')
      },
    )
  }

  // ——— Works (family paths) ———

  for (const path of pathsOf('list')) {
    app.get<{ Querystring: { competitionId?: number; tbCompetitionId?: number } }>(
      path,
      {
        preValidation: requireUser,
        schema: {
          tags: TAGS,
          summary: `我在该赛事的作品（${familiesUsing('list', path)}；tbCompetitionId 或 competitionId）`,
          security: SIGNED_IN,
          querystring: query({ tbCompetitionId: competitionIdField, competitionId: competitionIdField }),
          response: tableReplies(competitionWorkSchema),
        },
      },
      async (request) => {
        const c = competitionOf(request.query.tbCompetitionId ?? request.query.competitionId)
        requireFamily(c, 'list', path)
        const rows = (await liveWorks(k, request.userId, c.competitionId)).map((w) => workView(c, w))
        return table(rows, rows.length)
      },
    )
  }

  const addPaths = new Set(pathsOf('add'))
  for (const path of new Set([...pathsOf('add'), ...pathsOf('saveInfo')])) {
    const isAdd = addPaths.has(path)
    const isInfo = pathsOf('saveInfo').includes(path)
    app.post(
      path,
      {
        preValidation: requireUser,
        schema: {
          tags: TAGS,
          summary: [
            isAdd ? `新建作品或修改基本信息（${familiesUsing('add', path)}）` : '',
            isInfo ? `保存设计说明与团队（${familiesUsing('saveInfo', path)}）` : '',
          ]
            .filter(Boolean)
            .join('；'),
          description: [
            isAdd
              ? 'step 为 base（默认）时：无 id 新建作品，须带 competitionId，受每人作品数上限约束；有 id 修改该作品。其余字段为定义 forms.workBase 表单（如 competition-work-base）。'
              : '',
            isInfo
              ? `step 为 info${isAdd ? '' : '（本路径默认）'}时：id 必填，其余字段为 forms.workInfo 表单（如 competition-work-info）。`
              : '',
            '作品提交阶段内、确认提交前可写；文件字段 {fileUrl, fileOgName} 必须是已上传的文件。',
          ].join(''),
          security: SIGNED_IN,
          querystring: query({}),
          body: handlerBody({
            type: 'object',
            properties: {
              competitionId: competitionIdField,
              id: idField,
              step: { type: 'string', enum: isAdd && isInfo ? ['base', 'info'] : [isAdd ? 'base' : 'info'] },
            },
          }),
          response: replies(competitionWorkSchema),
        },
      },
      async (request) => {
        const body = asObject(request.body)
        const stepName = body.step === 'info' || body.step === 'base' ? body.step : isAdd ? 'base' : 'info'
        const existing = body.id === undefined ? undefined : await ownWork(k, request.userId, body.id)
        const c = existing ? competitionOfWork(existing) : competitionOf(body.competitionId)
        requireFamily(c, stepName === 'info' ? 'saveInfo' : 'add', path)
        if (stepName === 'base' && !existing && !c.works.add)
          throw new BusinessError(CODE.badRequest, M.worksClosed)
        requirePhase(c, 'submit')
        const registration = requireOpenRegistration(
          await findRegistration(k, request.userId, c.competitionId),
        )
        const now = nowIso()
        if (stepName === 'info') {
          if (!existing) throw new BusinessError(CODE.badRequest, M.saveBaseFirst)
          const form = readForm(c, 'workInfo', body)
          await checkFiles(k, request.userId, form)
          await k
            .updateTable('competition_works')
            .set({ info: JSON.stringify(form), updated_at: now })
            .where('id', '=', existing.id)
            .execute()
          await deleteDraft(request.userId, c, 'workInfo', existing.id)
          return ok(workView(c, await ownWork(k, request.userId, existing.id)), '已保存')
        }
        const form = readForm(c, 'workBase', body)
        const ranges = [...c.ranges.default, ...(c.ranges.propositional ?? [])]
        checkChoice(form.range, ranges, '参赛类别')
        checkChoice(form.proposition, c.ranges.propositional ?? [], '命题')
        await checkFiles(k, request.userId, form)
        if (existing) {
          await k
            .updateTable('competition_works')
            .set({ base: JSON.stringify(form), updated_at: now })
            .where('id', '=', existing.id)
            .execute()
          await deleteDraft(request.userId, c, 'workBase', existing.id)
          return ok(workView(c, await ownWork(k, request.userId, existing.id)), '已保存')
        }
        // The limit is claimed first, by one conditional UPDATE: a burst cannot pass it.
        const id = await k.transaction().execute(async (trx) => {
          const claimed = await trx
            .updateTable('competition_registrations')
            .set({ works_count: sql<number>`works_count + 1` })
            .where('id', '=', registration.id)
            .where('works_count', '<', c.works.max)
            .where('finalised_at', 'is', null)
            .executeTakeFirst()
          if (Number(claimed.numUpdatedRows) !== 1)
            throw new BusinessError(CODE.badRequest, M.worksMax(c.works.max))
          const row = await trx
            .insertInto('competition_works')
            .values({
              competition_id: c.competitionId,
              user_id: request.userId,
              registration_id: registration.id,
              base: JSON.stringify(form),
              info: null,
              adviser: null,
              property_right: null,
              display_board: null,
              created_at: now,
              updated_at: now,
              deleted_at: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
          return row.id
        })
        await deleteDraft(request.userId, c, 'workBase', 0)
        return ok(workView(c, await ownWork(k, request.userId, id)), '作品已保存')
      },
    )
  }

  for (const path of pathsOf('delete')) {
    app.get<{ Querystring: { id: number } }>(
      path,
      {
        // A GET by SPEC §7, yet it deletes: refused from other sites like a POST.
        config: { changesState: true },
        preValidation: requireUser,
        schema: {
          tags: TAGS,
          summary: `删除我的作品（${familiesUsing('delete', path)}；作品提交阶段内、确认提交前）`,
          security: SIGNED_IN,
          querystring: byWork,
          response: replies(),
        },
      },
      async (request) => {
        const w = await ownWork(k, request.userId, request.query.id)
        const c = competitionOfWork(w)
        requireFamily(c, 'delete', path)
        requirePhase(c, 'submit')
        requireOpenRegistration(await findRegistration(k, request.userId, c.competitionId))
        await k.transaction().execute(async (trx) => {
          const gone = await trx
            .updateTable('competition_works')
            .set({ deleted_at: nowIso() })
            .where('id', '=', w.id)
            .where('deleted_at', 'is', null)
            .executeTakeFirst()
          if (Number(gone.numUpdatedRows) === 1)
            await trx
              .updateTable('competition_registrations')
              .set({ works_count: sql<number>`works_count - 1` })
              .where('id', '=', w.registration_id)
              .where('works_count', '>', 0)
              .execute()
          await trx
            .deleteFrom('competition_drafts')
            .where('user_id', '=', request.userId)
            .where('work_id', '=', w.id)
            .execute()
        })
        return ok(undefined, '作品已删除')
      },
    )
  }

  for (const path of pathsOf('auth')) {
    app.post(
      path,
      {
        preValidation: requireUser,
        schema: {
          tags: TAGS,
          summary: `确认提交参赛作品（${familiesUsing('auth', path)}）：须已报名、至少一件作品完成全部步骤，必须缴费的赛事须已缴费；之后不能再修改`,
          description: '请求体 {competitionId}。重复确认提交不改变任何数据。',
          security: SIGNED_IN,
          querystring: query({}),
          body: competitionBody,
          response: replies(competitionEntrySchema),
        },
      },
      async (request) => {
        const body = asObject(request.body)
        const c = competitionOf(body.competitionId)
        requireFamily(c, 'auth', path)
        const row = await findRegistration(k, request.userId, c.competitionId)
        if (row?.finalised_at) return ok(await entryOf(request.userId, c), '已确认提交')
        requirePhase(c, 'submit')
        if (!row) throw new BusinessError(CODE.badRequest, M.registerFirst)
        const works = await liveWorks(k, request.userId, c.competitionId)
        if (!works.some((w) => isWorkComplete(c, progressOf(w))))
          throw new BusinessError(CODE.badRequest, M.noCompleteWork)
        if (c.pay?.required && !row.paid_order_id) throw new BusinessError(CODE.badRequest, M.payFirst)
        // The entry number and the files' timestamps (README "参赛回执"): one receipt, however many
        // confirms race.
        await finaliseWithReceipt(k, app.notary, { registration: row, works, competitionId: c.competitionId })
        return ok(await entryOf(request.userId, c), '确认提交成功')
      },
    )
  }

  // ——— Shared work endpoints ———

  app.get<{ Querystring: { id: number } }>(
    COMPETITION_API.work,
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: '我的一件作品（他人的作品与不存在的作品回答相同）',
        security: SIGNED_IN,
        querystring: byWork,
        response: replies(competitionWorkSchema),
      },
    },
    async (request) => {
      const w = await ownWork(k, request.userId, request.query.id)
      return ok(workView(registry.byId(w.competition_id), w))
    },
  )

  /** updateWorkPropertyRight, updateDisplayBoard and saveAdviser: one step's form onto one work. */
  const stepWrite = (
    path: string,
    key: 'propertyRight' | 'displayBoard' | 'adviser',
    column: 'property_right' | 'display_board' | 'adviser',
    summary: string,
    description: string,
    extra: Record<string, unknown>,
  ) =>
    app.post(
      path,
      {
        preValidation: requireUser,
        schema: {
          tags: TAGS,
          summary,
          description: `${description}作品提交阶段内、确认提交前；只能写自己的作品。`,
          security: SIGNED_IN,
          querystring: query({}),
          body: handlerBody({ type: 'object', properties: { id: idField, ...extra }, required: ['id'] }),
          response: replies(competitionWorkSchema),
        },
      },
      async (request) => {
        const body = asObject(request.body)
        const w = await ownWork(k, request.userId, body.id)
        const c = competitionOfWork(w)
        requirePhase(c, 'submit')
        requireOpenRegistration(await findRegistration(k, request.userId, c.competitionId))
        const form = readForm(c, key, body)
        await checkFiles(k, request.userId, form)
        await k
          .updateTable('competition_works')
          .set({ [column]: JSON.stringify(form), updated_at: nowIso() })
          .where('id', '=', w.id)
          .execute()
        await deleteDraft(request.userId, c, key, w.id)
        return ok(workView(c, await ownWork(k, request.userId, w.id)), '已保存')
      },
    )

  const fileList = (types: string) => ({
    type: 'array',
    items: { type: 'object', properties: { fileUrl: str(300), fileOgName: str(255) } },
    description: `已上传文件（POST /api/common/upload 返回的 url 与文件名），${types}`,
  })
  stepWrite(
    COMPETITION_API.propertyRight,
    'propertyRight',
    'property_right',
    '保存作品的知识产权证明',
    '请求体 {id, propertyRight: [{fileUrl, fileOgName}…], …}：forms.propertyRight 表单（如 competition-property-right），文件为 pdf/jpg/jpeg/png。',
    { propertyRight: fileList('pdf/jpg/jpeg/png') },
  )
  stepWrite(
    COMPETITION_API.displayBoard,
    'displayBoard',
    'display_board',
    '保存作品的展板',
    '请求体 {id, displayBoard: [{fileUrl, fileOgName}…]}：forms.displayBoard 表单（如 competition-display-board），图片为 jpg/jpeg/png。',
    { displayBoard: fileList('jpg/jpeg/png') },
  )
  stepWrite(
    COMPETITION_API.saveAdviser,
    'adviser',
    'adviser',
    '保存作品的指导老师',
    '请求体 {id, …}：forms.adviser 表单（如 competition-adviser）的字段。',
    {},
  )

  app.get<{ Querystring: { id: number } }>(
    COMPETITION_API.adviser,
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: '我的作品的指导老师（未保存时为 null）',
        security: SIGNED_IN,
        querystring: byWork,
        response: replies(nullableFormDataSchema),
      },
    },
    async (request) => {
      const w = await ownWork(k, request.userId, request.query.id)
      return ok(workView(undefined, w).adviser)
    },
  )

  // ——— Fee ———

  app.get<{ Querystring: { competitionId: number } }>(
    COMPETITION_API.authPrice,
    {
      schema: {
        tags: TAGS,
        summary:
          '赛事报名费：price 元（文本）、priceFen 分、required 是否必须缴费后才能确认提交；免费赛事 priceFen 为 0',
        querystring: byCompetition(),
        response: replies(competitionPriceSchema),
      },
    },
    async (request) => {
      const c = competitionOf(request.query.competitionId)
      return ok({
        price: formatYuan(c.pay?.fee ?? 0),
        priceFen: c.pay?.fee ?? 0,
        required: c.pay?.required ?? false,
        source: c.pay?.source ?? null,
      })
    },
  )

  app.get(
    COMPETITION_API.applyMoney,
    {
      schema: {
        tags: TAGS,
        summary: '全站统一报名费（定义中 pay.source 为 config 的赛事共用）；没有这样的赛事时 fen 为 0',
        querystring: query({}),
        response: replies(applyMoneySchema),
      },
    },
    async () => {
      const fen = registry.all().find((c) => c.pay?.source === 'config')?.pay?.fee ?? 0
      return ok({ configKey: 'competition.apply.money', configValue: formatYuan(fen), fen })
    },
  )

  app.post<{ Params: { method: string } }>(
    `${COMPETITION_API.pay}/:method`,
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary:
          '缴纳报名费：2 微信扫码（返回 codeUrl），3 在线支付（返回表单 body），4 余额支付；支付状态用 GET /my/getPayStatus',
        description:
          '请求体 {competitionId}。须已报名；免费赛事与已缴费的报名被拒绝；一份报名只会被标记缴费一次。',
        security: SIGNED_IN,
        params: {
          type: 'object',
          properties: { method: { type: 'string', enum: ['2', '3', '4'] } },
          required: ['method'],
        },
        querystring: query({}),
        body: competitionBody,
        response: replies(approveResultSchema),
      },
    },
    async (request) => {
      const body = asObject(request.body)
      const c = competitionOf(body.competitionId)
      if (!c.pay) throw new BusinessError(CODE.badRequest, M.free)
      requirePhase(c, 'submit')
      const row = await findRegistration(k, request.userId, c.competitionId)
      if (!row) throw new BusinessError(CODE.badRequest, M.registerFirst)
      if (row.paid_order_id) throw new BusinessError(CODE.badRequest, ALREADY_PAID)
      const claim = await app.rateLimits.claim(`order:user:${request.userId}`, ORDER_LIMIT)
      if (!claim.allowed) throw new BusinessError(CODE.tooMany, '支付请求过于频繁，请稍后再试')
      const product = competitionProduct(c.competitionId, c.title, c.pay.fee)
      const method = Number(request.params.method) as PayMethod
      if (method === PAY_METHOD.balance) {
        const orderNumber = await app.payments.payByBalance(request.userId, product)
        return ok({ orderNumber, status: PAY_STATUS.success }, PAY_MSG.succeeded)
      }
      const provider = app.paymentProvider
      const pending = await app.payments.createPending(request.userId, product, method, provider.name)
      const origin = requestOrigin(request as FastifyRequest, opts.siteOrigin)
      const order = {
        ...pending,
        amountFen: product.amountFen,
        subject: product.subject,
        notifyUrl: `${origin}/api/pay/notify/${provider.name}`,
        returnUrl: `${origin}${opts.basePath}${c.slug}/base`,
      }
      const extra =
        method === PAY_METHOD.online ? await provider.pageForm(order) : await provider.qrCode(order)
      return ok({ orderNumber: order.orderNumber, status: PAY_STATUS.pending, ...extra })
    },
  )

  // ——— Drafts ———

  const formKey = { type: 'string', enum: FORM_KEYS, description: '表单步骤：定义 forms 的键' }

  /** The draft's key, refused when the competition has no such form or the work is not the user's. */
  const draftKey = async (userId: number, raw: Record<string, unknown>) => {
    const c = competitionOf(raw.competitionId)
    const key = raw.formKey as keyof CompetitionForms
    if (typeof key !== 'string' || !FORM_KEYS.includes(key) || !c.forms[key])
      throw new BusinessError(CODE.badRequest, M.draftForm)
    let workId = 0
    if (raw.workId !== undefined && raw.workId !== 0 && raw.workId !== '0') {
      const w = await ownWork(k, userId, raw.workId)
      if (w.competition_id !== c.competitionId) throw new BusinessError(CODE.notFound, M.workNotFound)
      workId = w.id
    }
    return { c, key, workId }
  }

  app.get<{ Querystring: { competitionId: number; formKey: string; workId?: number } }>(
    COMPETITION_API.draft,
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: `读取我未完成的表单草稿（没有时 data 为 null）；formKey：${FORM_KEYS.map((key) => `${key} ${FORM_LABELS[key]}`).join('、')}`,
        security: SIGNED_IN,
        querystring: query(
          {
            competitionId: competitionIdField,
            formKey,
            workId: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
          },
          ['competitionId', 'formKey'],
        ),
        response: replies(nullableDraftSchema),
      },
    },
    async (request) => {
      const { c, key, workId } = await draftKey(request.userId, request.query)
      const row = await k
        .selectFrom('competition_drafts')
        .selectAll()
        .where('user_id', '=', request.userId)
        .where('competition_id', '=', c.competitionId)
        .where('form_key', '=', key)
        .where('work_id', '=', workId)
        .executeTakeFirst()
      const data = row ? (JSON.parse(row.data) as object) : null
      if (!row || isBlankDraft(data)) return ok(null)
      return ok({ formKey: key, workId, data, updateTime: row.updated_at })
    },
  )

  app.post(
    COMPETITION_API.draft,
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: `保存我未完成的表单（每个赛事、表单、作品一份，最多 ${DRAFT_MAX_BYTES / 1024}KB；正式保存成功后自动删除）`,
        description: '请求体 {competitionId, formKey, workId?, data: {…表单内容，不校验}}。',
        security: SIGNED_IN,
        querystring: query({}),
        body: handlerBody({
          type: 'object',
          properties: {
            competitionId: competitionIdField,
            formKey,
            workId: { type: 'integer', minimum: 0, maximum: 2_147_483_647 },
            data: { type: 'object', additionalProperties: true },
          },
          required: ['competitionId', 'formKey', 'data'],
        }),
        response: replies(competitionDraftSchema),
      },
    },
    async (request) => {
      const body = asObject(request.body)
      const { c, key, workId } = await draftKey(request.userId, body)
      const data = asObject(body.data)
      const text = JSON.stringify(data)
      if (Buffer.byteLength(text) > DRAFT_MAX_BYTES)
        throw new BusinessError(CODE.tooLarge, M.draftTooLarge(DRAFT_MAX_BYTES / 1024))
      const now = nowIso()
      // Nothing typed (or all of it erased): no draft, so nothing is offered back later.
      if (isBlankDraft(data)) {
        await deleteDraft(request.userId, c, key, workId)
        return ok({ formKey: key, workId, data, updateTime: now }, '草稿为空，未保存')
      }
      await k
        .insertInto('competition_drafts')
        .values({
          user_id: request.userId,
          competition_id: c.competitionId,
          form_key: key,
          work_id: workId,
          data: text,
          updated_at: now,
        })
        .onConflict((oc) =>
          oc
            .columns(['user_id', 'competition_id', 'form_key', 'work_id'])
            .doUpdateSet({ data: text, updated_at: now }),
        )
        .execute()
      return ok({ formKey: key, workId, data, updateTime: now }, '草稿已保存')
    },
  )

  // ——— Dictionaries and configuration ———

  app.get<{ Querystring: { id?: number } }>(
    COMPETITION_API.ranges,
    {
      schema: {
        tags: TAGS,
        summary:
          '参赛类别（字典项）：带 id（赛事编号）时为该赛事的类别，listClass 为 default 常规类别或 Propositional 命题类别；不带 id 时为通用字典',
        querystring: query({ id: competitionIdField }),
        response: replies(listOf(rangeItemSchema)),
      },
    },
    async (request) => {
      if (request.query.id === undefined)
        return ok(app.reference.dictionaries.get('sys_competition_range') ?? [])
      const c = competitionOf(request.query.id)
      const defaults = dictItems(c.ranges.default, 'default')
      return ok([
        ...defaults,
        ...dictItems(c.ranges.propositional ?? [], 'Propositional', defaults.length + 1),
      ])
    },
  )

  app.get<{ Params: { id: string } }>(
    `${COMPETITION_API.rangesById}/:id`,
    {
      schema: {
        tags: TAGS,
        summary: '赛事的参赛类别，分为 default（常规）与 Propositional（命题）两组',
        params: params({ id: 12 }),
        querystring: query({}),
        response: replies(competitionRangesSchema),
      },
    },
    async (request) => {
      const c = competitionOf(request.params.id)
      return ok({
        default: dictItems(c.ranges.default, 'default'),
        Propositional: dictItems(c.ranges.propositional ?? [], 'Propositional'),
      })
    },
  )

  app.get<{ Querystring: { competitionId?: number } }>(
    COMPETITION_API.companyTypes,
    {
      schema: {
        tags: TAGS,
        summary: '单位类型（字典项）：给出 competitionId 时为该赛事定义的，否则为通用字典',
        querystring: query({ competitionId: competitionIdField }),
        response: replies(listOf(rangeItemSchema)),
      },
    },
    async (request) => {
      if (request.query.competitionId !== undefined)
        return ok(dictItems(competitionOf(request.query.competitionId).companyTypes))
      return ok(app.reference.dictionaries.get('competition_company_type') ?? [])
    },
  )

  app.get(
    COMPETITION_API.qtTypes,
    {
      schema: {
        tags: TAGS,
        summary: `青苔类别（字典 ${QT_TYPE_DICTIONARY}；展示用的分组见 /common/type/competition_qt_type_show）`,
        querystring: query({}),
        response: replies(listOf(dictItemSchema)),
      },
    },
    async () => ok(app.reference.dictionaries.get(QT_TYPE_DICTIONARY) ?? []),
  )

  app.get<{ Querystring: { competitionId: number } }>(
    COMPETITION_API.coOrganizers,
    {
      schema: {
        tags: TAGS,
        summary: '赛事的主办与协办单位（树：分组 → 单位）',
        querystring: byCompetition(),
        response: replies(listOf(organizerGroupSchema)),
      },
    },
    async (request) => {
      const c = competitionOf(request.query.competitionId)
      return ok(organizerTree(c.organizers, ['host', 'coOrganizers']))
    },
  )

  app.get<{ Querystring: { competitionId: number } }>(
    COMPETITION_API.supportUnits,
    {
      schema: {
        tags: TAGS,
        summary: '赛事的支持单位',
        querystring: byCompetition(),
        response: replies(listOf(organizerUnitSchema)),
      },
    },
    async (request) => {
      const c = competitionOf(request.query.competitionId)
      return ok((c.organizers?.supportUnits ?? []).map((name, i) => ({ id: `support-${i + 1}`, name })))
    },
  )

  // ——— The user's competitions and certificates ———

  app.get(
    COMPETITION_API.myCompetitions,
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: '我参加的赛事及状态（最新报名在前）',
        security: SIGNED_IN,
        querystring: query({}),
        response: replies(listOf(myCompetitionSchema)),
      },
    },
    async (request) => {
      const rows = await k
        .selectFrom('competition_registrations as r')
        .innerJoin('competitions as c', 'c.id', 'r.competition_id')
        .select(['r.id', 'r.competition_id', 'r.paid_order_id', 'r.finalised_at', 'r.created_at'])
        .select(['c.slug', 'c.title', 'c.year', 'c.active', 'c.definition', 'c.results'])
        .where('r.user_id', '=', request.userId)
        .orderBy('r.id', 'desc')
        .execute()
      const now = Date.now()
      const receipts = await receiptNumbersOf(k, request.userId)
      const list = []
      for (const row of rows) {
        const live = registry.byId(row.competition_id)
        const c = live ?? ({ ...(JSON.parse(row.definition) as Competition), slug: row.slug } as Competition)
        const works = await liveWorks(k, request.userId, row.competition_id)
        const stage = stageAt(c.phases, now)
        list.push({
          competitionId: row.competition_id,
          slug: row.slug,
          title: row.title,
          year: row.year,
          cover: c.cover ?? null,
          active: !!live,
          stage,
          stageLabel: STAGE_LABELS[stage],
          workStep: workStepOf(c, {
            registered: true,
            works: works.map(progressOf),
            paid: !!row.paid_order_id,
          }),
          worksCount: works.length,
          paid: !!row.paid_order_id,
          payRequired: c.pay?.required ?? false,
          finalised: !!row.finalised_at,
          registeredAt: row.created_at,
          certificate: !!row.finalised_at && now >= Date.parse(row.results),
          receiptNumber: receipts.get(row.competition_id) ?? null,
        })
      }
      return ok(list)
    },
  )

  /** The participation certificate of a finalised entry, once results are out. */
  const certificateOf = async (userId: number, competitionId: unknown) => {
    const c = competitionOf(competitionId)
    if (Date.now() < Date.parse(c.phases.results))
      throw new BusinessError(CODE.badRequest, M.noCertificateYet(formatPhase(c.phases.results)))
    const row = await findRegistration(k, userId, c.competitionId)
    if (!row?.finalised_at) throw new BusinessError(CODE.badRequest, M.noCertificate)
    const user = await k
      .selectFrom('users')
      .select('username')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
    const data = registrationData(row)
    const works = await liveWorks(k, userId, c.competitionId)
    return {
      c,
      certificate: {
        number: `KBC${c.competitionId}-${String(row.id).padStart(6, '0')}`,
        name: typeof data.name === 'string' ? data.name : user.username,
        competitionId: c.competitionId,
        competitionTitle: c.title,
        year: c.year,
        works: works.map((w) => workView(c, w).worksName),
        issuedAt: c.phases.results,
      },
    }
  }

  app.get<{ Querystring: { competitionId: number } }>(
    COMPETITION_API.userCertificate,
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: '我的参赛证书（结果公布后，已确认提交的报名）：编号、姓名、赛事、作品',
        security: SIGNED_IN,
        querystring: byCompetition(),
        response: replies(competitionCertificateSchema),
      },
    },
    async (request) => ok((await certificateOf(request.userId, request.query.competitionId)).certificate),
  )

  /** Records (or moves to another of the user's addresses) the posting of a certificate. */
  const requestPost = async (
    userId: number,
    competitionId: unknown,
    addressId: unknown,
    postagePaid: boolean,
  ) => {
    const { c } = await certificateOf(userId, competitionId)
    const id = toId(addressId)
    const address =
      id === undefined
        ? undefined
        : await k
            .selectFrom('addresses')
            .selectAll()
            .where('id', '=', id)
            .where('user_id', '=', userId)
            .executeTakeFirst()
    if (!address) throw new BusinessError(CODE.notFound, M.addressNotFound)
    const snapshot = {
      userName: address.user_name,
      phone: address.phone,
      cityId: address.city_id,
      cityNames: app.reference.regionPath(address.city_id).map((r) => r.name),
      address: address.address,
    }
    const now = nowIso()
    const values = { address: JSON.stringify(snapshot), postage_paid: postagePaid ? 1 : 0 }
    await k
      .insertInto('competition_certificate_posts')
      .values({ ...values, user_id: userId, competition_id: c.competitionId, created_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'competition_id']).doUpdateSet(values))
      .execute()
    return {
      competitionId: c.competitionId,
      competitionTitle: c.title,
      address: snapshot,
      postagePaid,
      createTime: now,
    }
  }

  app.post(
    COMPETITION_API.postCertificate,
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: '申请邮寄参赛证书到我的一个地址（每份报名一条，再次申请改为新地址）',
        description: '请求体 {competitionId, addressId}；addressId 为 /address/list 中我的地址。',
        security: SIGNED_IN,
        querystring: query({}),
        body: handlerBody({
          type: 'object',
          properties: { competitionId: competitionIdField, addressId: idField },
          required: ['competitionId', 'addressId'],
        }),
        response: replies(certificatePostSchema),
      },
    },
    async (request) => {
      const body = asObject(request.body)
      return ok(
        await requestPost(request.userId, body.competitionId, body.addressId, false),
        '已提交邮寄申请',
      )
    },
  )

  app.get<{ Querystring: { competitionId?: number; addressId?: number } }>(
    COMPETITION_API.postCertificateNoPay,
    {
      // A GET by SPEC §7 that files a posting request when it names an address.
      config: { changesState: true },
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary:
          '免邮费邮寄证书：带 competitionId 与 addressId 时提交申请；不带 addressId 时列出我的邮寄申请',
        security: SIGNED_IN,
        querystring: query({ competitionId: competitionIdField, addressId: idField }),
        response: replies(listOf(certificatePostSchema)),
      },
    },
    async (request) => {
      const { competitionId, addressId } = request.query
      if (competitionId !== undefined && addressId !== undefined)
        return ok([await requestPost(request.userId, competitionId, addressId, false)], '已提交邮寄申请')
      let mine = k
        .selectFrom('competition_certificate_posts as p')
        .innerJoin('competitions as c', 'c.id', 'p.competition_id')
        .select(['p.competition_id', 'c.title', 'p.address', 'p.postage_paid', 'p.created_at'])
        .where('p.user_id', '=', request.userId)
      if (competitionId !== undefined) mine = mine.where('p.competition_id', '=', competitionId)
      const rows = await mine.orderBy('p.id', 'desc').execute()
      return ok(
        rows.map((r) => ({
          competitionId: r.competition_id,
          competitionTitle: r.title,
          address: JSON.parse(r.address) as object,
          postagePaid: r.postage_paid === 1,
          createTime: r.created_at,
        })),
      )
    },
  )
}

/** "default、zcck" — which families use a path for a role, for the docs. */
function familiesUsing(role: Role, path: string): string {
  return Object.entries(API_FAMILIES)
    .filter(([, f]) => pathFor(f, role) === path)
    .map(([name]) => name)
    .join('、')
}
