import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { scheduleSchema } from '../../schemas/api/schedule.ts'
import { ok } from '../lib/envelope.ts'
import { query, replies, SIGNED_IN } from '../lib/route-schema.ts'
import { staffRoute } from '../plugins/staff.ts'
import { competitionOf } from '../services/competition/lookup.ts'
import {
  changeScheduleDate,
  closeRoundEarly,
  scheduleOf,
  scheduleSavedMessage,
} from '../services/manage/schedule.ts'

const TAGS = ['管理后台']
const COMPETITION = { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '赛事编号' } as const
const FIELD = {
  type: 'string',
  minLength: 1,
  maxLength: 80,
  description:
    '日期字段：phases.registrationCloses、phases.submissionDeadline、phases.results、judging.rounds.<轮次 id>.opens|closes',
} as const

/**
 * The console's schedule (赛程, README "The schedule in the console"): the dates a competition file
 * gives as defaults, changed, restored or — a round's close — brought forward to now. Each change is
 * checked by the checker's rules, audited, and in force on every instance at once: this instance
 * reloads now, the others when the table's counter moves.
 */
export async function manageScheduleRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const k = app.db.kysely
  const registry = app.competitions
  /** This instance at once: the competitions with the new dates, and no page rendered with the old. */
  const inForce = async () => {
    await app.schedule.reload()
    await app.pageCache.reload()
  }

  app.get(
    '/manage/schedule',
    {
      ...staffRoute('organiser', 'query'),
      schema: {
        tags: TAGS,
        summary: '赛程：可在后台修改的日期（现行时间、文件中的时间、修改人与时间）及各评审轮次的评分进度',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION }, ['competitionId']),
        response: replies(scheduleSchema),
      },
    },
    async (request) => {
      const c = competitionOf(registry, request.query.competitionId)
      return ok(await scheduleOf(k, registry, c))
    },
  )

  app.post(
    '/manage/schedule',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: TAGS,
        summary:
          '修改一个日期（北京时间，带 +08:00），按 check:definitions 的规则检查先后次序；value 为 null 即恢复为文件中的时间；记入审计日志',
        security: SIGNED_IN,
        body: {
          type: 'object',
          properties: {
            competitionId: COMPETITION,
            field: FIELD,
            value: {
              type: ['string', 'null'],
              maxLength: 40,
              description: '北京时间，如 2026-09-01T09:00:00+08:00',
            },
          },
          required: ['competitionId', 'field', 'value'],
          additionalProperties: false,
        },
        response: replies(scheduleSchema),
      },
    },
    async (request) => {
      const { competitionId, field, value } = request.body
      const c = competitionOf(registry, competitionId)
      await changeScheduleDate(k, request.userId, registry, c, field, value ?? null)
      await inForce()
      const now = competitionOf(registry, competitionId)
      const msg = await scheduleSavedMessage(k, now, field, value === null || value === undefined)
      return ok(await scheduleOf(k, registry, now), msg)
    },
  )

  app.post(
    '/manage/schedule/close-round',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: TAGS,
        summary:
          '提前结束本轮：评分已全部提交时把本轮结束时间设为现在（否则拒绝并说明还差几份）；记入审计日志',
        security: SIGNED_IN,
        body: {
          type: 'object',
          properties: {
            competitionId: COMPETITION,
            roundId: { type: 'string', minLength: 1, maxLength: 40, description: '评审轮次 id' },
          },
          required: ['competitionId', 'roundId'],
          additionalProperties: false,
        },
        response: replies(scheduleSchema),
      },
    },
    async (request) => {
      const { competitionId, roundId } = request.body
      const c = competitionOf(registry, competitionId)
      const msg = await closeRoundEarly(k, request.userId, registry, c, roundId)
      await inForce()
      return ok(await scheduleOf(k, registry, competitionOf(registry, competitionId)), msg)
    },
  )
}
