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
  roundTitle: { ...nullableText, description: '评审轮次的名称（赛事定义文件 judging 中的 title）' },
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

const ROUND_IDS = {
  type: ['array', 'null'],
  items: { type: 'string', minLength: 1, maxLength: 40 },
  maxItems: 20,
} as const

/**
 * The body of a judge's round seats (the console's round picker): `roundIds` null is every round of the
 * competition, a list those rounds, [] none (the judge is revoked); `add` adds them to the seats held.
 */
export const judgeRoundsBody = {
  type: 'object',
  properties: {
    account: { type: 'string', minLength: 1, maxLength: 64, description: '账号（手机号或邮箱）' },
    competitionId: { type: 'integer', minimum: 1, maximum: 2_147_483_647, description: '赛事编号' },
    roundIds: { ...ROUND_IDS, description: '评审轮次；null 为所有轮次，[] 为撤销该评委' },
    add: { type: 'boolean', description: 'true：加到已有的轮次上（授予）；不填：改为恰好这些轮次' },
  },
  required: ['account', 'competitionId', 'roundIds'],
  additionalProperties: false,
} as const

/** What a change of a judge's seats answers: before and after (null: every round), what was released. */
export const judgeRoundsSchema = object({
  changed: { type: 'boolean' },
  account: text(64),
  competitionId: integer,
  before: { type: ['array', 'null'], items: text(40), description: '改前的轮次；null 为所有轮次' },
  after: { type: ['array', 'null'], items: text(40), description: '改后的轮次；null 为所有轮次' },
  released: {
    type: 'array',
    items: object({ roundId: text(40), workIds: { type: 'array', items: integer } }),
    description: '因失去轮次席位而收回的未提交评审（作品编号），由下次“分配评审”重新分配',
  },
})
export type JudgeRoundsChange = FromSchema<typeof judgeRoundsSchema>

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
