import fs from 'node:fs'
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { listOf } from '../../schemas/api/json.ts'
import { EXPORT_KIND_VALUES, exportFileSchema } from '../../schemas/api/manage.ts'
import { ok } from '../lib/envelope.ts'
import { fileReplies, MEDIA, query, replies, SIGNED_IN, shape } from '../lib/route-schema.ts'
import { CROSS_SITE_MSG, fromAnotherSite } from '../plugins/cross-site.ts'
import { RequestError } from '../plugins/errors.ts'
import { staffRoute } from '../plugins/staff.ts'
import { dispositionOf, EXPORT_FILES } from '../services/exports/make-export.ts'

const TAGS = ['管理后台']
const COMPETITION = { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '赛事编号' } as const

/** The competition in the path: a whole number, else the request is refused before any work. */
const byCompetition = shape({ competitionId: COMPETITION })
const byExport = shape({
  competitionId: COMPETITION,
  exportId: { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '导出编号' },
})

/**
 * The organisers' exports (README "Exports"): asked for here, made as background jobs by whichever
 * instance takes them (services/exports/export-files.ts), listed with their progress, and downloaded
 * once ready. Organisers of that competition and admins only; one export queued or running per
 * account; each request writes an audit entry. The download is linked from the console, so the
 * session cookie counts (it changes nothing), and another site may not open it.
 */
export async function manageExportRoutes(
  instance: FastifyInstance,
  opts: { siteOrigin?: string },
): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const exports = app.exportFiles
  const staff = staffRoute('organiser', 'params')

  app.get(
    '/manage/competitions/:competitionId/exports',
    {
      ...staff,
      schema: {
        tags: TAGS,
        summary: '本赛事最近的导出（最新在前，最多 10 个）：状态、进度、大小',
        security: SIGNED_IN,
        params: byCompetition,
        querystring: query({}),
        response: replies(listOf(exportFileSchema)),
      },
    },
    async (request) => ok(await exports.list(request.params.competitionId)),
  )

  app.post(
    '/manage/competitions/:competitionId/exports',
    {
      ...staff,
      schema: {
        tags: TAGS,
        summary:
          '导出：entries.xlsx 报名与作品（每个参赛类别一张表，列名即表单标题）或 works.zip 全部作品文件（按参赛编号分文件夹，附 manifest.csv 含 SHA-256）；后台生成，每人同时一个；记入审计日志',
        security: SIGNED_IN,
        params: byCompetition,
        querystring: query({}),
        body: {
          type: 'object',
          properties: { kind: { type: 'string', enum: EXPORT_KIND_VALUES, description: '导出内容' } },
          required: ['kind'],
          additionalProperties: false,
        },
        response: replies(exportFileSchema),
      },
    },
    async (request) =>
      ok(await exports.request(request.userId, request.params.competitionId, request.body.kind)),
  )

  // A read, but another site may not have the organiser's browser fetch an export with the cookie.
  const sameSiteOnly = async (request: FastifyRequest) => {
    if (fromAnotherSite(request, opts.siteOrigin)) throw new RequestError(403, CROSS_SITE_MSG)
  }
  app.get(
    '/manage/competitions/:competitionId/exports/:exportId/file',
    {
      ...staff,
      onRequest: sameSiteOnly,
      config: { ...staff.config, sessionCookie: true },
      schema: {
        tags: TAGS,
        summary:
          '下载已生成的导出文件（Content-Disposition: attachment）；未生成完、已过期或不属于本赛事 code 404',
        security: SIGNED_IN,
        params: byExport,
        querystring: query({}),
        response: fileReplies('XLSX 或 ZIP 文件', [MEDIA.xlsx, MEDIA.zip]),
      },
    },
    async (request, reply) => {
      const file = await exports.file(request.params.competitionId, request.params.exportId)
      return reply
        .type(EXPORT_FILES[file.kind].contentType)
        .header('cache-control', 'private, no-store')
        .header('content-length', file.size)
        .header('content-disposition', dispositionOf(file.kind, file.competition))
        .send(fs.createReadStream(file.path))
    },
  )
}
