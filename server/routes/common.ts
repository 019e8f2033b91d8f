import fs from 'node:fs'
import path from 'node:path'
import multipart from '@fastify/multipart'
import type { FastifyError, FastifyInstance } from 'fastify'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { nowIso } from '../lib/time.ts'
import { requireUser } from '../plugins/auth.ts'
import type { ReferenceData } from '../services/reference-data.ts'
import {
  type FileStorage,
  INCOMPLETE,
  MAX_UPLOAD_BYTES,
  UPLOAD_TYPES,
  UploadError,
  uploadType,
} from '../services/storage.ts'

declare module 'fastify' {
  interface FastifyInstance {
    reference: ReferenceData
    storage: FileStorage
  }
}

/** Dictionaries, the region tree, and file upload/download (SPEC §7 "Dictionaries and configuration"). */
export async function commonRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>('/common/type/:name', async (request) => {
    const items = app.reference.dictionaries.get(request.params.name)
    if (!items) throw new BusinessError(CODE.notFound, '字典不存在')
    return ok(items)
  })

  // The whole three-level tree (~3,400 regions): static, so browsers may cache it for a day.
  app.get<{ Querystring: { type?: string } }>('/common/treeRegionByType', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=86400')
    return ok(app.reference.tree)
  })

  /** One level: the provinces, or the children of `parentId`. */
  app.get<{ Querystring: { parentId?: string } }>('/common/treeRegion', async (request) => {
    const list = app.reference.children.get(request.query.parentId || null) ?? []
    return ok(
      list.map(({ id, name, level, subLevel }) => ({ id, name, level, hasChildren: !!subLevel?.length })),
    )
  })

  /** The path from province down to each given region: how stored codes become labels. */
  app.get<{ Querystring: { ids?: string } }>('/common/treeRegionIn', async (request) => {
    const ids = (request.query.ids ?? '').split(',').filter(Boolean).slice(0, 100)
    return ok(ids.map((id) => ({ id, path: app.reference.regionPath(id) })).filter((r) => r.path.length))
  })

  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } })

  app.post('/common/upload', { preHandler: requireUser }, async (request) => {
    const part = await request.file().catch((error: FastifyError) => {
      // @fastify/multipart's own errors carry a status (406 not multipart, 413 limits); busboy's parse
      // errors (no boundary, malformed headers) are plain Errors about the client's body.
      if (error.statusCode) throw error
      throw new BusinessError(CODE.badRequest, INCOMPLETE)
    })
    if (!part) throw new BusinessError(CODE.badRequest, '请选择要上传的文件')
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
    await app.db.kysely
      .insertInto('files')
      .values({ ...stored, original_name: originalName, owner_id: request.userId, created_at: nowIso() })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute()
    return ok({ url: `/api/files/${stored.name}`, fileName: originalName, size: stored.size })
  })

  app.get<{ Params: { name: string } }>('/files/:name', async (request, reply) => {
    const { name } = request.params
    if (!/^[0-9a-f]{64}\.[a-z0-9]{2,4}$/.test(name)) throw new BusinessError(CODE.notFound, '文件不存在')
    const file = app.storage.pathOf(name)
    if (!fs.existsSync(file)) throw new BusinessError(CODE.notFound, '文件不存在')
    const type = uploadType(name.split('.')[1] ?? '')
    reply.header('cache-control', 'public, max-age=31536000, immutable')
    reply.header('x-content-type-options', 'nosniff')
    return reply.type(type?.mime ?? 'application/octet-stream').send(fs.createReadStream(file))
  })
}
