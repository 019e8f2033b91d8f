import type { FromSchema } from 'json-schema-to-ts'
import { anyText, integer, object, text } from './json.ts'

// Staff roles and the audit trail (README "Staff roles", issue 24): what /api/manage/staff/… and
// /api/manage/audit read and answer. How to add a type: schemas/api/json.ts.

/** admin: the whole site; organiser: one competition; judge: one competition's round (or all its rounds). */
export const STAFF_ROLES = ['admin', 'organiser', 'judge'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

const nullableText = { type: ['string', 'null'] } as const
const nullableInteger = { type: ['integer', 'null'] } as const

/** One role held by one account. */
export const staffRoleSchema = object({
  userId: integer,
  account: text(64),
  username: text(64),
  role: { type: 'string', enum: STAFF_ROLES },
  competitionId: { ...nullableInteger, description: '赛事编号；管理员为 null' },
  competitionTitle: nullableText,
  roundId: { ...nullableText, description: '评审轮次；null 为该赛事的所有轮次（仅评委）' },
  grantedBy: { ...nullableText, description: '授予人的账号；null 为命令行（npm run grant）或演示数据' },
  grantedAt: anyText,
})
export type StaffRoleRow = FromSchema<typeof staffRoleSchema>

/** The body of a grant or a revoke. */
export const roleChangeBody = {
  type: 'object',
  properties: {
    account: { type: 'string', minLength: 1, maxLength: 64, description: '账号（手机号或邮箱）' },
    role: { type: 'string', enum: STAFF_ROLES },
    competitionId: {
      type: 'integer',
      minimum: 1,
      maximum: 2_147_483_647,
      description: '组织者、评委必填；管理员不填',
    },
    roundId: { type: 'string', minLength: 1, maxLength: 40, description: '仅评委：评审轮次；不填为所有轮次' },
  },
  required: ['account', 'role'],
  additionalProperties: false,
} as const

/** What a grant or a revoke answers: the role and whether anything changed (a repeated grant: false). */
export const roleChangeSchema = object({
  changed: { type: 'boolean' },
  account: text(64),
  role: { type: 'string', enum: STAFF_ROLES },
  competitionId: nullableInteger,
  roundId: nullableText,
})
export type RoleChange = FromSchema<typeof roleChangeSchema>

/** One audit entry: who, when, what, and the change itself. */
export const auditEntrySchema = object({
  id: integer,
  at: { ...anyText, description: 'ISO 时间（UTC）' },
  action: { ...text(40), description: '如 role.grant、role.revoke' },
  actor: {
    type: ['object', 'null'],
    properties: { id: integer, account: text(64), username: text(64) },
    required: ['id', 'account', 'username'],
    additionalProperties: false,
    description: '操作人；null 为命令行或系统',
  },
  targetType: text(40),
  targetId: text(64),
  competitionId: nullableInteger,
  detail: { type: 'object', additionalProperties: true, description: '变更内容（before / after）' },
})
export type AuditEntry = FromSchema<typeof auditEntrySchema>
