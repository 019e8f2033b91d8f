import type { Kysely } from 'kysely'
import type { Competition } from '../../../definitions/competition/types.ts'
import { STAFF_ROLES, type StaffRole, type StaffRoleRow } from '../../../schemas/api/staff.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { nowIso } from '../../lib/time.ts'
import { lockRounds, releaseUnseated } from '../judging/seats.ts'
import { writeAudit } from './audit.ts'

/**
 * Staff roles (README "Staff roles"): admin (the whole site), organiser (of a competition), judge (of
 * a competition's round, or of all its rounds). An admin may do everything any role may; an organiser
 * is not a judge (judging is a separate grant, so a conflict of interest stays visible). Grants and
 * revokes write their audit entry in the same transaction.
 */
export { STAFF_ROLES, type StaffRole }

export const STAFF_MSG = {
  forbidden: '无权访问',
  unknownRole: '未知的角色：只能是 admin（管理员）、organiser（组织者）或 judge（评委）',
  competitionNeeded: '组织者和评委须指定赛事',
  adminHasNoCompetition: '管理员是全站角色，不指定赛事',
  roundOnlyForJudges: '只有评委可以指定评审轮次',
  badRound: '评审轮次编号只能由小写字母、数字和连字符组成（至多 40 个字符）',
  unknownRound: (round: string, rounds: string[]) =>
    rounds.length
      ? `该赛事没有评审轮次 ${round}：可选 ${rounds.join('、')}（见赛事定义文件的 judging）`
      : `该赛事没有评审轮次 ${round}：赛事定义文件尚未写评审 judging`,
  unknownCompetition: (ref: string | number) => `没有这个赛事：${ref}（请用赛事的编号或 slug）`,
  unknownAccount: (account: string) => `没有这个账号：${account}`,
  notHeld: '该账号没有这个角色，无需撤销',
  organiserGrantsJudges: '组织者只能授予或撤销本赛事的评委',
} as const

const ROUND_ID = /^[a-z0-9][a-z0-9-]{0,39}$/

export interface RoleGrant {
  role: StaffRole
  /** Required for organiser and judge, absent for admin. */
  competitionId?: number
  /** Judges only; absent: every round of the competition. */
  roundId?: string
}

export interface HeldRole {
  role: StaffRole
  competitionId: number | null
  roundId: string | null
}

export const isStaffRole = (value: unknown): value is StaffRole =>
  typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value)

/** The active competition of a numeric id or a slug, or a 404 business error naming what was asked. */
export async function findCompetition(
  k: Kysely<Database>,
  ref: string | number,
): Promise<{ id: number; slug: string; title: string }> {
  const text = String(ref).trim()
  const byId = /^\d{1,9}$/.test(text)
  const row = await k
    .selectFrom('competitions')
    .select(['id', 'slug', 'title'])
    .where('active', '=', 1)
    .where(byId ? 'id' : 'slug', '=', byId ? Number(text) : text)
    .executeTakeFirst()
  if (!row) throw new BusinessError(CODE.notFound, STAFF_MSG.unknownCompetition(text))
  return row
}

export async function findAccount(k: Kysely<Database>, account: string) {
  const row = await k
    .selectFrom('users')
    .select(['id', 'account', 'username'])
    .where('account', '=', account.trim())
    .executeTakeFirst()
  if (!row) throw new BusinessError(CODE.notFound, STAFF_MSG.unknownAccount(account))
  return row
}

/** The judging rounds (id, title) of a competition's definition text, in the definition's order. */
export function roundsOfDefinition(definition: string): Array<{ id: string; title: string }> {
  const parsed = JSON.parse(definition) as Partial<Competition>
  return (parsed.judging?.rounds ?? []).map((r) => ({ id: r.id, title: r.title }))
}

/** The judging rounds of a competition's definition as the competitions table holds it. */
export async function roundsOf(k: Kysely<Database>, competitionId: number) {
  const row = await k
    .selectFrom('competitions')
    .select('definition')
    .where('id', '=', competitionId)
    .executeTakeFirstOrThrow()
  return roundsOfDefinition(row.definition)
}

/** The judging round ids of a competition's definition. */
export const roundIdsOf = async (k: Kysely<Database>, competitionId: number): Promise<string[]> =>
  (await roundsOf(k, competitionId)).map((r) => r.id)

/** Checks a grant's shape and its competition; answers it in the stored form. */
async function checkedGrant(k: Kysely<Database>, grant: RoleGrant): Promise<HeldRole> {
  if (!isStaffRole(grant.role)) throw new BusinessError(CODE.badRequest, STAFF_MSG.unknownRole)
  if (grant.role === 'admin' && grant.competitionId !== undefined)
    throw new BusinessError(CODE.badRequest, STAFF_MSG.adminHasNoCompetition)
  if (grant.role !== 'admin' && grant.competitionId === undefined)
    throw new BusinessError(CODE.badRequest, STAFF_MSG.competitionNeeded)
  if (grant.roundId !== undefined && grant.role !== 'judge')
    throw new BusinessError(CODE.badRequest, STAFF_MSG.roundOnlyForJudges)
  if (grant.roundId !== undefined && !ROUND_ID.test(grant.roundId))
    throw new BusinessError(CODE.badRequest, STAFF_MSG.badRound)
  const competition =
    grant.competitionId === undefined ? undefined : await findCompetition(k, grant.competitionId)
  // A judge's round must be one the definition names (as synced at the last start): any other would
  // be a role that opens nothing.
  if (grant.roundId !== undefined && competition) {
    const rounds = await roundIdsOf(k, competition.id)
    if (!rounds.includes(grant.roundId))
      throw new BusinessError(CODE.badRequest, STAFF_MSG.unknownRound(grant.roundId, rounds))
  }
  return { role: grant.role, competitionId: competition?.id ?? null, roundId: grant.roundId ?? null }
}

/**
 * Grants a role; idempotent: a role already held answers `granted: false` and writes nothing (no
 * second row, no audit entry), also when the same grant arrives many times at once — the unique index
 * decides inside the insert.
 */
export async function grantRole(
  k: Kysely<Database>,
  actorId: number | null,
  userId: number,
  grant: RoleGrant,
  via: 'api' | 'cli' | 'seed' = 'api',
): Promise<{ granted: boolean; role: HeldRole }> {
  const role = await checkedGrant(k, grant)
  return k.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('staff_roles')
      .values({
        user_id: userId,
        role: role.role,
        competition_id: role.competitionId,
        round_id: role.roundId,
        granted_by: actorId,
        granted_at: nowIso(),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst()
    if (!inserted) return { granted: false, role }
    await writeAudit(trx, {
      actorId,
      action: 'role.grant',
      targetType: 'user',
      targetId: userId,
      competitionId: role.competitionId,
      detail: { via, before: null, after: role },
    })
    return { granted: true, role }
  })
}

/**
 * Revokes a role the user holds; one not held is a 404 business error (nothing is written). A judge
 * who thereby loses a round seat lets go of that round's entries they have not submitted
 * (releaseUnseated), recorded in the same audit entry.
 */
export async function revokeRole(
  k: Kysely<Database>,
  actorId: number | null,
  userId: number,
  grant: RoleGrant,
  via: 'api' | 'cli' = 'api',
): Promise<HeldRole> {
  const role = await checkedGrant(k, grant)
  const rounds =
    role.role === 'judge' && role.competitionId !== null ? await roundIdsOf(k, role.competitionId) : []
  return k.transaction().execute(async (trx) => {
    if (role.competitionId !== null) await lockRounds(trx, role.competitionId, rounds)
    const removed = await trx
      .deleteFrom('staff_roles')
      .where('user_id', '=', userId)
      .where('role', '=', role.role)
      .where('competition_id', role.competitionId === null ? 'is' : '=', role.competitionId)
      .where('round_id', role.roundId === null ? 'is' : '=', role.roundId)
      .returning(['granted_by', 'granted_at'])
      .executeTakeFirst()
    if (!removed) throw new BusinessError(CODE.notFound, STAFF_MSG.notHeld)
    const released =
      role.competitionId === null ? [] : await releaseUnseated(trx, role.competitionId, userId, rounds)
    await writeAudit(trx, {
      actorId,
      action: 'role.revoke',
      targetType: 'user',
      targetId: userId,
      competitionId: role.competitionId,
      detail: {
        via,
        before: { ...role, grantedBy: removed.granted_by, grantedAt: removed.granted_at },
        after: null,
        ...(released.length ? { released } : {}),
      },
    })
    return role
  })
}

export async function rolesOf(k: Kysely<Database>, userId: number): Promise<HeldRole[]> {
  const rows = await k
    .selectFrom('staff_roles')
    .select(['role', 'competition_id', 'round_id'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
  return rows
    .filter((r) => isStaffRole(r.role))
    .map((r) => ({ role: r.role as StaffRole, competitionId: r.competition_id, roundId: r.round_id }))
}

/**
 * Whether roles allow acting as `role`: admin allows everything; otherwise the role itself, for the
 * competition when one is named (any competition when not), and for a judge the round when one is
 * named (a judge of every round holds each).
 */
export function allows(held: HeldRole[], role: StaffRole, competitionId?: number, roundId?: string): boolean {
  if (held.some((r) => r.role === 'admin')) return true
  return held.some(
    (r) =>
      r.role === role &&
      (competitionId === undefined || r.competitionId === competitionId) &&
      (roundId === undefined || r.roundId === null || r.roundId === roundId),
  )
}

export async function can(
  k: Kysely<Database>,
  userId: number,
  role: StaffRole,
  competitionId?: number,
  roundId?: string,
): Promise<boolean> {
  return allows(await rolesOf(k, userId), role, competitionId, roundId)
}

/**
 * Who may grant or revoke a role: an admin any; an organiser the judges of their own competition
 * (they pick their panel; organisers and admins are made by an admin or `npm run grant`).
 */
export async function mayAssign(
  k: Kysely<Database>,
  actorId: number,
  role: StaffRole,
  competitionId?: number,
): Promise<void> {
  const held = await rolesOf(k, actorId)
  if (held.some((r) => r.role === 'admin')) return
  if (role === 'judge' && competitionId !== undefined && allows(held, 'organiser', competitionId)) return
  throw new BusinessError(CODE.unauthorized, STAFF_MSG.organiserGrantsJudges)
}

/** The competitions whose records a reader sees: undefined for an admin (all), else those they organise. */
export async function organiserScope(k: Kysely<Database>, userId: number): Promise<number[] | undefined> {
  const held = await rolesOf(k, userId)
  if (held.some((r) => r.role === 'admin')) return undefined
  return held.filter((r) => r.role === 'organiser' && r.competitionId !== null).map((r) => r.competitionId!)
}

/** Every role in scope (undefined: all), optionally of one competition, by competition then account. */
export async function listRoles(
  k: Kysely<Database>,
  scope: number[] | undefined,
  competitionId?: number,
): Promise<StaffRoleRow[]> {
  if (scope && !scope.length) return []
  let q = k
    .selectFrom('staff_roles')
    .innerJoin('users', 'users.id', 'staff_roles.user_id')
    .leftJoin('competitions', 'competitions.id', 'staff_roles.competition_id')
    .leftJoin('users as granter', 'granter.id', 'staff_roles.granted_by')
    .select([
      'staff_roles.user_id',
      'users.account',
      'users.username',
      'staff_roles.role',
      'staff_roles.competition_id',
      'competitions.title',
      'competitions.definition',
      'staff_roles.round_id',
      'granter.account as granted_by',
      'staff_roles.granted_at',
    ])
  if (scope) q = q.where('staff_roles.competition_id', 'in', scope)
  if (competitionId !== undefined) q = q.where('staff_roles.competition_id', '=', competitionId)
  const rows = await q
    .orderBy('staff_roles.competition_id')
    .orderBy('users.account')
    .orderBy('staff_roles.role')
    .orderBy('staff_roles.id')
    .execute()
  // A round seat is shown by the title the definition gives it, a judge's seats in the definition's
  // order (each definition read once per competition).
  const defined = new Map<number, Array<{ id: string; title: string }>>()
  const roundsIn = (competitionId: number, definition: string) => {
    let rounds = defined.get(competitionId)
    if (!rounds) {
      rounds = roundsOfDefinition(definition)
      defined.set(competitionId, rounds)
    }
    return rounds
  }
  const seat = (r: (typeof rows)[number]) => {
    if (r.competition_id === null || r.definition === null || r.round_id === null)
      return { title: null, order: -1 }
    const rounds = roundsIn(r.competition_id, r.definition)
    const index = rounds.findIndex((x) => x.id === r.round_id)
    return { title: rounds[index]?.title ?? r.round_id, order: index < 0 ? rounds.length : index }
  }
  const sameHolder = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    a.competition_id === b.competition_id && a.account === b.account && a.role === b.role
  // The query's order, except a holder's round seats follow the definition: the query puts one
  // holder's rows next to each other, and each such run is sorted on its own.
  const ordered: typeof rows = []
  for (const r of rows.filter((x) => isStaffRole(x.role))) {
    let at = ordered.length
    while (at > 0 && sameHolder(ordered[at - 1]!, r) && seat(ordered[at - 1]!).order > seat(r).order) at--
    ordered.splice(at, 0, r)
  }
  return ordered.map((r) => ({
    userId: r.user_id,
    account: r.account,
    username: r.username,
    role: r.role as StaffRole,
    competitionId: r.competition_id,
    competitionTitle: r.title,
    roundId: r.round_id,
    roundTitle: seat(r).title,
    grantedBy: r.granted_by,
    grantedAt: r.granted_at,
  }))
}
