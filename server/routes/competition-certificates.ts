import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { certificateSettings } from '../../definitions/competition/certificate.ts'
import { COMPETITION_API } from '../../definitions/competition/families.ts'
import {
  type CertificatePostPayment,
  certificatePostPaymentSchema,
  certificatePostSchema,
  certificateVerificationSchema,
  competitionCertificateSchema,
} from '../../schemas/api/competition.ts'
import { listOf } from '../../schemas/api/json.ts'
import { PAY_METHOD, type PayMethod } from '../../schemas/payment.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { requestOrigin } from '../lib/origin.ts'
import { fileReplies, handlerBody, MEDIA, query, replies, SIGNED_IN } from '../lib/route-schema.ts'
import { requireUser } from '../plugins/auth.ts'
import { certificateVerifyUrl } from '../services/competition/certificate-files.ts'
import {
  certificatePosts,
  payPostage,
  postViewOf,
  requestPost,
} from '../services/competition/certificate-posts.ts'
import { CERTIFICATE_NUMBER } from '../services/competition/certificate-records.ts'
import { certificateOf, certificateView, verifyCertificate } from '../services/competition/certificates.ts'
import { competitionOf } from '../services/competition/lookup.ts'
import { checkoutDeps } from '../services/payment/decorate.ts'
import type { Limit } from '../services/rate-limits.ts'
import {
  bodyFields,
  byCompetition,
  competitionIdField,
  entrantRoute,
  idField,
  TAGS,
} from './competition-schema.ts'

export const CERTIFICATE_MSG = {
  notFound: '未找到该证书：编号不存在，请核对；对不上的证书不是咖簿网颁发的',
  tooMany: '下载过于频繁，请稍后再试',
  verifyTooMany: '查验过于频繁，请稍后再试',
  posted: '已提交邮寄申请',
} as const

/** New certificate PDFs a user may have made a minute (kept ones cost nothing), as designer certificates. */
const PDF_LIMIT: Limit = { windowMs: 60_000, max: 20 }
/** Public checks an address may make in ten minutes (as receipts). */
const VERIFY_LIMIT: Limit = { windowMs: 10 * 60_000, max: 60 }

const addressIdField = { ...idField, description: '地址编号（/address/list 中我的地址）' } as const
const methodField = {
  type: 'integer',
  enum: [PAY_METHOD.wechatQr, PAY_METHOD.online, PAY_METHOD.balance],
  description: '付邮费的方式：2 微信扫码，3 在线支付，4 余额支付；不写则只登记申请，稍后再付',
} as const

/**
 * Competition certificates (README "Competition certificates"): the entrant's certificate as JSON
 * (SPEC §7) and as an A4 PDF, the public check of a number that the PDF's QR code opens, and asking
 * for the paper copy to be posted (SPEC §7 /logistics/*). Staff routes are in manage-certificates.ts.
 */
export async function competitionCertificateRoutes(
  instance: FastifyInstance,
  opts: { siteOrigin?: string; basePath: string },
): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const registry = app.competitions
  const k = app.db.kysely
  const verifyUrl = (request: FastifyRequest, number: string) =>
    certificateVerifyUrl(requestOrigin(request, opts.siteOrigin), opts.basePath, number)

  app.get(
    COMPETITION_API.userCertificate,
    entrantRoute({
      summary:
        '我的竞赛证书（结果公布后，已确认提交的报名；公布时颁发编号，先查看的查看时颁发）：编号、获证人、赛事、作品、奖项、查验地址',
      querystring: byCompetition,
      response: replies(competitionCertificateSchema),
    }),
    async (request) => {
      const row = await certificateOf(app.db, registry, request.userId, request.query.competitionId)
      const c = competitionOf(registry, row.competition_id)
      return ok(certificateView(row, verifyUrl(request, row.number), certificateSettings(c)))
    },
  )

  // The PDF the certificates job kept in the store; else made in a worker thread and kept, a new
  // one counting against the user's limit.
  app.get(
    COMPETITION_API.userCertificatePdf,
    {
      preValidation: requireUser,
      // A download link: the owner is known by the session cookie (README "Requests from other sites").
      config: { sessionCookie: true },
      schema: {
        tags: TAGS,
        summary:
          '竞赛证书 A4 PDF（仅本人）：定义中的版式与正文、获证人、合作作者、指导老师、作品、奖项或参赛、北京时间日期、编号与查验二维码',
        security: SIGNED_IN,
        querystring: byCompetition,
        response: fileReplies('PDF 文件', [MEDIA.pdf]),
      },
    },
    async (request, reply) => {
      const row = await certificateOf(app.db, registry, request.userId, request.query.competitionId)
      const pdf = await app.certificates.files.forEntrant(row, verifyUrl(request, row.number), {
        key: `certificate-pdf:user:${request.userId}`,
        limit: PDF_LIMIT,
        refused: () => new BusinessError(CODE.tooMany, CERTIFICATE_MSG.tooMany),
      })
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="certificate-${row.number}.pdf"`)
        .send(pdf)
    },
  )

  app.get(
    COMPETITION_API.certificateVerify,
    {
      schema: {
        tags: TAGS,
        summary:
          '竞赛证书查验（公开）：编号是否为咖簿网颁发、证明的内容（获证人、赛事、作品、奖项或参赛、日期）；已被重新颁发的编号注明现行编号',
        querystring: query({ number: { type: 'string', minLength: 1, maxLength: 40 } }, ['number']),
        response: replies(certificateVerificationSchema),
      },
    },
    async (request) => {
      const claim = await app.rateLimits.claim(`certificate:verify:address:${request.ip}`, VERIFY_LIMIT)
      if (!claim.allowed) throw new BusinessError(CODE.tooMany, CERTIFICATE_MSG.verifyTooMany)
      const number = request.query.number.trim().toUpperCase()
      const found = CERTIFICATE_NUMBER.test(number) ? await verifyCertificate(app.db, number) : undefined
      if (!found) throw new BusinessError(CODE.notFound, CERTIFICATE_MSG.notFound)
      return ok(found)
    },
  )

  const postDeps = () => ({ registry, reference: app.reference })

  app.post(
    COMPETITION_API.postCertificate,
    entrantRoute({
      summary: '申请邮寄纸质证书到我的一个地址，并可同时付邮费（每份报名一条，寄出前再次申请改为新地址）',
      description:
        '请求体 {competitionId, addressId, method?}。免邮费的赛事申请后即待寄出；需付邮费时带 method 则同时下单支付（与认证费相同的支付方式），不带则稍后再付。',
      body: handlerBody({
        type: 'object',
        properties: { competitionId: competitionIdField, addressId: addressIdField, method: methodField },
        required: ['competitionId', 'addressId'],
      }),
      response: replies(certificatePostPaymentSchema),
    }),
    async (request) => {
      const { competitionId, addressId, method } = bodyFields(request.body)
      const { c, row } = await requestPost(k, postDeps(), request.userId, {
        competitionId,
        addressId,
        free: false,
      })
      const answer: CertificatePostPayment = { post: postViewOf(c, row) }
      if (method === undefined || answer.post.status !== 'requested')
        return ok(answer, CERTIFICATE_MSG.posted)
      const { data, msg } = await payPostage(checkoutDeps(app), c, row, {
        userId: request.userId,
        method: method as PayMethod,
        origin: requestOrigin(request, opts.siteOrigin),
        basePath: opts.basePath,
      })
      // The post as the payment left it (a balance payment has marked it paid).
      const [after] = await certificatePosts(k, request.userId, c.competitionId)
      return ok({ post: after ?? answer.post, payment: data }, msg ?? CERTIFICATE_MSG.posted)
    },
  )

  app.get(
    COMPETITION_API.postCertificateNoPay,
    {
      // A GET by SPEC §7 that files a posting request when it names an address.
      config: { changesState: true },
      ...entrantRoute({
        summary:
          '免邮费邮寄证书（仅定义允许免邮费的赛事）：带 competitionId 与 addressId 时提交申请；不带 addressId 时列出我的邮寄申请',
        querystring: query({ competitionId: competitionIdField, addressId: addressIdField }),
        response: replies(listOf(certificatePostSchema)),
      }),
    },
    async (request) => {
      const { competitionId, addressId } = request.query
      if (competitionId !== undefined && addressId !== undefined) {
        const { c, row } = await requestPost(k, postDeps(), request.userId, {
          competitionId,
          addressId,
          free: true,
        })
        return ok([postViewOf(c, row)], CERTIFICATE_MSG.posted)
      }
      return ok(await certificatePosts(k, request.userId, competitionId))
    },
  )
}
