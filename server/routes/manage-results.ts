import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import {
  advancementSchema,
  awardsSchema,
  leaderboardSchema,
  publicationSchema,
} from '../../schemas/api/results.ts'
import { ok } from '../lib/envelope.ts'
import { query, replies, SIGNED_IN } from '../lib/route-schema.ts'
import { staffRoute } from '../plugins/staff.ts'
import { competitionOf } from '../services/competition/lookup.ts'
import { confirmAdvancement } from '../services/results/advancement.ts'
import { awardsOf, confirmAwards } from '../services/results/awards.ts'
import { leaderboardOf } from '../services/results/board.ts'
import { cancelScheduled, reopenResults } from '../services/results/correction.ts'
import { publicationOf, publishNow, schedulePublication } from '../services/results/publication.ts'
import { RESULTS_MSG } from '../services/results/refusals.ts'

const TAGS = ['管理后台']
const COMPETITION = { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '赛事编号' } as const
const ROUND = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  description: '评审轮次 id（赛事定义 judging.rounds[].id）',
} as const
const WORK = { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '作品编号' } as const
const AWARD = {
  type: ['string', 'null'],
  maxLength: 40,
  description: '奖项 id（awards.levels[].id），null 为不获奖',
} as const

/**
 * The leaderboard and results for organisers (README "Leaderboard and publishing results"): a round's
 * leaderboard, confirming which entries advance, confirming the awards, and publishing the results now
 * or at the definition's results time. Every change writes an audit entry in its own transaction.
 */
export async function manageResultsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const k = app.db.kysely
  const registry = app.competitions

  app.get(
    '/manage/results',
    {
      ...staffRoute('organiser', 'query'),
      schema: {
        tags: TAGS,
        summary:
          '评审结果：一轮的排行榜（按类别：得分与名次、并列、评委分差与离群评分、评分进度、资格审查结论），下一轮晋级名单，公布状态；不写轮次为最后一轮',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION, roundId: ROUND }, ['competitionId']),
        response: replies(leaderboardSchema),
      },
    },
    async (request) => {
      const c = competitionOf(registry, request.query.competitionId)
      return ok(await leaderboardOf(k, c, request.query.roundId))
    },
  )

  app.post(
    '/manage/results/advance',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: TAGS,
        summary:
          '确认本轮晋级下一轮的作品（替换此前确认的名单；下一轮开始前可改）；确认后下一轮的参评作品即此名单；记入审计日志',
        security: SIGNED_IN,
        body: {
          type: 'object',
          properties: {
            competitionId: COMPETITION,
            roundId: { ...ROUND, description: '晋级作品所在的本轮 id（晋级到其下一轮）' },
            workIds: {
              type: 'array',
              items: WORK,
              minItems: 1,
              maxItems: 10_000,
              description: '晋级的作品编号',
            },
          },
          required: ['competitionId', 'roundId', 'workIds'],
          additionalProperties: false,
        },
        response: replies(advancementSchema),
      },
    },
    async (request) => {
      const { competitionId, roundId, workIds } = request.body
      const c = competitionOf(registry, competitionId)
      return ok(await confirmAdvancement(k, request.userId, c, roundId, workIds), RESULTS_MSG.advanced)
    },
  )

  app.get(
    '/manage/results/awards',
    {
      ...staffRoute('organiser', 'query'),
      schema: {
        tags: TAGS,
        summary:
          '获奖建议（按最后一轮的名次与各类别奖项名额；名次线上并列的一并建议并标出）及已确认的获奖名单',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION }, ['competitionId']),
        response: replies(awardsSchema),
      },
    },
    async (request) => ok(await awardsOf(k, competitionOf(registry, request.query.competitionId))),
  )

  app.post(
    '/manage/results/awards',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: TAGS,
        summary:
          '确认获奖名单：最后一轮每件作品的奖项（未列出的作品沿用已确认的奖项，尚未确认的按建议）；最后一轮评审完成后、结果公布前可改；记入审计日志',
        security: SIGNED_IN,
        body: {
          type: 'object',
          properties: {
            competitionId: COMPETITION,
            awards: {
              type: 'array',
              maxItems: 10_000,
              items: {
                type: 'object',
                properties: { workId: WORK, awardId: AWARD },
                required: ['workId', 'awardId'],
                additionalProperties: false,
              },
            },
          },
          required: ['competitionId'],
          additionalProperties: false,
        },
        response: replies(awardsSchema),
      },
    },
    async (request) => {
      const { competitionId, awards = [] } = request.body
      const c = competitionOf(registry, competitionId)
      const choices = awards.map((a) => ({ workId: a.workId, awardId: a.awardId ?? null }))
      return ok(await confirmAwards(k, request.userId, c, choices), RESULTS_MSG.awardsConfirmed)
    },
  )

  app.post(
    '/manage/results/publish',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: TAGS,
        summary:
          '公布结果：now 立即公布（须已确认获奖名单且最后一轮已结束或评分已全部提交），scheduled 按赛事定义的结果公布时间公布；公布时通知每位参赛者；记入审计日志',
        security: SIGNED_IN,
        body: {
          type: 'object',
          properties: {
            competitionId: COMPETITION,
            when: {
              type: 'string',
              enum: ['now', 'scheduled'],
              description: 'now：立即公布；scheduled：按计划公布',
            },
            publishAt: {
              type: 'string',
              maxLength: 32,
              description:
                '按计划公布的时间（带时区的 ISO，如 2026-12-20T10:00:00+08:00）；不写为结果公布时间',
            },
          },
          required: ['competitionId', 'when'],
          additionalProperties: false,
        },
        response: replies(publicationSchema),
      },
    },
    async (request) => {
      const { competitionId, when } = request.body
      const c = competitionOf(registry, competitionId)
      if (when === 'now') {
        const done = await publishNow(k, request.userId, c, app.certificates.published)
        const publication = await publicationOf(k, c)
        return ok(
          publication,
          done ? RESULTS_MSG.publishedNow : RESULTS_MSG.alreadyPublished(publication.publishedAt ?? ''),
        )
      }
      const publishAt = await schedulePublication(k, request.userId, c, request.body.publishAt)
      app.resultsScheduler.schedule(c.competitionId, publishAt)
      return ok(await publicationOf(k, c), RESULTS_MSG.scheduled(publishAt))
    },
  )

  app.post(
    '/manage/results/reopen',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: TAGS,
        summary:
          '撤回已公布的结果以便更正（须写明原因）：结果暂不公开，可修改获奖名单后重新公布；重新公布时只通知结果有变化的参赛者，奖项变化的证书重新颁发；记入审计日志',
        security: SIGNED_IN,
        body: {
          type: 'object',
          properties: {
            competitionId: COMPETITION,
            reason: { type: 'string', maxLength: 200, description: '撤回更正的原因（2–200 字）' },
          },
          required: ['competitionId', 'reason'],
          additionalProperties: false,
        },
        response: replies(publicationSchema),
      },
    },
    async (request) => {
      const c = competitionOf(registry, request.body.competitionId)
      const done = await reopenResults(k, request.userId, c, request.body.reason)
      return ok(await publicationOf(k, c), done ? RESULTS_MSG.reopened : RESULTS_MSG.alreadyReopened)
    },
  )

  app.post(
    '/manage/results/unschedule',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: TAGS,
        summary: '取消按计划公布（要改时间可直接再次按计划公布）；记入审计日志',
        security: SIGNED_IN,
        body: {
          type: 'object',
          properties: { competitionId: COMPETITION },
          required: ['competitionId'],
          additionalProperties: false,
        },
        response: replies(publicationSchema),
      },
    },
    async (request) => {
      const c = competitionOf(registry, request.body.competitionId)
      await cancelScheduled(k, request.userId, c)
      return ok(await publicationOf(k, c), RESULTS_MSG.unscheduled)
    },
  )
}
