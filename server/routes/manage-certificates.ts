import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import {
  type CertificateReissue,
  certificateReissueSchema,
  POST_STATUS,
  REISSUE_REASON_MAX,
  SHIPPING_RULES,
  staffCertificatePostSchema,
  staffCertificateSchema,
} from '../../schemas/api/competition.ts'
import { listOf } from '../../schemas/api/json.ts'
import { BusinessError, CODE, ok, table } from '../lib/envelope.ts'
import { PAGING, query, replies, SIGNED_IN, tableReplies } from '../lib/route-schema.ts'
import { staffRoute } from '../plugins/staff.ts'
import { markShipped, postsForStaff } from '../services/competition/certificate-posts.ts'
import { certificatesForStaff, reissueCertificate } from '../services/competition/certificate-records.ts'
import { competitionOf } from '../services/competition/lookup.ts'
import { findRegistration } from '../services/competition-entries.ts'
import { OutboxMessages } from '../services/messages.ts'
import { findAccount } from '../services/staff/roles.ts'

const TAGS = ['管理后台']
const COMPETITION = { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '赛事编号' } as const
const ACCOUNT = { type: 'string', minLength: 1, maxLength: 32, description: '参赛者账号' } as const
const line = (max: number, description: string) =>
  ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S', description }) as const

export const MANAGE_CERTIFICATE_MSG = {
  noCertificate: '该参赛者在本赛事还没有证书（结果公布时或参赛者首次查看时颁发），无需重新颁发',
  reissued: '已重新颁发，原编号查验时显示已作废',
  concurrent: '该证书刚刚已被重新颁发，请刷新后查看现行编号',
  shipped: '已标记寄出，并已通知参赛者',
  unchanged: '已是寄出状态，承运商与运单号未变',
} as const

/**
 * Competition certificates for organisers (README "Competition certificates"): re-issue an entrant's
 * certificate after a correction, list the posting requests, mark one shipped. Each change writes an
 * audit entry, written together with the change (services/competition/certificate-*.ts).
 */
export async function manageCertificateRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const k = app.db.kysely
  const registry = app.competitions
  const messages = new OutboxMessages(k)

  app.get(
    '/manage/certificates',
    {
      ...staffRoute('organiser', 'query'),
      schema: {
        tags: TAGS,
        summary: '本赛事已颁发的竞赛证书（新的在前），含已作废的编号及取代它的编号、重新颁发原因',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION, account: ACCOUNT, ...PAGING }, ['competitionId']),
        response: tableReplies(staffCertificateSchema),
      },
    },
    async (request) => {
      const { competitionId, account, pageNum, pageSize } = request.query
      const c = competitionOf(registry, competitionId)
      const { rows, total } = await certificatesForStaff(k, c.competitionId, {
        page: pageNum,
        size: pageSize,
        account: account?.trim() || undefined,
      })
      return table(rows, total)
    },
  )

  app.post(
    '/manage/certificates/reissue',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: TAGS,
        summary: '重新颁发参赛者的竞赛证书（更正后）：新编号，原编号查验时显示已作废及现行编号；记入审计日志',
        security: SIGNED_IN,
        body: {
          type: 'object',
          properties: {
            competitionId: COMPETITION,
            account: ACCOUNT,
            reason: line(REISSUE_REASON_MAX, '更正原因'),
            number: {
              type: 'string',
              maxLength: 32,
              description: '要作废的证书编号（选填）：已不是现行编号时不重复颁发，答“刚刚已被重新颁发”',
            },
          },
          required: ['competitionId', 'account', 'reason'],
          additionalProperties: false,
        },
        response: replies(certificateReissueSchema),
      },
    },
    async (request) => {
      const { competitionId, account, reason, number } = request.body
      const c = competitionOf(registry, competitionId)
      const user = await findAccount(k, account)
      const registration = await findRegistration(k, user.id, c.competitionId)
      const done =
        registration &&
        (await reissueCertificate(k, c, registration, {
          actorId: request.userId,
          reason: reason.trim(),
          replaces: number?.trim().toUpperCase(),
        }))
      if (done === 'concurrent') throw new BusinessError(CODE.badRequest, MANAGE_CERTIFICATE_MSG.concurrent)
      if (!done) throw new BusinessError(CODE.badRequest, MANAGE_CERTIFICATE_MSG.noCertificate)
      // The new number's PDF made in the background, as at publication.
      await app.certificates.reissued(c, done.next.registration_id)
      const answer: CertificateReissue = { number: done.next.number, previous: done.previous.number }
      return ok(answer, MANAGE_CERTIFICATE_MSG.reissued)
    },
  )

  app.get(
    '/manage/certificates/posts',
    {
      ...staffRoute('organiser', 'query'),
      schema: {
        tags: TAGS,
        summary:
          '本赛事的纸质证书邮寄申请（先申请的在前），可按状态筛选：requested 待付邮费、paid 待寄出、shipped 已寄出',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION, status: { enum: POST_STATUS } }, ['competitionId']),
        response: replies(listOf(staffCertificatePostSchema)),
      },
    },
    async (request) => {
      const c = competitionOf(registry, request.query.competitionId)
      return ok(await postsForStaff(k, c, request.query.status))
    },
  )

  app.post(
    '/manage/certificates/ship',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: TAGS,
        summary: '标记纸质证书已寄出（或更正承运商、运单号）：通知参赛者（短信或邮件），记入审计日志',
        security: SIGNED_IN,
        body: {
          type: 'object',
          properties: {
            competitionId: COMPETITION,
            account: ACCOUNT,
            carrier: line(SHIPPING_RULES.carrierMax, '承运商，如 顺丰速运'),
            trackingNumber: {
              type: 'string',
              pattern: SHIPPING_RULES.trackingPattern,
              description: '运单号：6-40 位字母、数字或 -',
            },
          },
          required: ['competitionId', 'account', 'carrier', 'trackingNumber'],
          additionalProperties: false,
        },
        response: replies(staffCertificatePostSchema),
      },
    },
    async (request) => {
      const { competitionId, account, carrier, trackingNumber } = request.body
      const c = competitionOf(registry, competitionId)
      const { changed } = await markShipped(k, messages, c, {
        actorId: request.userId,
        account,
        carrier: carrier.trim(),
        trackingNumber,
      })
      const [post] = (await postsForStaff(k, c)).filter((p) => p.account === account.trim())
      return ok(post!, changed ? MANAGE_CERTIFICATE_MSG.shipped : MANAGE_CERTIFICATE_MSG.unchanged)
    },
  )
}
