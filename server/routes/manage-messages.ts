import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import {
  MESSAGE_LIMITS,
  messagePreviewBody,
  messagePreviewSchema,
  messageSendBody,
  messageSentSchema,
  messagesPageSchema,
} from '../../schemas/api/entrant-messages.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { query, replies, SIGNED_IN } from '../lib/route-schema.ts'
import { staffRoute } from '../plugins/staff.ts'
import { COMPETITION_MSG } from '../services/competition-entries.ts'
import {
  ENTRANT_MESSAGE_MSG,
  messagesPage,
  previewMessage,
  sendMessage,
} from '../services/manage/entrant-messages.ts'

const TAGS = ['管理后台']
const COMPETITION = { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '赛事编号' } as const

/**
 * Messages to entrants from the console (README "Organisers' console", issue 32 item 6): the page's
 * filters and the messages sent, a preview (count and exact text), and the send that repeats the
 * confirmed count. An organiser of the competition or an admin; everyone else gets 无权访问.
 */
export async function manageMessagesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const k = app.db.kysely
  const competitionOf = (id: number) => {
    const c = app.competitions.byId(id)
    if (!c) throw new BusinessError(CODE.notFound, COMPETITION_MSG.notFound)
    return c
  }

  app.get(
    '/manage/messages',
    {
      ...staffRoute('organiser', 'query'),
      schema: {
        tags: TAGS,
        summary: '给参赛者发消息：可选的评审轮次和参赛类别，及已发送的消息（最新 50 条）',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION }, ['competitionId']),
        response: replies(messagesPageSchema),
      },
    },
    async (request) => ok(await messagesPage(k, competitionOf(request.query.competitionId))),
  )

  app.post(
    '/manage/messages/preview',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: TAGS,
        summary: '预览：收件账号数和参赛者收到的全文（不发送）',
        security: SIGNED_IN,
        body: messagePreviewBody,
        response: replies(messagePreviewSchema),
      },
    },
    async (request) => ok(await previewMessage(k, competitionOf(request.body.competitionId), request.body)),
  )

  app.post(
    '/manage/messages/send',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: TAGS,
        summary: `发送（短信或邮件，经发件队列）：须附确认时的收件人数；同样正文 ${MESSAGE_LIMITS.sameMessageMinutes} 分钟内再发须确认（repeat），每赛事至少间隔 ${MESSAGE_LIMITS.gapSeconds} 秒、每小时至多 ${MESSAGE_LIMITS.perHour} 次；记入审计日志`,
        security: SIGNED_IN,
        body: messageSendBody,
        response: replies(messageSentSchema),
      },
    },
    async (request) => {
      const sent = await sendMessage(
        { k, rateLimits: app.rateLimits, deliverSoon: () => app.outbox.soon() },
        request.userId,
        competitionOf(request.body.competitionId),
        request.body,
      )
      return ok(sent, ENTRANT_MESSAGE_MSG.sent(sent.recipients))
    },
  )
}
