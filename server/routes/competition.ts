import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { COMPETITION_API } from '../../definitions/competition/families.ts'
import { renderable } from '../../definitions/competition/render.ts'
import { dictItemSchema } from '../../schemas/api/common.ts'
import {
  competitionCardSchema,
  competitionInfoSchema,
  competitionRangesSchema,
  competitionViewSchema,
  organizerGroupSchema,
  organizerUnitSchema,
  rangeItemSchema,
} from '../../schemas/api/competition.ts'
import { listOf } from '../../schemas/api/json.ts'
import { competitionResultsSchema } from '../../schemas/api/results.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { params, query, replies } from '../lib/route-schema.ts'
import {
  competitionCards,
  competitionInfo,
  coOrganizers,
  dictItems,
  QT_TYPE_DICTIONARY,
  rangeGroups,
  rangeList,
  supportUnits,
} from '../services/competition/catalog.ts'
import { competitionOf } from '../services/competition/lookup.ts'
import { COMPETITION_MSG as M } from '../services/competition-entries.ts'
import { isPublished, publishedCompetitionIds } from '../services/results/published.ts'
import { competitionResults } from '../services/results/results-view.ts'
import { competitionDraftRoutes } from './competition-drafts.ts'
import { competitionEntryRoutes } from './competition-entries.ts'
import { competitionFeeRoutes } from './competition-fees.ts'
import { competitionMineRoutes } from './competition-mine.ts'
import { byCompetition, competitionIdField, TAGS } from './competition-schema.ts'

const RESULTS_NOT_FOUND = '该赛事尚未公布评审结果'

/**
 * SPEC §7 "Competition" and the competition rows of "Dictionaries and configuration": the competitions
 * themselves here; the entry, its fee, its drafts and the user's competitions in the files this one calls
 * (in this order, the order of /api/docs).
 */
export async function competitionRoutes(
  instance: FastifyInstance,
  opts: { siteOrigin?: string; basePath: string },
): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const registry = app.competitions

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
    async () => ok(competitionCards(registry, Date.now(), await publishedCompetitionIds(app.db.kysely))),
  )

  app.get(
    COMPETITION_API.info,
    {
      schema: {
        tags: TAGS,
        summary: '赛事信息：名称、赛程与当前阶段、报名费、作品数上限、接口族、参赛身份与单位类型、步骤',
        querystring: query({ id: competitionIdField }, ['id']),
        response: replies(competitionInfoSchema),
      },
    },
    async (request) => {
      const c = competitionOf(registry, request.query.id)
      return ok(competitionInfo(c, Date.now(), await isPublished(app.db.kysely, c.competitionId)))
    },
  )

  app.get(
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
      // The index page links the results page only once there is one (issue 24 item 7), and the stage
      // bar says 结果已公布 even when they were published before the results date (issue 32).
      const resultsPublished =
        !!c.judging && !!c.awards && (await isPublished(app.db.kysely, c.competitionId))
      return ok({ ...renderable(registry.root, c, Date.now(), resultsPublished), resultsPublished })
    },
  )

  app.get(
    '/competition/results/:slug',
    {
      schema: {
        tags: TAGS,
        summary:
          '获奖名单（/<slug>/results 页面所用）：结果公布后按类别、奖项列出获奖作品（名称、参赛者、封面）；未公布或无评审的赛事 code 404',
        params: params({ slug: 64 }),
        querystring: query({}),
        response: replies(competitionResultsSchema),
      },
    },
    async (request) => {
      const c = registry.bySlug(request.params.slug)
      const results = c ? await competitionResults(app.db.kysely, c) : null
      if (!results) throw new BusinessError(CODE.notFound, RESULTS_NOT_FOUND)
      return ok(results)
    },
  )

  competitionEntryRoutes(app)
  competitionFeeRoutes(app, opts)
  competitionDraftRoutes(app)
  dictionaryRoutes(app)
  competitionMineRoutes(app)
}

/** The competition rows of SPEC §7 "Dictionaries and configuration". */
function dictionaryRoutes(instance: FastifyInstance): void {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const registry = app.competitions

  app.get(
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
      return ok(rangeList(competitionOf(registry, request.query.id)))
    },
  )

  app.get(
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
    async (request) => ok(rangeGroups(competitionOf(registry, request.params.id))),
  )

  app.get(
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
        return ok(dictItems(competitionOf(registry, request.query.competitionId).companyTypes))
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

  app.get(
    COMPETITION_API.coOrganizers,
    {
      schema: {
        tags: TAGS,
        summary: '赛事的主办与协办单位（树：分组 → 单位）',
        querystring: byCompetition,
        response: replies(listOf(organizerGroupSchema)),
      },
    },
    async (request) => ok(coOrganizers(competitionOf(registry, request.query.competitionId))),
  )

  app.get(
    COMPETITION_API.supportUnits,
    {
      schema: {
        tags: TAGS,
        summary: '赛事的支持单位',
        querystring: byCompetition,
        response: replies(listOf(organizerUnitSchema)),
      },
    },
    async (request) => ok(supportUnits(competitionOf(registry, request.query.competitionId))),
  )
}
