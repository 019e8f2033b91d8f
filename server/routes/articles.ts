import path from 'node:path'
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance, FastifyReply } from 'fastify'
import {
  documentInfoSchema,
  historyVideoSchema,
  newsCardSchema,
  newsDetailSchema,
  questionnaireSummarySchema,
  quotationSchema,
  signedLinkSchema,
  siteVerificationSchema,
} from '../../schemas/api/articles.ts'
import { formatBeijingDate } from '../../schemas/beijing-time.ts'
import { BusinessError, CODE, ok, table } from '../lib/envelope.ts'
import {
  fileReplies,
  MEDIA,
  PAGING,
  params,
  query,
  replies,
  SIGNED_IN,
  tableReplies,
} from '../lib/route-schema.ts'
import { requireUser, viewerId } from '../plugins/auth.ts'
import {
  documentById,
  documentBytes,
  newsPage,
  quotationById,
  quotationPage,
  readNews,
  showcaseVideo,
  surveySummary,
  videoById,
  videoPage,
} from '../services/articles/catalogue.ts'
import { documentInfo } from '../services/articles/records.ts'
import { bufferOf } from '../workers/pool.ts'

const TAG = ['资讯、报价与视频']
const ID = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const
/** A dictionary code, or '' for every type (the SPA's 全部 tab). */
const TYPE = { type: 'string', pattern: '^[0-9]{0,8}$' } as const
const byId = query({ id: ID }, ['id'])
const docParams = params({ id: 12 })
const signedParams = params({ token: 80, id: 12 })

const NEWS_MISSING = '资讯不存在或已下线'
const QUOTATION_MISSING = '报价信息不存在或已下线'
const VIDEO_MISSING = '视频不存在或已下线'
const DOCUMENT_MISSING = '文档不存在或已下线'
const MEMBERS_ONLY = '该文档仅向登录会员提供，请登录后下载'

const schemas = {
  newsList: {
    tags: TAG,
    summary: '资讯列表（按类型 design_info_type 筛选，新的在前）',
    querystring: query({ type: TYPE, ...PAGING }),
    response: tableReplies(newsCardSchema),
  },
  newsInfo: {
    tags: TAG,
    summary: '资讯详情（正文为标题与段落，不含 HTML）',
    querystring: byId,
    response: replies(newsDetailSchema),
  },
  quotationList: {
    tags: TAG,
    summary:
      '设计服务报价列表（SPEC §7：pageSize 默认 10，pageNum 从 1 起，type 为 sys_design_quotation_type）',
    querystring: query({ type: TYPE, ...PAGING }),
    response: tableReplies(quotationSchema),
  },
  quotationInfo: {
    tags: TAG,
    summary: '报价详情',
    querystring: byId,
    response: replies(quotationSchema),
  },
  videoList: {
    tags: TAG,
    summary: '历史视频列表（新的在前）',
    querystring: query({ ...PAGING }),
    response: tableReplies(historyVideoSchema),
  },
  videoInfo: {
    tags: TAG,
    summary: '历史视频详情',
    querystring: byId,
    response: replies(historyVideoSchema),
  },
  showcase: {
    tags: TAG,
    summary: '协会宣传片（/others/showVideo1）',
    querystring: query({}),
    response: replies(historyVideoSchema),
  },
  documentInfo: {
    tags: TAG,
    summary: '文档信息（/others/downloadword/{id} 页面）',
    params: docParams,
    querystring: query({}),
    response: replies(documentInfoSchema),
  },
  download: {
    tags: TAG,
    summary: '下载文档（原文件名；会员文档需登录）',
    params: docParams,
    querystring: query({}),
    response: fileReplies('文档文件（PDF 或 DOCX，Content-Disposition: attachment）', [
      MEDIA.pdf,
      MEDIA.docx,
    ]),
  },
  signLink: {
    tags: TAG,
    summary: '生成文档的签名下载链接（7 天内无需登录即可下载）',
    security: SIGNED_IN,
    params: docParams,
    querystring: query({}),
    response: replies(signedLinkSchema),
  },
  signedInfo: {
    tags: TAG,
    summary: '签名链接对应的文档信息（链接无效或过期时给出原因）',
    params: signedParams,
    querystring: query({}),
    response: replies(documentInfoSchema),
  },
  signedDownload: {
    tags: TAG,
    summary: '按签名链接下载文档（无需登录）',
    params: signedParams,
    querystring: query({}),
    response: fileReplies('文档文件（PDF 或 DOCX，Content-Disposition: attachment）', [
      MEDIA.pdf,
      MEDIA.docx,
    ]),
  },
  survey: {
    tags: TAG,
    summary: '设计师职业发展问卷的汇总结果',
    querystring: query({}),
    response: replies(questionnaireSummarySchema),
  },
  surveyPdf: {
    tags: TAG,
    summary: '问卷汇总导出（A4 PDF，内嵌思源黑体）',
    querystring: query({}),
    response: fileReplies('PDF 文件', [MEDIA.pdf]),
  },
  siteVerify: {
    tags: TAG,
    summary: '百度站点验证内容（BAIDU_SITE_VERIFICATION），未配置时 configured 为 false',
    querystring: query({}),
    response: replies(siteVerificationSchema),
  },
} as const

/** A path id: digits only, else the record is simply missing. */
const pathId = (raw: string, missing: string) => {
  if (!/^[1-9][0-9]{0,8}$/.test(raw)) throw new BusinessError(CODE.notFound, missing)
  return Number(raw)
}

/** `attachment` with the original name for browsers and an ASCII one for everything else. */
function sendDocument(reply: FastifyReply, file: string, fileName: string) {
  const bytes = documentBytes(file)
  const type = file.endsWith('.pdf')
    ? 'application/pdf'
    : 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'
  return reply
    .type(type)
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `attachment; filename="${path.basename(file)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    )
    .send(bytes)
}

/** News, quotations, video history, documents and the miscellaneous pages' data (SPEC §2, §7 Content). */
export async function articleRoutes(
  instance: FastifyInstance,
  opts: { siteVerification?: string },
): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  // Baidu's code is a short token such as codeva-AbC123: anything else is a configuration mistake.
  if (opts.siteVerification && !/^[\w.-]{1,200}$/.test(opts.siteVerification))
    throw new Error(
      'BAIDU_SITE_VERIFICATION must be the verification code Baidu gives, e.g. codeva-AbC123xyz',
    )
  const label = (dictionary: string, code: string) => app.reference.dictLabel(dictionary, code)

  app.get('/news/list', { schema: schemas.newsList }, async (request) => {
    const page = await newsPage(app.db, label, request.query)
    return table(page.rows, page.total)
  })

  app.get('/news/getInfo', { schema: schemas.newsInfo }, async (request) => {
    const data = await readNews(app.db, label, request.query.id)
    if (!data) throw new BusinessError(CODE.notFound, NEWS_MISSING)
    return ok(data)
  })

  app.get('/sysDesignQuotation', { schema: schemas.quotationList }, async (request) => {
    const page = await quotationPage(app.db, label, request.query)
    return table(page.rows, page.total)
  })

  app.get('/sysDesignQuotation/getInfo', { schema: schemas.quotationInfo }, async (request) => {
    const row = await quotationById(app.db, label, request.query.id)
    if (!row) throw new BusinessError(CODE.notFound, QUOTATION_MISSING)
    return ok(row)
  })

  app.get('/historyVideo/list', { schema: schemas.videoList }, async (request) => {
    const page = await videoPage(app.db, request.query)
    return table(page.rows, page.total)
  })

  app.get('/historyVideo/getInfo', { schema: schemas.videoInfo }, async (request) => {
    const row = await videoById(app.db, request.query.id)
    if (!row) throw new BusinessError(CODE.notFound, VIDEO_MISSING)
    return ok(row)
  })

  app.get('/historyVideo/showcase', { schema: schemas.showcase }, async () => {
    const row = await showcaseVideo(app.db)
    if (!row) throw new BusinessError(CODE.notFound, VIDEO_MISSING)
    return ok(row)
  })

  const findDocument = async (raw: string) => {
    const row = await documentById(app.db, pathId(raw, DOCUMENT_MISSING))
    if (!row) throw new BusinessError(CODE.notFound, DOCUMENT_MISSING)
    return row
  }

  app.get('/others/document/:id', { schema: schemas.documentInfo }, async (request) =>
    ok(documentInfo(await findDocument(request.params.id))),
  )

  app.get(
    '/others/downloadword/:id',
    // A download link: a members-only document knows its member by the session cookie.
    { schema: schemas.download, config: { sessionCookie: true } },
    async (request, reply) => {
      const row = await findDocument(request.params.id)
      if (row.members_only) {
        if (!(await viewerId(app, request))) throw new BusinessError(CODE.unauthorized, MEMBERS_ONLY)
      }
      return sendDocument(reply, row.file, row.file_name)
    },
  )

  app.post(
    '/others/downloadLink/:id',
    { preValidation: requireUser, schema: schemas.signLink },
    async (request) => {
      const row = await findDocument(request.params.id)
      const { token, expiresAt } = app.downloadLinks.issue(row.id)
      return ok({ path: `/others/download/${token}/${row.id}`, expiresAt })
    },
  )

  /** The document a signed link opens, or the reason it does not (invalid, expired, gone). */
  const signedDocument = async ({ token, id }: { token: string; id: string }) => {
    const row = await findDocument(id)
    const refused = app.downloadLinks.check(token, row.id)
    if (refused) throw new BusinessError(CODE.badRequest, refused)
    return row
  }

  app.get('/others/signedDocument/:token/:id', { schema: schemas.signedInfo }, async (request) =>
    ok(documentInfo(await signedDocument(request.params))),
  )

  app.get('/others/download/:token/:id', { schema: schemas.signedDownload }, async (request, reply) => {
    const row = await signedDocument(request.params)
    return sendDocument(reply, row.file, row.file_name)
  })

  app.get('/questionnaire/summary', { schema: schemas.survey }, async () => ok(await surveySummary(app.db)))

  // The PDF changes only when answers do: one copy is kept per summary, so repeated downloads cost nothing.
  let cachedPdf: { key: string; pdf: Promise<Buffer> } | undefined
  app.get('/questionnaire/export', { schema: schemas.surveyPdf }, async (_request, reply) => {
    const summary = await surveySummary(app.db)
    const key = JSON.stringify(summary)
    if (cachedPdf?.key !== key) {
      const printedAt = formatBeijingDate(new Date().toISOString())
      cachedPdf = {
        key,
        pdf: app.workers.run('questionnairePdf', { summary, printedAt }).then(bufferOf),
      }
      cachedPdf.pdf.catch(() => {
        cachedPdf = undefined
      })
    }
    const pdf = await cachedPdf.pdf
    return reply
      .type('application/pdf')
      .header('cache-control', 'no-cache')
      .header(
        'content-disposition',
        `attachment; filename="questionnaire.pdf"; filename*=UTF-8''${encodeURIComponent(`${summary.title}-汇总.pdf`)}`,
      )
      .send(pdf)
  })

  app.get('/site/verify-bd', { schema: schemas.siteVerify }, async () =>
    ok({ configured: Boolean(opts.siteVerification), content: opts.siteVerification ?? '' }),
  )
}
