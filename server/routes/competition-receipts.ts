import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { COMPETITION_API } from '../../definitions/competition/families.ts'
import {
  type CompetitionReceipt,
  competitionReceiptSchema,
  type ReceiptVerification,
  receiptVerificationSchema,
} from '../../schemas/api/competition.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { requestOrigin } from '../lib/origin.ts'
import { fileReplies, MEDIA, query, replies, SIGNED_IN } from '../lib/route-schema.ts'
import { requireUser } from '../plugins/auth.ts'
import {
  competitionTitle,
  ownReceipt,
  type Receipt,
  receiptByNumber,
  tokensValid,
} from '../services/competition-receipts.ts'
import { KeptPdfs } from '../services/pdf/kept-pdfs.ts'
import type { Limit } from '../services/rate-limits.ts'
import { byCompetition, TAGS } from './competition-schema.ts'

export const RECEIPT_MSG = {
  none: '该赛事没有你的参赛回执：确认提交参赛作品后才有回执',
  notFound: '未找到该回执：编号不存在，请核对；对不上的回执不是咖簿网出具的',
  tooMany: '下载过于频繁，请稍后再试',
  verifyTooMany: '查验过于频繁，请稍后再试',
} as const

/** New receipt PDFs a user may have made a minute (kept ones cost nothing), as for certificates. */
const PDF_LIMIT: Limit = { windowMs: 60_000, max: 20 }
/** Public checks an address may make in ten minutes (as works/verify). */
const VERIFY_LIMIT: Limit = { windowMs: 10 * 60_000, max: 60 }

/**
 * Entry receipts (README "参赛回执"): the entrant's own receipt and its A4 PDF, and the public check
 * by number that the PDF's QR code opens. Receipts are written when an entry is finalised
 * (services/competition-receipts.ts).
 */
export async function competitionReceiptRoutes(
  instance: FastifyInstance,
  opts: { siteOrigin?: string; basePath: string },
): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const k = app.db.kysely
  const verifyUrl = (request: FastifyRequest, number: string) =>
    `${requestOrigin(request, opts.siteOrigin)}${opts.basePath}receipt/verify?number=${number}`
  const yearOf = (r: Receipt) => Number(r.number.slice(3, 7))

  const view = async (request: FastifyRequest, r: Receipt): Promise<CompetitionReceipt> => ({
    number: r.number,
    competitionId: r.competition_id,
    competitionTitle: await competitionTitle(k, r.competition_id),
    year: yearOf(r),
    works: r.works,
    files: r.files.map((f) => ({
      label: f.label,
      name: f.original_name,
      sha256: f.sha256,
      timestampSerial: f.timestamp_serial,
      stampedAt: f.stamped_at,
    })),
    finalisedAt: r.created_at,
    tsaName: app.notary.org,
    verifyUrl: verifyUrl(request, r.number),
  })

  /** The signed-in user's receipt; anyone else's reads exactly like none. */
  const mine = async (userId: number, competitionId: number) => {
    const r = await ownReceipt(k, userId, competitionId)
    if (!r) throw new BusinessError(CODE.notFound, RECEIPT_MSG.none)
    return r
  }

  app.get(
    COMPETITION_API.receipt,
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: '我的参赛回执（确认提交后）：回执编号、作品、文件哈希与时间戳序列号、查验地址',
        security: SIGNED_IN,
        querystring: byCompetition,
        response: replies(competitionReceiptSchema),
      },
    },
    async (request) => ok(await view(request, await mine(request.userId, request.query.competitionId))),
  )

  // Kept in the object store for every instance (a receipt never changes once issued); a new one is
  // made in a worker thread, counted against the user's limit.
  const pdfs = new KeptPdfs(
    // Raise `layout` when receipt-pdf.ts draws differently.
    { folder: 'receipts', task: 'receiptPdf', layout: 1, nameOf: (input) => input.number },
    { storage: app.storage, workers: app.workers, rateLimits: app.rateLimits },
  )
  app.get(
    COMPETITION_API.receiptPdf,
    {
      preValidation: requireUser,
      // A download link: the owner is known by the session cookie (README "Requests from other sites").
      config: { sessionCookie: true },
      schema: {
        tags: TAGS,
        summary: '参赛回执 A4 PDF（仅本人）：回执编号、作品、文件与哈希、北京时间、时间戳序列号、查验二维码',
        security: SIGNED_IN,
        querystring: byCompetition,
        response: fileReplies('PDF 文件', [MEDIA.pdf]),
      },
    },
    async (request, reply) => {
      const receipt = await view(request, await mine(request.userId, request.query.competitionId))
      const pdf = await pdfs.forVisitor(
        {
          number: receipt.number,
          competitionTitle: receipt.competitionTitle,
          works: receipt.works,
          files: receipt.files,
          finalisedAt: receipt.finalisedAt,
          org: receipt.tsaName,
          verifyUrl: receipt.verifyUrl,
        },
        {
          key: `receipt-pdf:user:${request.userId}`,
          limit: PDF_LIMIT,
          refused: () => new BusinessError(CODE.tooMany, RECEIPT_MSG.tooMany),
        },
      )
      return reply
        .type('application/pdf')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="receipt-${receipt.number}.pdf"`)
        .send(pdf)
    },
  )

  app.get(
    COMPETITION_API.receiptVerify,
    {
      schema: {
        tags: TAGS,
        summary: '参赛回执查验（公开）：按回执编号答赛事、作品名、文件哈希与时间戳及令牌是否有效；不含参赛人',
        querystring: query({ number: { type: 'string', minLength: 1, maxLength: 40 } }, ['number']),
        response: replies(receiptVerificationSchema),
      },
    },
    async (request) => {
      const claim = await app.rateLimits.claim(`receipt:verify:address:${request.ip}`, VERIFY_LIMIT)
      if (!claim.allowed) throw new BusinessError(CODE.tooMany, RECEIPT_MSG.verifyTooMany)
      const r = await receiptByNumber(k, request.query.number.trim().toUpperCase())
      if (!r) throw new BusinessError(CODE.notFound, RECEIPT_MSG.notFound)
      const answer: ReceiptVerification = {
        number: r.number,
        competitionTitle: await competitionTitle(k, r.competition_id),
        year: yearOf(r),
        works: r.works,
        files: r.files.map((f) => ({
          label: f.label,
          sha256: f.sha256,
          timestampSerial: f.timestamp_serial,
          stampedAt: f.stamped_at,
        })),
        finalisedAt: r.created_at,
        tokensValid: await tokensValid(r),
      }
      return ok(answer)
    },
  )
}
