import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { listOf } from '../../schemas/api/json.ts'
import {
  type ModerationState,
  manageCompetitionSchema,
  manageEntryRowSchema,
  manageEntrySchema,
  moderationBody,
  moderationResultSchema,
} from '../../schemas/api/manage.ts'
import { BusinessError, CODE, ok, table } from '../lib/envelope.ts'
import { PAGING, query, replies, SIGNED_IN, tableReplies } from '../lib/route-schema.ts'
import { staffRoute } from '../plugins/staff.ts'
import { COMPETITION_MSG } from '../services/competition-entries.ts'
import { ENTRY_SORTS, listEntries, STATE_FILTERS, YES_NO } from '../services/manage/entries.ts'
import { entryPage } from '../services/manage/entry.ts'
import { MODERATION_MSG, moderate, reinstate } from '../services/manage/moderation.ts'
import { competitionsOverview } from '../services/manage/overview.ts'
import { organiserScope } from '../services/staff/roles.ts'

const TAGS = ['管理后台']
const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const
const COMPETITION = { ...ID, description: '赛事编号' } as const
const CHOICE = { type: 'string', maxLength: 64 } as const

/**
 * The organisers' console (README "Organisers' console"): competitions with live counts, the entries
 * table, an entry's page, and moderation. An organiser reaches the competitions they organise, an
 * admin all; every other account is refused with 无权访问 (server/plugins/staff.ts).
 */
export async function manageEntriesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const k = app.db.kysely
  const competitionOf = (id: number) => {
    const c = app.competitions.byId(id)
    if (!c) throw new BusinessError(CODE.notFound, COMPETITION_MSG.notFound)
    return c
  }

  app.get(
    '/manage/competitions',
    {
      ...staffRoute('organiser', 'query'),
      schema: {
        tags: TAGS,
        summary: '赛事及实时统计（报名、作品、已缴费、已提交，按参赛身份和参赛类别）',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION }),
        response: replies(listOf(manageCompetitionSchema)),
      },
    },
    async (request) => {
      const scope = await organiserScope(k, request.userId)
      return ok(await competitionsOverview(app.db, app.competitions, scope, request.query.competitionId))
    },
  )

  app.get(
    '/manage/entries',
    {
      ...staffRoute('organiser', 'query'),
      schema: {
        tags: TAGS,
        summary: '报名表：筛选、搜索（参赛编号、姓名、账号、作品名称）、排序、分页',
        security: SIGNED_IN,
        querystring: query(
          {
            competitionId: COMPETITION,
            range: { ...CHOICE, description: '参赛类别（定义中的值）' },
            entrantType: { ...CHOICE, description: '参赛身份（定义中的值）' },
            paid: { type: 'string', enum: YES_NO },
            submitted: { type: 'string', enum: YES_NO },
            state: {
              type: 'string',
              enum: STATE_FILTERS,
              description: 'none 未处理、returned 已退回、disqualified 已取消资格',
            },
            q: { type: 'string', maxLength: 50 },
            sort: { type: 'string', enum: ENTRY_SORTS, default: 'created' },
            order: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
            ...PAGING,
          },
          ['competitionId'],
        ),
        response: tableReplies(manageEntryRowSchema),
      },
    },
    async (request) => {
      const q = request.query
      const { rows, total } = await listEntries(k, competitionOf(q.competitionId), {
        range: q.range || undefined,
        entrantType: q.entrantType || undefined,
        paid: q.paid,
        submitted: q.submitted,
        state: q.state,
        q: q.q,
        sort: q.sort,
        order: q.order,
        page: q.pageNum,
        size: q.pageSize,
      })
      return table(rows, total)
    },
  )

  app.get(
    '/manage/entry',
    {
      ...staffRoute('organiser', 'query'),
      schema: {
        tags: TAGS,
        summary: '一个报名的全部资料：表单答案、文件、合作者、指导老师、缴费、回执和处理记录',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION, entryId: { ...ID, description: '报名编号' } }, [
          'competitionId',
          'entryId',
        ]),
        response: replies(manageEntrySchema),
      },
    },
    async (request) =>
      ok(await entryPage(k, competitionOf(request.query.competitionId), request.query.entryId)),
  )

  const moderation = (state: ModerationState, summary: string) =>
    app.post(
      `/manage/entry/${state === 'returned' ? 'return' : 'disqualify'}`,
      {
        ...staffRoute('organiser', 'body'),
        schema: {
          tags: TAGS,
          summary,
          security: SIGNED_IN,
          body: moderationBody,
          response: replies(moderationResultSchema),
        },
      },
      async (request) => {
        const { competitionId, entryId, reason } = request.body
        const done = await moderate(k, request.userId, competitionOf(competitionId), entryId, state, reason)
        const msg = done.changed
          ? state === 'returned'
            ? MODERATION_MSG.returned
            : MODERATION_MSG.disqualifiedDone
          : state === 'returned'
            ? MODERATION_MSG.alreadyReturned
            : MODERATION_MSG.alreadyDisqualified
        return ok(done, msg)
      },
    )
  moderation(
    'returned',
    '退回参赛者修改（作品提交截止前、已确认提交的报名），注明原因；记入审计日志并通知参赛者',
  )
  moderation(
    'disqualified',
    '取消参赛资格（结果公布前），注明原因；作品随即退出评审分配、排行榜和获奖名单；记入审计日志并通知参赛者',
  )

  app.post(
    '/manage/entry/reinstate',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: TAGS,
        summary:
          '恢复参赛资格（结果公布前），注明原因：作品回到原来的评审分配和评分；记入审计日志并通知参赛者',
        security: SIGNED_IN,
        body: moderationBody,
        response: replies(moderationResultSchema),
      },
    },
    async (request) => {
      const { competitionId, entryId, reason } = request.body
      const done = await reinstate(k, request.userId, competitionOf(competitionId), entryId, reason)
      return ok(done, done.changed ? MODERATION_MSG.reinstated : MODERATION_MSG.alreadyReinstated)
    },
  )
}
