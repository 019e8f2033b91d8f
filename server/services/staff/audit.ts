import type { Kysely, Transaction } from 'kysely'
import type { AuditEntry } from '../../../schemas/api/staff.ts'
import type { Database } from '../../db/schema.ts'
import { nowIso } from '../../lib/time.ts'

/**
 * The audit trail (README "Staff roles"): every staff action — grant, revoke, and later moderation,
 * scores, publication, re-issue, shipping — writes one entry in the transaction of the change itself,
 * so a change without its entry (or the other way round) cannot be committed. Append-only: nothing in
 * the server updates or deletes `audit_log`.
 */
export interface AuditWrite {
  /** Null: the command line (npm run grant) or the system (the demo seed). */
  actorId: number | null
  /** Dotted verb, e.g. 'role.grant', 'role.revoke'. */
  action: string
  targetType: string
  targetId: string | number
  competitionId: number | null
  /** What changed, as plain JSON: `before` and `after` where the action replaces something. */
  detail: Record<string, unknown>
}

export async function writeAudit(trx: Transaction<Database> | Kysely<Database>, entry: AuditWrite) {
  await trx
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      target_type: entry.targetType,
      target_id: String(entry.targetId),
      competition_id: entry.competitionId,
      detail: JSON.stringify(entry.detail),
      at: nowIso(),
    })
    .execute()
}

export interface AuditQuery {
  /** The competitions the reader may see (an organiser's); undefined: all (an admin). */
  scope?: number[]
  competitionId?: number
  action?: string
  /** One record's history, e.g. { type: 'entry', id: 12 } (the console's entry page). */
  target?: { type: string; id: string | number }
  page: number
  size: number
}

/** Entries newest first, a page at a time, with the total that matches. */
export async function listAudit(
  k: Kysely<Database>,
  q: AuditQuery,
): Promise<{ rows: AuditEntry[]; total: number }> {
  let base = k.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.actor_id')
  if (q.scope) {
    // An empty scope sees nothing (an IN () is not valid SQL on either database).
    if (!q.scope.length) return { rows: [], total: 0 }
    base = base.where('audit_log.competition_id', 'in', q.scope)
  }
  if (q.competitionId !== undefined) base = base.where('audit_log.competition_id', '=', q.competitionId)
  if (q.action) base = base.where('audit_log.action', '=', q.action)
  if (q.target)
    base = base
      .where('audit_log.target_type', '=', q.target.type)
      .where('audit_log.target_id', '=', String(q.target.id))
  const { n } = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
  const rows = await base
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.action',
      'audit_log.actor_id',
      'audit_log.target_type',
      'audit_log.target_id',
      'audit_log.competition_id',
      'audit_log.detail',
      'users.account',
      'users.username',
    ])
    .orderBy('audit_log.id', 'desc')
    .limit(q.size)
    .offset((q.page - 1) * q.size)
    .execute()
  return {
    total: Number(n),
    rows: rows.map((r) => ({
      id: r.id,
      at: r.at,
      action: r.action,
      actor:
        r.actor_id === null || r.account === null || r.username === null
          ? null
          : { id: r.actor_id, account: r.account, username: r.username },
      targetType: r.target_type,
      targetId: r.target_id,
      competitionId: r.competition_id,
      detail: JSON.parse(r.detail) as Record<string, unknown>,
    })),
  }
}

/** One record's whole history, newest first (at most 200 entries). */
export async function listAuditOf(k: Kysely<Database>, type: string, id: string | number) {
  return (await listAudit(k, { target: { type, id }, page: 1, size: 200 })).rows
}
