import fs from 'node:fs'
import path from 'node:path'
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyError, FastifyInstance } from 'fastify'
import {
  dictItemSchema,
  provinceSchema,
  type RegionPath,
  regionLevelItemSchema,
  regionPathSchema,
  type UploadedFile,
  uploadedFileSchema,
} from '../../schemas/api/common.ts'
import { listOf } from '../../schemas/api/json.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import {
  type BytesReplyProvider,
  handlerBody,
  int,
  params,
  query,
  replies,
  SIGNED_IN,
  shape,
  str,
} from '../lib/route-schema.ts'
import { requireUser, viewerId } from '../plugins/auth.ts'
import { registerMultipart } from '../plugins/uploads.ts'
import { FILE_CACHE, fileAccess } from '../services/file-access.ts'
import { recordUpload } from '../services/file-records.ts'
import { blindRound } from '../services/judging/rounds.ts'
import {
  type FileStorage,
  INCOMPLETE,
  MAX_UPLOAD_BYTES,
  UPLOAD_TYPES,
  UploadError,
  uploadType,
} from '../services/storage.ts'
import { queueRenditions } from '../services/works/rendition-jobs.ts'

const schemas = {
  dictionary: {
    tags: ['字典、地区与文件'],
    summary: '字典项',
    params: params({ name: 100 }),
    response: replies(listOf(dictItemSchema)),
  },
  tree: {
    tags: ['字典、地区与文件'],
    summary: '完整的三级地区树（可缓存一天）',
    querystring: query({ type: str(20) }),
    response: replies(listOf(provinceSchema)),
  },
  level: {
    tags: ['字典、地区与文件'],
    summary: '一级地区：省份，或 parentId 的下级',
    querystring: query({ parentId: str(12) }),
    response: replies(listOf(regionLevelItemSchema)),
  },
  paths: {
    tags: ['字典、地区与文件'],
    summary: '由地区编码得到省市区路径（逗号分隔，最多 100 个）',
    querystring: query({ ids: str(1300) }),
    response: replies(listOf(regionPathSchema)),
  },
  upload: {
    tags: ['字典、地区与文件'],
    summary: '上传文件（20 MB 以内，类型按扩展名与文件头检查）',
    security: SIGNED_IN,
    consumes: ['multipart/form-data'],
    body: handlerBody({
      type: 'object',
      properties: { file: { type: 'string', format: 'binary' } },
      required: ['file'],
    }),
    querystring: query({}),
    response: replies(uploadedFileSchema),
  },
  file: {
    tags: ['字典、地区与文件'],
    summary: '下载已上传的文件（按内容哈希命名）',
    params: params({ name: 100 }),
    response: {
      200: {
        description: '文件内容；文件不存在时为 HTTP 200 的信封 {code:404}',
        content: {
          'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
          'application/json': { schema: shape({ code: int, msg: { type: 'string' } }) },
        },
      },
    },
  },
} as const

/** Dictionaries, the region tree, and file upload/download (SPEC §7 "Dictionaries and configuration"). */
export async function commonRoutes(instance: FastifyInstance): Promise<void> {
  // Request and reply types come from the route schemas.
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const bytesApp = instance.withTypeProvider<BytesReplyProvider>()
  // The three routes below send whole answers prepared once per data version (PreparedJson), as bytes.
  bytesApp.get(
    '/common/type/:name',
    { schema: schemas.dictionary, compress: false, decompress: false },
    (request, reply) => {
      const prepared = app.reference.dictionaryReply(request.params.name)
      if (!prepared) throw new BusinessError(CODE.notFound, '字典不存在')
      return prepared.send(request, reply)
    },
  )

  // The whole three-level tree (~3,400 regions): static, so browsers may cache it for a day.
  bytesApp.get(
    '/common/treeRegionByType',
    { schema: schemas.tree, compress: false, decompress: false },
    (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400')
      return app.reference.treeReply.send(request, reply)
    },
  )

  /** One level: the provinces, or the children of `parentId`. */
  bytesApp.get(
    '/common/treeRegion',
    { schema: schemas.level, compress: false, decompress: false },
    (request, reply) => app.reference.levelReply(request.query.parentId || null).send(request, reply),
  )

  /** The path from province down to each given region: how stored codes become labels. */
  app.get('/common/treeRegionIn', { schema: schemas.paths }, async (request) => {
    const ids = (request.query.ids ?? '').split(',').filter(Boolean).slice(0, 100)
    const paths: RegionPath[] = ids
      .map((id) => ({ id, path: app.reference.regionPath(id) }))
      .filter((r) => r.path.length)
    return ok(paths)
  })

  // Multipart in a context of its own: its hooks (an async onResponse on every request) stay off the
  // other routes, which read no files.
  await app.register(async (uploads) => {
    await registerMultipart(uploads, { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 })

    uploads.post(
      '/common/upload',
      { preValidation: requireUser, schema: schemas.upload },
      async (request) => {
        const part = await request.file().catch((error: FastifyError) => {
          // @fastify/multipart's own errors carry a status (406 not multipart, 413 limits); busboy's parse
          // errors (no boundary, malformed headers) are plain Errors about the client's body.
          if (error.statusCode) throw error
          throw new BusinessError(CODE.badRequest, INCOMPLETE)
        })
        if (!part) throw new BusinessError(CODE.badRequest, '请选择要上传的文件')
        // The name is stored and shown again: control characters have no place in it, and PostgreSQL
        // cannot store a NUL at all.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
        if (/[\u0000-\u001f\u007f]/.test(part.filename)) {
          part.file.resume()
          throw new BusinessError(CODE.badRequest, '文件名包含无效字符')
        }
        const ext = path.extname(part.filename).slice(1).toLowerCase()
        if (!uploadType(ext)) {
          part.file.resume()
          throw new BusinessError(
            CODE.badRequest,
            `不支持的文件类型，仅支持 ${Object.keys(UPLOAD_TYPES).join('、')}`,
          )
        }
        let stored: Awaited<ReturnType<FileStorage['save']>>
        try {
          stored = await app.storage.save(part.file, ext)
        } catch (error) {
          if (error instanceof UploadError) throw new BusinessError(CODE.badRequest, error.message)
          throw error
        }
        const originalName = part.filename.slice(0, 255)
        await recordUpload(app.db, stored, originalName, request.userId)
        await queueRenditions(app.jobs, stored.name, request.log)
        const uploaded: UploadedFile = {
          url: `/api/files/${stored.name}`,
          fileName: originalName,
          size: stored.size,
        }
        return ok(uploaded)
      },
    )
  })

  // Files load through <img> and <a href>: an uploader is known by the session cookie.
  const fileRoute = { schema: schemas.file, config: { sessionCookie: true } }
  bytesApp.get('/files/:name', fileRoute, async (request, reply) => {
    const { name } = request.params
    if (!/^[0-9a-f]{64}\.[a-z0-9]{2,4}$/.test(name)) throw new BusinessError(CODE.notFound, '文件不存在')
    // Someone else's private upload answers exactly like a file that does not exist (README).
    const access = await fileAccess(app.db, name, () => viewerId(app, request), blindRound(app.competitions))
    if (access === 'none') throw new BusinessError(CODE.notFound, '文件不存在')
    const file = await app.storage.localPath(name)
    if (!fs.existsSync(file)) throw new BusinessError(CODE.notFound, '文件不存在')
    const type = uploadType(name.split('.')[1] ?? '')
    reply.header('cache-control', FILE_CACHE[access])
    reply.header('x-content-type-options', 'nosniff')
    return reply.type(type?.mime ?? 'application/octet-stream').send(fs.createReadStream(file))
  })
}
