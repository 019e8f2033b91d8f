import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  type CertificationInfo,
  type CertificationOverview,
  certificationInfoSchema,
  certificationOverviewSchema,
  certifiedDesignerSchema,
} from '../../schemas/api/certificates.ts'
import { listOf } from '../../schemas/api/json.ts'
import { CERT_VALID_YEARS, formatYuan } from '../../schemas/payment.ts'
import { BusinessError, CODE, ok, table } from '../lib/envelope.ts'
import { requestOrigin } from '../lib/origin.ts'
import { fileReplies, MEDIA, PAGING, params, query, replies, tableReplies } from '../lib/route-schema.ts'
import {
  certificateByNumber,
  certifiedCount,
  certifiedDesigners,
  verifyCertificates,
} from '../services/certificate/directory.ts'
import { certificateSvg } from '../services/certificate/render.ts'
import { KeptPdfs } from '../services/pdf/kept-pdfs.ts'

/** How a certificate number looks: KBC + year + 7 digits (services/certification.ts). */
const NUMBER = /^KBC\d{11}$/
const NOT_FOUND = '未找到该证书：编号或姓名不存在，请核对；证书编号对不上的证书不是咖簿网颁发的'
const VERIFY_LIMIT = 20
const PDF_LIMIT = { windowMs: 60_000, max: 20 } as const

const schemas = {
  info: {
    tags: ['证书与认证'],
    summary: '认证说明数据：每年认证费、有效期与当前有效的认证设计师人数（公开）',
    querystring: query({}),
    response: replies(certificationOverviewSchema),
  },
  verify: {
    tags: ['证书与认证'],
    summary: '证书查验（公开）：按证书编号或持证人姓名；伪造的编号查无此证，过期的证书标明已过期',
    querystring: query({ keyword: { type: 'string', minLength: 1, maxLength: 40 } }, ['keyword']),
    response: replies(listOf(certificationInfoSchema)),
  },
  directory: {
    tags: ['证书与认证'],
    summary: '认证设计师名录（公开）：有效期内的认证，按姓名、城市或证书编号筛选',
    querystring: query({ ...PAGING, keyword: { type: 'string', maxLength: 40 } }),
    response: tableReplies(certifiedDesignerSchema),
  },
  image: {
    tags: ['证书与认证'],
    summary: '证书图片（SVG，公开）',
    params: params({ number: 32 }),
    querystring: query({}),
    response: fileReplies('SVG 图片', [MEDIA.svg]),
  },
  pdf: {
    tags: ['证书与认证'],
    summary: '证书 A4 PDF（内嵌思源黑体，公开）',
    params: params({ number: 32 }),
    querystring: query({}),
    response: fileReplies('PDF 文件', [MEDIA.pdf]),
  },
} as const

/**
 * Designer certificates in public (SPEC §2 Certification): verification by number or name, the
 * directory of certified designers, and each certificate's image and PDF. Everything here is what the
 * certificate itself shows — name, level, number, validity — and nothing more.
 */
export async function certificateRoutes(
  instance: FastifyInstance,
  opts: { certFeeFen: number; siteOrigin?: string; basePath: string },
): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const verifyUrl = (request: FastifyRequest, number: string) =>
    `${requestOrigin(request, opts.siteOrigin)}${opts.basePath}auth/search?number=${number}`

  app.get('/certificate/info', { schema: schemas.info }, async () => {
    const data: CertificationOverview = {
      approveMoney: formatYuan(opts.certFeeFen),
      approveMoneyFen: opts.certFeeFen,
      validYears: CERT_VALID_YEARS,
      certifiedCount: await certifiedCount(app.db),
    }
    return ok(data)
  })

  app.get('/certificate/verify', { schema: schemas.verify }, async (request) => {
    const keyword = request.query.keyword.trim()
    const byNumber = NUMBER.test(keyword.toUpperCase())
    const rows = await verifyCertificates(
      app.db,
      byNumber ? { number: keyword.toUpperCase() } : { name: keyword },
      VERIFY_LIMIT,
    )
    if (!rows.length) throw new BusinessError(CODE.notFound, NOT_FOUND)
    return ok(rows)
  })

  app.get('/certification/list', { schema: schemas.directory }, async (request) => {
    const { pageNum, pageSize } = request.query
    const keyword = request.query.keyword?.trim()
    const page = await certifiedDesigners(app.db, app.reference, { keyword, pageNum, pageSize })
    return table(page.rows, page.total)
  })

  /** The certificate a path names, or the §8 not-found answer. */
  const byNumber = async (number: string) => {
    if (!NUMBER.test(number)) throw new BusinessError(CODE.notFound, NOT_FOUND)
    const cert = await certificateByNumber(app.db, number)
    if (!cert) throw new BusinessError(CODE.notFound, NOT_FOUND)
    return cert
  }

  app.get('/certificate/:number/image', { schema: schemas.image }, async (request, reply) => {
    const cert = await byNumber(request.params.number)
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(certificateSvg(cert, verifyUrl(request, cert.number)))
  })

  // A PDF costs ~100 ms of CPU, in a worker thread: each is made once per content and kept in the
  // object store for every instance, so a public URL cannot be used to keep the servers busy.
  const pdfs = new KeptPdfs(
    // Raise `layout` when certificate/render.ts draws differently.
    {
      folder: 'designer-certificates',
      task: 'certificatePdf',
      layout: 1,
      nameOf: (input) => input.cert.number,
    },
    { storage: app.storage, workers: app.workers, rateLimits: app.rateLimits },
  )
  const pdfFor = (cert: CertificationInfo, url: string, clientIp: string) =>
    pdfs.forVisitor(
      { cert, verifyUrl: url },
      {
        key: `pdf:address:${clientIp}`,
        limit: PDF_LIMIT,
        refused: () => new BusinessError(CODE.tooMany, '下载过于频繁，请稍后再试'),
      },
    )

  app.get('/certificate/:number/pdf', { schema: schemas.pdf }, async (request, reply) => {
    const cert = await byNumber(request.params.number)
    const pdf = await pdfFor(cert, verifyUrl(request, cert.number), request.ip)
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-cache')
      .header('content-disposition', `attachment; filename="certificate-${cert.number}.pdf"`)
      .send(pdf)
  })
}
