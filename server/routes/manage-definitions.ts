import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import {
  type DefinitionReload,
  definitionReloadRecordSchema,
  definitionReloadSchema,
} from '../../schemas/api/definitions.ts'
import { listOf } from '../../schemas/api/json.ts'
import { BusinessError, CODE, ok } from '../lib/envelope.ts'
import { query, replies, SIGNED_IN, shape } from '../lib/route-schema.ts'
import { staffRoute } from '../plugins/staff.ts'
import { recentReloads } from '../services/live-definitions.ts'

const TAGS = ['管理后台']

/** Each reload checks every file and makes every instance read them again: a few a minute is plenty. */
const RELOAD_LIMIT = { windowMs: 60_000, max: 6 }

/**
 * The definition files from the console (README "定义文件的重新读取"): an admin has competitions/,
 * events/ and landing-pages/ read again on every instance, with no restart and no rebuild — or, when
 * any file fails the check, nothing read and the checker's problems shown.
 */
export async function manageDefinitionRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()

  app.get(
    '/manage/definitions/reloads',
    {
      ...staffRoute('admin'),
      schema: {
        tags: TAGS,
        summary: '定义文件最近 10 次重新读取（时间、来源、操作人、读取的文件数）',
        security: SIGNED_IN,
        querystring: query({}),
        response: replies(listOf(definitionReloadRecordSchema)),
      },
    },
    async () => ok(await recentReloads(app.db.kysely)),
  )

  app.post(
    '/manage/definitions/reload',
    {
      ...staffRoute('admin'),
      schema: {
        tags: TAGS,
        summary:
          '重新读取定义文件：检查 competitions/、events/、landing-pages/ 的全部文件，全部通过才在每个实例生效（无需重启或构建），否则整批不生效并返回问题；记入审计日志',
        security: SIGNED_IN,
        body: { ...shape({}), additionalProperties: false },
        response: replies(definitionReloadSchema),
      },
    },
    async (request) => {
      const claim = await app.rateLimits.claim(`definitions:reload:user:${request.userId}`, RELOAD_LIMIT)
      if (!claim.allowed) throw new BusinessError(CODE.tooMany, '操作过于频繁，请稍后再试')
      const outcome = await app.definitionReloads.request({ source: 'console', actorId: request.userId })
      if (!outcome.ok) {
        const refused: DefinitionReload = {
          reloaded: false,
          competitions: 0,
          events: 0,
          landingPages: 0,
          problems: outcome.errors,
        }
        return ok(refused, `定义文件有 ${outcome.errors.length} 个问题，本次没有重新读取`)
      }
      const done: DefinitionReload = { reloaded: true, ...outcome.summary, problems: [] }
      return ok(done, '已重新读取定义文件：本实例已生效，其他实例将在数秒内生效')
    },
  )
}
