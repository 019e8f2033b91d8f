import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { query, SIGNED_IN, shape, textReplies } from '../lib/route-schema.ts'
import { CROSS_SITE_MSG, fromAnotherSite } from '../plugins/cross-site.ts'
import { RequestError } from '../plugins/errors.ts'
import { staffRoute } from '../plugins/staff.ts'
import { type Download, type ExportDeps, exportEntries, exportWorks } from '../services/exports/downloads.ts'

const TAGS = ['管理后台']

/** The competition in the path: a whole number, else the request is refused before any work. */
const byCompetition = shape({
  competitionId: { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '赛事编号' },
})

/**
 * The organisers' exports (README "Exports"): a competition's entries as an XLSX workbook and every
 * work's files as a ZIP with a manifest, both streamed as they are made. Organisers of that
 * competition and admins only; one export at a time per account and a small number at once in all
 * (services/exports/slots.ts); each export writes an audit entry. Download links: the console links
 * them, so the session cookie counts (they change nothing).
 */
export async function manageExportRoutes(
  instance: FastifyInstance,
  opts: { siteOrigin?: string },
): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  // A read, but a costly one that leaves an audit entry in the organiser's name: another site may not
  // start it by sending the organiser's browser here with the cookie (README "Exports").
  const sameSiteOnly = async (request: FastifyRequest) => {
    if (fromAnotherSite(request, opts.siteOrigin)) throw new RequestError(403, CROSS_SITE_MSG)
  }
  const deps = (): ExportDeps => ({
    db: app.db,
    registry: app.competitions,
    reference: app.reference,
    storage: app.storage,
    log: app.log,
  })
  const staff = staffRoute('organiser', 'params')
  const options = (summary: string, file: string) => ({
    ...staff,
    onRequest: sameSiteOnly,
    config: { ...staff.config, sessionCookie: true },
    // A HEAD would run a whole export (slot, audit entry, queries) to send no body.
    exposeHeadRoute: false,
    schema: {
      tags: TAGS,
      summary,
      security: SIGNED_IN,
      params: byCompetition,
      querystring: query({}),
      response: textReplies(file),
    },
  })
  const send = (reply: FastifyReply, download: Download) =>
    reply
      .type(download.contentType)
      .header('cache-control', 'private, no-store')
      .header('content-disposition', download.disposition)
      .send(download.stream)

  app.get(
    '/manage/competitions/:competitionId/export/entries.xlsx',
    options(
      '导出报名与作品（XLSX，每个参赛类别一张表，列名即表单标题；流式生成；每人同时一个导出；记入审计日志）',
      'XLSX 文件（Content-Disposition: attachment）',
    ),
    async (request, reply) =>
      send(reply, await exportEntries(deps(), request.userId, request.params.competitionId)),
  )

  app.get(
    '/manage/competitions/:competitionId/export/works.zip',
    options(
      '导出全部作品文件（ZIP，按参赛编号分文件夹，附 manifest.csv 含每个文件的 SHA-256 与大小；流式生成；记入审计日志）',
      'ZIP 文件（Content-Disposition: attachment）',
    ),
    async (request, reply) =>
      send(reply, await exportWorks(deps(), request.userId, request.params.competitionId)),
  )
}
