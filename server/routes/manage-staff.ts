import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts'
import type { FastifyInstance } from 'fastify'
import { listOf } from '../../schemas/api/json.ts'
import {
  auditEntrySchema,
  type JudgeRoundsChange,
  judgeRoundsBody,
  judgeRoundsSchema,
  type RoleChange,
  roleChangeBody,
  roleChangeSchema,
  staffRoleSchema,
} from '../../schemas/api/staff.ts'
import { ok, table } from '../lib/envelope.ts'
import { PAGING, query, replies, SIGNED_IN, tableReplies } from '../lib/route-schema.ts'
import { staffRoute } from '../plugins/staff.ts'
import { listAudit } from '../services/staff/audit.ts'
import { setJudgeRounds } from '../services/staff/judge-rounds.ts'
import {
  findAccount,
  grantRole,
  listRoles,
  mayAssign,
  organiserScope,
  revokeRole,
} from '../services/staff/roles.ts'

const TAGS = ['管理后台']
const COMPETITION = { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '赛事编号' } as const

/**
 * Staff roles and the audit trail (README "Staff roles"). An admin sees and changes every role and
 * reads the whole trail; an organiser sees the roles and the trail of their own competitions and
 * grants or revokes that competition's judges. Every other account is refused with 无权访问.
 */
export async function manageStaffRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<JsonSchemaToTsProvider>()
  const k = app.db.kysely

  app.get(
    '/manage/staff/roles',
    {
      ...staffRoute('organiser', 'query'),
      schema: {
        tags: TAGS,
        summary: '工作人员角色：管理员看全部，组织者看本人所组织赛事的角色',
        security: SIGNED_IN,
        querystring: query({ competitionId: COMPETITION }),
        response: replies(listOf(staffRoleSchema)),
      },
    },
    async (request) => {
      const scope = await organiserScope(k, request.userId)
      return ok(await listRoles(k, scope, request.query.competitionId))
    },
  )

  const change = (summary: string) => ({
    tags: TAGS,
    summary,
    security: SIGNED_IN,
    body: roleChangeBody,
    response: replies(roleChangeSchema),
  })

  app.post(
    '/manage/staff/grant',
    {
      ...staffRoute('organiser', 'body'),
      schema: change(
        '授予角色（管理员：任意角色；组织者：本赛事的评委）；已有的角色不重复授予，记入审计日志',
      ),
    },
    async (request) => {
      const { account, role, competitionId, roundId } = request.body
      await mayAssign(k, request.userId, role, competitionId)
      const user = await findAccount(k, account)
      const done = await grantRole(k, request.userId, user.id, { role, competitionId, roundId })
      const answer: RoleChange = { changed: done.granted, account: user.account, ...done.role }
      return ok(answer, done.granted ? '已授予' : '该账号已有这个角色')
    },
  )

  app.post(
    '/manage/staff/revoke',
    {
      ...staffRoute('organiser', 'body'),
      schema: change('撤销角色（管理员：任意角色；组织者：本赛事的评委）；未持有的角色答 404，记入审计日志'),
    },
    async (request) => {
      const { account, role, competitionId, roundId } = request.body
      await mayAssign(k, request.userId, role, competitionId)
      const user = await findAccount(k, account)
      const held = await revokeRole(k, request.userId, user.id, { role, competitionId, roundId })
      return ok({ changed: true, account: user.account, ...held }, '已撤销')
    },
  )

  app.post(
    '/manage/staff/judge-rounds',
    {
      ...staffRoute('organiser', 'body'),
      schema: {
        tags: TAGS,
        summary:
          '评委的评审轮次（所有轮次、指定轮次或撤销）：一轮的评审组即在该轮有席位的评委；失去席位的评委未提交的评审被收回，记入审计日志',
        security: SIGNED_IN,
        body: judgeRoundsBody,
        response: replies(judgeRoundsSchema),
      },
    },
    async (request) => {
      const { account, competitionId, roundIds, add } = request.body
      await mayAssign(k, request.userId, 'judge', competitionId)
      const user = await findAccount(k, account)
      const done = await setJudgeRounds(k, request.userId, user.id, competitionId, roundIds, add === true)
      const answer: JudgeRoundsChange = { account: user.account, competitionId, ...done }
      const msg = !done.changed
        ? '评审轮次没有变化'
        : done.after !== null && !done.after.length
          ? '已撤销'
          : '已保存评审轮次'
      return ok(answer, msg)
    },
  )

  app.get(
    '/manage/audit',
    {
      ...staffRoute('organiser', 'query'),
      schema: {
        tags: TAGS,
        summary: '审计日志，新的在前：管理员看全部，组织者看本人所组织赛事的记录',
        security: SIGNED_IN,
        querystring: query({
          competitionId: COMPETITION,
          action: { type: 'string', maxLength: 40, description: '如 role.grant' },
          ...PAGING,
        }),
        response: tableReplies(auditEntrySchema),
      },
    },
    async (request) => {
      const q = request.query
      const scope = await organiserScope(k, request.userId)
      const { rows, total } = await listAudit(k, {
        scope,
        competitionId: q.competitionId,
        action: q.action,
        page: q.pageNum,
        size: q.pageSize,
      })
      return table(rows, total)
    },
  )
}
