import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { listOf } from '../../schemas/api/json.ts'
import {
  checkInRowSchema,
  pageCountSchema,
  refundCaseRowSchema,
  signupRowSchema,
  staffMeSchema,
} from '../../schemas/api/manage.ts'
import { ok, table } from '../lib/envelope.ts'
import { PAGING, query, replies, SIGNED_IN, tableReplies } from '../lib/route-schema.ts'
import { requireUser } from '../plugins/auth.ts'
import { staffRoute } from '../plugins/staff.ts'
import type { EventRegistry } from '../services/events.ts'
import { listCheckIns, listRefundCases, listSignups, pageCounts } from '../services/manage/records.ts'
import { organiserScope, rolesOf } from '../services/staff/roles.ts'

const TAGS = ['管理后台']
const COMPETITION = { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '赛事编号' } as const
const SLUG = { type: 'string', maxLength: 64, description: '页面名称（slug）' } as const

/**
 * The console's other lists (README "Organisers' console"): landing-page sign-ups, event entries and
 * check-ins (admins: these pages belong to the site, not to a competition), refund cases (organisers
 * see their competitions'), and the signed-in account's own roles, which the SPA reads to show the
 * console's entry point to staff only.
 */
export async function manageRecordsRoutes(
  instance: FastifyInstance,
  opts: { events: EventRegistry },
): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const k = app.db.kysely

  app.get(
    '/staff/me',
    {
      preValidation: requireUser,
      schema: {
        tags: TAGS,
        summary: '当前账号的工作人员角色（非工作人员为空列表）',
        security: SIGNED_IN,
        querystring: query({}),
        response: replies(staffMeSchema),
      },
    },
    async (request) => {
      const roles = await rolesOf(k, request.userId)
      return ok({ admin: roles.some((r) => r.role === 'admin'), roles })
    },
  )

  const pageList = (url: string, summary: string, kind: 'landing' | 'events') =>
    app.get(
      url,
      {
        ...staffRoute('admin'),
        schema: {
          tags: TAGS,
          summary,
          security: SIGNED_IN,
          querystring: query({}),
          response: replies(listOf(pageCountSchema)),
        },
      },
      async () => {
        const pages =
          kind === 'landing'
            ? [...app.landing.values()]
                .filter((p) => p.signups.length)
                .map((p) => ({ slug: p.slug, title: p.title }))
            : opts.events.all().map((e) => ({ slug: e.slug, title: e.definition.title }))
        return ok(await pageCounts(k, kind, pages))
      },
    )
  pageList('/manage/landing-pages', '落地页及各页报名人数（仅管理员）', 'landing')
  pageList('/manage/events', '活动页及各页在线报名、现场签到人数（仅管理员）', 'events')

  const rowsQuery = query({ slug: SLUG, ...PAGING })
  // Landing-page sign-ups and event entries are one kind of row in two tables: one route each.
  const signupLists = [
    ['/manage/landing-signups', 'landing_signups', '落地页报名，新的在前（仅管理员）'],
    ['/manage/event-entries', 'event_entries', '活动在线报名，新的在前（仅管理员）'],
  ] as const
  for (const [url, source, summary] of signupLists) {
    app.get(
      url,
      {
        ...staffRoute('admin'),
        schema: {
          tags: TAGS,
          summary,
          security: SIGNED_IN,
          querystring: rowsQuery,
          response: tableReplies(signupRowSchema),
        },
      },
      async (request) => {
        const q = request.query
        const { rows, total } = await listSignups(k, source, q.slug || undefined, {
          page: q.pageNum,
          size: q.pageSize,
        })
        return table(rows, total)
      },
    )
  }
  app.get(
    '/manage/event-check-ins',
    {
      ...staffRoute('admin'),
      schema: {
        tags: TAGS,
        summary: '活动现场签到，新的在前（仅管理员）',
        security: SIGNED_IN,
        querystring: rowsQuery,
        response: tableReplies(checkInRowSchema),
      },
    },
    async (request) => {
      const q = request.query
      const { rows, total } = await listCheckIns(k, q.slug || undefined, {
        page: q.pageNum,
        size: q.pageSize,
      })
      return table(rows, total)
    },
  )

  app.get(
    '/manage/refund-cases',
    {
      ...staffRoute('organiser', 'query'),
      schema: {
        tags: TAGS,
        summary: '退款案例（重复缴纳报名费）：管理员看全部，组织者看本人所组织赛事的',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION, ...PAGING }),
        response: tableReplies(refundCaseRowSchema),
      },
    },
    async (request) => {
      const q = request.query
      const scope = await organiserScope(k, request.userId)
      const { rows, total } = await listRefundCases(k, scope, q.competitionId, {
        page: q.pageNum,
        size: q.pageSize,
      })
      return table(rows, total)
    },
  )
}
