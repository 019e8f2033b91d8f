import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { COMPETITION_API } from '../../definitions/competition/families.ts'
import {
  competitionEntrySchema,
  competitionWorkSchema,
  nullableFormDataSchema,
} from '../../schemas/api/competition.ts'
import { ok, table } from '../lib/envelope.ts'
import { handlerBody, query, replies, str, tableReplies } from '../lib/route-schema.ts'
import {
  competitionOf,
  competitionOfWork,
  familiesUsing,
  pathsOf,
  requireFamily,
} from '../services/competition/lookup.ts'
import { entryOf, finaliseEntry, saveRegistration } from '../services/competition/registrations.ts'
import {
  adviserOf,
  deleteWork,
  getWork,
  listWorks,
  saveWork,
  workTarget,
} from '../services/competition/works.ts'
import { ownWork } from '../services/competition-entries.ts'
import {
  bodyFields,
  byCompetition,
  byWork,
  competitionBody,
  competitionIdField,
  entrantRoute,
  idField,
} from './competition-schema.ts'
import { laterStepRoutes } from './competition-steps.ts'

/** An entry: the registration, the works and their steps, and finalising — on each family's paths. */
export function competitionEntryRoutes(instance: FastifyInstance): void {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const registry = app.competitions

  // ——— Registration (family paths) ———

  for (const path of pathsOf('registrationGet')) {
    app.get(
      path,
      entrantRoute({
        summary: `我的报名（${familiesUsing('registrationGet', path)}）：报名表、workStep、是否已缴费、是否已确认提交、作品数`,
        querystring: byCompetition,
        response: replies(competitionEntrySchema),
      }),
      async (request) => {
        const c = competitionOf(registry, request.query.competitionId)
        requireFamily(c, 'registrationGet', path)
        return ok(await entryOf(app.db, request.userId, c))
      },
    )
  }

  for (const path of pathsOf('registrationSave')) {
    app.post(
      path,
      entrantRoute({
        summary: `保存报名信息（${familiesUsing('registrationSave', path)}；报名阶段内，确认提交前可修改）`,
        description:
          '请求体：competitionId 加赛事定义 forms.registration 表单的字段（如 competition-registration、competition-qt-registration）。entrantType、companyType 须为定义中的选项，qtType 须为字典 competition_qt_type 的值。',
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
      }),
      async (request) => {
        const body = bodyFields(request.body)
        const c = competitionOf(registry, body.competitionId)
        requireFamily(c, 'registrationSave', path)
        return ok(await saveRegistration(app.db, app.reference, request.userId, c, body), '报名信息已保存')
      },
    )
  }

  // ——— Works (family paths) ———

  for (const path of pathsOf('list')) {
    app.get(
      path,
      entrantRoute({
        summary: `我在该赛事的作品（${familiesUsing('list', path)}；tbCompetitionId 或 competitionId）`,
        querystring: query({ tbCompetitionId: competitionIdField, competitionId: competitionIdField }),
        response: tableReplies(competitionWorkSchema),
      }),
      async (request) => {
        const c = competitionOf(registry, request.query.tbCompetitionId ?? request.query.competitionId)
        requireFamily(c, 'list', path)
        const rows = await listWorks(app.db, request.userId, c)
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
      entrantRoute({
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
        body: handlerBody({
          type: 'object',
          properties: {
            competitionId: competitionIdField,
            id: idField,
            step: { type: 'string', enum: isAdd && isInfo ? ['base', 'info'] : [isAdd ? 'base' : 'info'] },
          },
        }),
        response: replies(competitionWorkSchema),
      }),
      async (request) => {
        const body = bodyFields(request.body)
        const step = body.step === 'info' || body.step === 'base' ? body.step : isAdd ? 'base' : 'info'
        const { c, existing } = await workTarget(app.db, registry, request.userId, body)
        requireFamily(c, step === 'info' ? 'saveInfo' : 'add', path)
        const { work, msg } = await saveWork(app.db, request.userId, c, existing, step, body)
        return ok(work, msg)
      },
    )
  }

  for (const path of pathsOf('delete')) {
    app.get(
      path,
      {
        // A GET by SPEC §7, yet it deletes: refused from other sites like a POST.
        config: { changesState: true },
        ...entrantRoute({
          summary: `删除我的作品（${familiesUsing('delete', path)}；作品提交阶段内、确认提交前）`,
          querystring: byWork,
          response: replies(),
        }),
      },
      async (request) => {
        const w = await ownWork(app.db.kysely, request.userId, request.query.id)
        const c = competitionOfWork(registry, w)
        requireFamily(c, 'delete', path)
        await deleteWork(app.db, request.userId, c, w)
        return ok(undefined, '作品已删除')
      },
    )
  }

  for (const path of pathsOf('auth')) {
    app.post(
      path,
      entrantRoute({
        summary: `确认提交参赛作品（${familiesUsing('auth', path)}）：须已报名、至少一件作品完成全部步骤，必须缴费的赛事须已缴费；之后不能再修改`,
        description: '请求体 {competitionId}。重复确认提交不改变任何数据。',
        body: competitionBody,
        response: replies(competitionEntrySchema),
      }),
      async (request) => {
        const c = competitionOf(registry, bodyFields(request.body).competitionId)
        requireFamily(c, 'auth', path)
        const { entry, already } = await finaliseEntry(app.db, app.notary, request.userId, c)
        return ok(entry, already ? '已确认提交' : '确认提交成功')
      },
    )
  }

  // ——— Shared work endpoints ———

  app.get(
    COMPETITION_API.work,
    entrantRoute({
      summary: '我的一件作品（他人的作品与不存在的作品回答相同）',
      querystring: byWork,
      response: replies(competitionWorkSchema),
    }),
    async (request) => ok(await getWork(app.db, registry, request.userId, request.query.id)),
  )

  laterStepRoutes(app)

  app.get(
    COMPETITION_API.adviser,
    entrantRoute({
      summary: '我的作品的指导老师（未保存时为 null）',
      querystring: byWork,
      response: replies(nullableFormDataSchema),
    }),
    async (request) => ok(await adviserOf(app.db, request.userId, request.query.id)),
  )
}
