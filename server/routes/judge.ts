import fs from 'node:fs'
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { listOf } from '../../schemas/api/json.ts'
import {
  judgeConflictSchema,
  judgeEntryDetailSchema,
  judgeEntrySchema,
  judgeRoundSchema,
  judgeSheetSchema,
  judgingAssignmentSchema,
  manageJudgingRoundSchema,
} from '../../schemas/api/judging.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import {
  type BytesReplyProvider,
  fileReplies,
  MEDIA,
  query,
  replies,
  SIGNED_IN,
} from '../lib/route-schema.ts'
import { CROSS_SITE_MSG, fromAnotherSite } from '../plugins/cross-site.ts'
import { RequestError } from '../plugins/errors.ts'
import { staffRoute } from '../plugins/staff.ts'
import { competitionOf } from '../services/competition/lookup.ts'
import { disposition } from '../services/exports/file-names.ts'
import { requireRoundSeat } from '../services/judging/access.ts'
import { assignRound, declareConflict } from '../services/judging/assignment.ts'
import { BlindCopies, judgeFile } from '../services/judging/blind-files.ts'
import { judgingOverview } from '../services/judging/overview.ts'
import { findRound, JUDGING_MSG, requireOpen } from '../services/judging/rounds.ts'
import { saveSheet } from '../services/judging/sheets.ts'
import { entryDetail, myEntries, myRounds } from '../services/judging/workspace.ts'

const TAGS = ['评审']
const COMPETITION = { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '赛事编号' } as const
const ROUND = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  description: '评审轮次 id（赛事定义 judging.rounds[].id）',
} as const
const WORK = { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '作品编号' } as const
const FILE = {
  type: 'integer',
  minimum: 0,
  maximum: 99,
  description: '文件序号：作品页文件列表（封面、作品图片、展板）中的位置，从 0 起',
} as const

/**
 * The judges' workspace (README "Judging"): a judge lists their rounds and the entries assigned to
 * them, opens one (without the entrant's identity in a blind round, its files under neutral names and
 * without metadata), saves and submits a score sheet, and declares a conflict of interest; organisers
 * run a round's assignment. Every change only while the round is open, and each writes an audit entry
 * (in the services).
 */
export async function judgeRoutes(instance: FastifyInstance, opts: { siteOrigin?: string }): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const k = app.db.kysely
  const registry = app.competitions
  const copies = new BlindCopies(app.storage, app.workers)

  app.get(
    '/judge/rounds',
    {
      ...staffRoute('judge', 'query'),
      schema: {
        tags: TAGS,
        summary: '我的评审轮次及进度（不写赛事编号为我担任评委的所有赛事）',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION }),
        response: replies(listOf(judgeRoundSchema)),
      },
    },
    async (request) => ok(await myRounds(k, registry, request.userId, request.query.competitionId)),
  )

  app.get(
    '/judge/entries',
    {
      ...staffRoute('judge', 'query'),
      schema: {
        tags: TAGS,
        summary: '本轮分配给我的作品（匿名评审时不含参赛者信息）',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION, roundId: ROUND }, ['competitionId', 'roundId']),
        response: replies(listOf(judgeEntrySchema)),
      },
    },
    async (request) => {
      const { competitionId, roundId } = request.query
      await requireRoundSeat(k, request.userId, competitionId, roundId)
      return ok(await myEntries(k, registry, request.userId, competitionId, roundId))
    },
  )

  app.get(
    '/judge/entry',
    {
      ...staffRoute('judge', 'query'),
      schema: {
        tags: TAGS,
        summary: '一件分配给我的作品：作品信息、文件、评分表和我的评分',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION, roundId: ROUND, workId: WORK }, [
          'competitionId',
          'roundId',
          'workId',
        ]),
        response: replies(judgeEntryDetailSchema),
      },
    },
    async (request) => {
      const { competitionId, roundId, workId } = request.query
      await requireRoundSeat(k, request.userId, competitionId, roundId)
      return ok(await entryDetail(k, registry, request.userId, competitionId, roundId, workId))
    },
  )

  // Pictures and documents load through <img> and links: the session cookie counts (the route changes
  // nothing), and another site may not have a judge's browser fetch one.
  const judgeStaff = staffRoute('judge', 'query')
  instance.withTypeProvider<BytesReplyProvider>().get(
    '/judge/file',
    {
      ...judgeStaff,
      onRequest: async (request: FastifyRequest) => {
        if (fromAnotherSite(request, opts.siteOrigin)) throw new RequestError(403, CROSS_SITE_MSG)
      },
      config: { ...judgeStaff.config, sessionCookie: true },
      schema: {
        tags: TAGS,
        summary:
          '分配给我的作品的一个文件（匿名评审用）：去除元数据（图片 EXIF/XMP/IPTC，PDF 作者、标题等及 XMP），以中性文件名（作品编号-文件类别）打开',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION, roundId: ROUND, workId: WORK, file: FILE }, [
          'competitionId',
          'roundId',
          'workId',
          'file',
        ]),
        response: fileReplies('文件内容，以文件本身的类型（Content-Disposition: inline，中性文件名）', [
          MEDIA.anyFile,
        ]),
      },
    },
    async (request, reply) => {
      const q = request.query
      await requireRoundSeat(k, request.userId, q.competitionId, q.roundId)
      const file = await judgeFile(k, registry, copies, request.userId, q)
      return reply
        .type(file.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', disposition('inline', file.ascii, file.name))
        .send(fs.createReadStream(file.path))
    },
  )

  app.post(
    '/judge/sheet',
    {
      ...staffRoute('judge', 'body'),
      schema: {
        tags: TAGS,
        summary: '保存评分（自动保存可不完整；submit 为 true 时须完整），仅在本轮评审时间内',
        security: SIGNED_IN,
        body: {
          type: 'object',
          properties: {
            competitionId: COMPETITION,
            roundId: ROUND,
            workId: WORK,
            values: {
              type: 'object',
              additionalProperties: true,
              description: '评分表的值：评分项 id → 分数，或 pass（资格审查），以及 comment（评语）',
            },
            submit: { type: 'boolean', description: 'true：提交评分' },
          },
          required: ['competitionId', 'roundId', 'workId'],
          additionalProperties: false,
        },
        response: replies(judgeSheetSchema),
      },
    },
    async (request) => {
      const body = request.body
      await requireRoundSeat(k, request.userId, body.competitionId, body.roundId)
      const sheet = await saveSheet(k, registry, request.userId, body)
      return ok(sheet, body.submit ? '评分已提交' : '已保存')
    },
  )

  app.post(
    '/judge/conflict',
    {
      ...staffRoute('judge', 'body'),
      schema: {
        tags: TAGS,
        summary: '声明回避：这件作品改派给其他评委，仅在本轮评审时间内',
        security: SIGNED_IN,
        body: {
          type: 'object',
          properties: {
            competitionId: COMPETITION,
            roundId: ROUND,
            workId: WORK,
            reason: { type: 'string', maxLength: 500, description: '回避原因' },
          },
          required: ['competitionId', 'roundId', 'workId', 'reason'],
          additionalProperties: false,
        },
        response: replies(judgeConflictSchema),
      },
    },
    async (request) => {
      const { competitionId, roundId, workId } = request.body
      const reason = request.body.reason.trim()
      await requireRoundSeat(k, request.userId, competitionId, roundId)
      if (!reason) throw new BusinessError(CODE.badRequest, JUDGING_MSG.reasonNeeded)
      requireOpen(findRound(registry, competitionId, roundId).round)
      const { reassignedTo } = await declareConflict(
        k,
        competitionId,
        roundId,
        request.userId,
        workId,
        reason,
      )
      return ok(
        { reassigned: reassignedTo !== null },
        reassignedTo !== null ? '已回避，作品已改派' : '已回避',
      )
    },
  )

  app.get(
    '/manage/judging/rounds',
    {
      ...staffRoute('organiser', 'query'),
      schema: {
        tags: ['管理后台'],
        summary: '本赛事各评审轮次（赛事定义中的 judging）：评委、各评委分配的作品数、已提交评分数与回避数',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION }, ['competitionId']),
        response: replies(listOf(manageJudgingRoundSchema)),
      },
    },
    async (request) => ok(await judgingOverview(k, competitionOf(registry, request.query.competitionId))),
  )

  app.post(
    '/manage/judging/assign',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: ['管理后台'],
        summary: '为一个评审轮次分配作品（平均分配，重复运行只补缺），记入审计日志',
        security: SIGNED_IN,
        body: {
          type: 'object',
          properties: { competitionId: COMPETITION, roundId: ROUND },
          required: ['competitionId', 'roundId'],
          additionalProperties: false,
        },
        response: replies(judgingAssignmentSchema),
      },
    },
    async (request) => {
      const { competitionId, roundId } = request.body
      const outcome = await assignRound(k, registry, request.userId, competitionId, roundId)
      return ok(outcome, outcome.added ? `已分配 ${outcome.added} 份评审` : '没有需要新分配的作品')
    },
  )
}
