import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { createdIdSchema } from '../../schemas/api/common.ts'
import { workCardSchema, workDetailSchema, workVerificationSchema } from '../../schemas/api/works.ts'
import {
  isBrowserImage,
  isWorkImage,
  WORK_FILE_TYPES,
  WORK_IMAGE_EXTENSIONS,
  WORK_RENDITION_WIDTHS,
  WORK_THUMB_WIDTH,
} from '../../schemas/works.ts'
import { BusinessError, CODE, ok, table } from '../lib/envelope.ts'
import { parseForm } from '../lib/form-body.ts'
import { requestOrigin } from '../lib/origin.ts'
import {
  type BytesReplyProvider,
  fileReplies,
  formBody,
  handlerBody,
  int,
  MEDIA,
  PAGING,
  params,
  query,
  replies,
  SIGNED_IN,
  shape,
  str,
  tableReplies,
} from '../lib/route-schema.ts'
import { requireUser, viewerId } from '../plugins/auth.ts'
import { registerMultipart } from '../plugins/uploads.ts'
import { FILE_CACHE, fileAccess } from '../services/file-access.ts'
import { blindRound } from '../services/judging/rounds.ts'
import type { Limit } from '../services/rate-limits.ts'
import { INCOMPLETE, MAX_UPLOAD_BYTES } from '../services/storage.ts'
import { WorkDocuments } from '../services/works/documents.ts'
import { registerWork, WORKS_MESSAGES } from '../services/works/register.ts'
import { NoPicture } from '../services/works/renditions.ts'
import { verifyHash } from '../services/works/verify.ts'
import { fileUrl, listCards, placeholderCover, workById, workDetail } from '../services/works/views.ts'

/** Registrations a user may make: claimed before the file is hashed and the statement stamped. */
export const REGISTER_LIMIT: Limit = { windowMs: 3600_000, max: 10 }
/** Public verifications per client address (each may hash a 20 MB upload). */
export const VERIFY_LIMIT: Limit = { windowMs: 10 * 60_000, max: 60 }
/** Certificate and package downloads per user (a first download makes the PDF and the zip). */
export const DOCUMENT_LIMIT: Limit = { windowMs: 60_000, max: 30 }

const TAG = '作品确权'
const HASH = /^[0-9a-fA-F]{64}$/

const schemas = {
  add: {
    tags: [TAG],
    summary: '登记作品确权（仅限中国大陆居民身份证实名认证的用户；每小时最多 10 件）',
    security: SIGNED_IN,
    querystring: query({}),
    body: formBody('works-register'),
    response: replies(createdIdSchema),
  },
  show: {
    tags: [TAG],
    summary: '作品详情（公开；登记信息面板与 mine 仅对作品所有者）',
    params: params({ id: 12 }),
    querystring: query({}),
    response: replies(workDetailSchema),
  },
  my: {
    tags: [TAG],
    summary: '我的确权作品（分页，新的在前）',
    security: SIGNED_IN,
    querystring: query({ ...PAGING }),
    response: tableReplies(workCardSchema),
  },
  list: {
    tags: [TAG],
    summary: '确权作品目录（公开，分页，新的在前；可按作品类型与作者筛选）',
    querystring: query({
      ...PAGING,
      worksType: str(20),
      userId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    }),
    response: tableReplies(workCardSchema),
  },
  certificate: {
    tags: [TAG],
    summary: '作品存证证书 A4 PDF（仅作品所有者）',
    security: SIGNED_IN,
    params: params({ id: 12 }),
    querystring: query({}),
    response: fileReplies('PDF 文件', [MEDIA.pdf]),
  },
  package: {
    tags: [TAG],
    summary: '作品存证证据包 zip：原始文件、权利声明、哈希清单、证书、时间戳令牌与 TSA 证书（仅作品所有者）',
    security: SIGNED_IN,
    params: params({ id: 12 }),
    querystring: query({}),
    response: fileReplies('zip 文件', [MEDIA.zip]),
  },
  verify: {
    tags: [TAG],
    summary: '公开查验：提交 64 位十六进制哈希（JSON），或上传文件（multipart，20 MB 以内，不保存）',
    consumes: ['application/json', 'multipart/form-data'],
    body: handlerBody({
      type: 'object',
      properties: {
        hash: { type: 'string', maxLength: 200 },
        file: { type: 'string', format: 'binary' },
      },
    }),
    querystring: query({}),
    response: replies(workVerificationSchema),
  },
  thumb: {
    tags: [TAG],
    summary: `作品图片的 WebP：宽 ${WORK_RENDITION_WIDTHS.join(' 或 ')}（${WORK_IMAGE_EXTENSIONS.join('、')}；没有图像可画的原件重定向到原图或通用封面）`,
    params: params({ name: 100 }),
    querystring: query({ w: { type: 'integer', enum: [...WORK_RENDITION_WIDTHS] } }),
    response: {
      200: {
        description: 'WebP 图片；文件不存在时为 HTTP 200 的信封 {code:404}；没有图像时为 302',
        content: {
          'image/webp': { schema: { type: 'string', format: 'binary' } },
          'application/json': { schema: shape({ code: int, msg: { type: 'string' } }) },
        },
      },
    },
  },
} as const

/** The id in the path as a row id; anything else names no work. */
const workId = (raw: string): number => {
  if (!/^\d{1,9}$/.test(raw)) throw new BusinessError(CODE.notFound, WORKS_MESSAGES.notFound)
  return Number(raw)
}

/**
 * Rights-confirmed works (SPEC §1, §2 "Work registration detail view", §6, §7 GET /works/show/{id}):
 * registration, the public detail and directory, the owner's certificate and evidence package, public
 * verification and card thumbnails. README "作品确权 / Rights-confirmed works".
 */
export async function worksRoutes(
  instance: FastifyInstance,
  opts: { siteOrigin?: string; basePath: string; dataDir: string },
): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const documents = new WorkDocuments({
    db: app.db,
    storage: app.storage,
    notary: app.notary,
    dataDir: opts.dataDir,
    workers: app.workers,
  })
  const renditions = app.renditions
  const verifyUrl = (request: FastifyRequest, hash: string) =>
    `${requestOrigin(request, opts.siteOrigin)}${opts.basePath}works/verify?hash=${hash}`

  /** The signed-in viewer, if any: the detail is public, and a stale token reads as a visitor. */
  const viewerOf = (request: FastifyRequest) => viewerId(app, request)

  // Not /works/add: §7 gives that path to the competition engine's default family (work submission).
  app.post('/works/register', { preValidation: requireUser, schema: schemas.add }, async (request) => {
    const form = parseForm('works-register', request.body)
    const key = `works:register:user:${request.userId}`
    const claim = await app.rateLimits.claim(key, REGISTER_LIMIT)
    if (!claim.allowed) throw new BusinessError(CODE.tooMany, WORKS_MESSAGES.tooMany)
    try {
      const id = await registerWork(
        { db: app.db, storage: app.storage, notary: app.notary },
        request.userId,
        form,
      )
      return ok({ id }, '作品确权登记成功')
    } catch (error) {
      // A refused registration stamped nothing: it does not use up the hour's allowance.
      if (error instanceof BusinessError) await app.rateLimits.release(key)
      throw error
    }
  })

  app.get('/works/show/:id', { schema: schemas.show }, async (request) => {
    const work = await workById(app.db, workId(request.params.id))
    if (!work) throw new BusinessError(CODE.notFound, WORKS_MESSAGES.notFound)
    const viewer = await viewerOf(request)
    return ok(
      await workDetail(
        { db: app.db, storage: app.storage, reference: app.reference, renditions },
        work,
        viewer,
        verifyUrl(request, work.works_hash),
      ),
    )
  })

  app.get('/works/my', { preValidation: requireUser, schema: schemas.my }, async (request) => {
    const page = await listCards(app.db, { userId: request.userId }, request.query, opts.basePath)
    return table(page.rows, page.total)
  })

  app.get('/works/list', { schema: schemas.list }, async (request) => {
    const { worksType, userId } = request.query
    const page = await listCards(app.db, { worksType, userId }, request.query, opts.basePath)
    return table(page.rows, page.total)
  })

  /** The owner's own work, or the same answer as a missing one. */
  const ownWork = async (id: string, userId: number) => {
    const work = await workById(app.db, workId(id))
    if (!work || work.user_id !== userId) throw new BusinessError(CODE.notFound, WORKS_MESSAGES.notFound)
    const claim = await app.rateLimits.claim(`works:document:user:${userId}`, DOCUMENT_LIMIT)
    if (!claim.allowed) throw new BusinessError(CODE.tooMany, '下载过于频繁，请稍后再试')
    return work
  }
  const attachment = (reply: FastifyReply, type: string, name: string, bytes: Buffer) =>
    reply
      .type(type)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(bytes)

  app.get(
    '/works/:id/certificate',
    // Downloads are links (SPEC §2 "opens in a new tab"): the owner is known by the session cookie.
    { preValidation: requireUser, schema: schemas.certificate, config: { sessionCookie: true } },
    async (request, reply) => {
      const work = await ownWork(request.params.id, request.userId)
      const pdf = await documents.certificate(work, verifyUrl(request, work.works_hash))
      return attachment(reply, 'application/pdf', `${work.certificate_storage_no}.pdf`, pdf)
    },
  )

  app.get(
    '/works/:id/package',
    { preValidation: requireUser, schema: schemas.package, config: { sessionCookie: true } },
    async (request, reply) => {
      const work = await ownWork(request.params.id, request.userId)
      const zip = await documents.evidencePackage(work, verifyUrl(request, work.works_hash))
      return attachment(reply, 'application/zip', `${work.certificate_storage_no}-evidence.zip`, zip)
    },
  )

  // Multipart in a context of its own, as the upload route: its hooks stay off the other routes.
  await app.register(async (context) => {
    const verifying = context.withTypeProvider<JsonSchemaToTsProvider>()
    await registerMultipart(verifying, { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3 })
    verifying.post('/works/verify', { schema: schemas.verify }, async (request) => {
      const claim = await app.rateLimits.claim(`works:verify:address:${request.ip}`, VERIFY_LIMIT)
      if (!claim.allowed) throw new BusinessError(CODE.tooMany, '查验过于频繁，请稍后再试')
      if (!request.isMultipart()) {
        // A JSON body (or none): ajv has checked that a hash, if any, is text.
        const hash = request.body?.hash
        if (typeof hash !== 'string' || !HASH.test(hash.trim()))
          throw new BusinessError(CODE.badRequest, '请输入64位十六进制的SHA-256哈希值，或上传要查验的文件')
        return ok(await verifyHash(app.db, hash.trim().toLowerCase()))
      }
      const part = await request.file().catch((error: FastifyError) => {
        if (error.statusCode) throw error
        throw new BusinessError(CODE.badRequest, INCOMPLETE)
      })
      if (!part) throw new BusinessError(CODE.badRequest, '请选择要查验的文件')
      // Hashed while it streams, never written anywhere.
      const hash = createHash('sha256')
      let size = 0
      try {
        for await (const chunk of part.file) {
          hash.update(chunk as Buffer)
          size += (chunk as Buffer).length
        }
      } catch (error) {
        if ((error as FastifyError).code === 'FST_REQ_FILE_TOO_LARGE')
          throw new BusinessError(CODE.badRequest, '查验的文件不能超过20MB')
        throw new BusinessError(CODE.badRequest, INCOMPLETE)
      }
      if (part.file.truncated) throw new BusinessError(CODE.badRequest, '查验的文件不能超过20MB')
      if (size === 0) throw new BusinessError(CODE.badRequest, '文件内容为空')
      return ok(await verifyHash(app.db, hash.digest('hex')))
    })
  })

  // The picture goes out as a file stream: its reply is not the documented object.
  instance.withTypeProvider<BytesReplyProvider>().get(
    '/files/:name/thumb',
    // Pictures load through <img>: an uploader is known by the session cookie.
    { schema: schemas.thumb, config: { sessionCookie: true } },
    async (request, reply) => {
      const { name } = request.params
      if (!/^[0-9a-f]{64}\.[a-z]{3,4}$/.test(name) || !isWorkImage(name))
        throw new BusinessError(CODE.notFound, '文件不存在')
      // As the original: someone else's private upload answers like a file that does not exist.
      const access = await fileAccess(
        app.db,
        name,
        () => viewerId(app, request),
        blindRound(app.competitions),
      )
      if (access === 'none') throw new BusinessError(CODE.notFound, '文件不存在')
      let file: string | undefined
      try {
        file = await renditions.of(name, request.query.w ?? WORK_THUMB_WIDTH)
      } catch (error) {
        if (!(error instanceof NoPicture)) throw error
        // An original with no picture to make: a browser can still draw its own types (a header that
        // passed with pixels that do not decode), and a tif or eps without one gets the generic cover.
        return reply.redirect(
          isBrowserImage(name) ? fileUrl(name) : placeholderCover(WORK_FILE_TYPES.file, opts.basePath),
          302,
        )
      }
      if (!file) throw new BusinessError(CODE.notFound, '文件不存在')
      reply.header('cache-control', FILE_CACHE[access])
      reply.header('x-content-type-options', 'nosniff')
      return reply.type('image/webp').send(fs.createReadStream(file))
    },
  )
}
