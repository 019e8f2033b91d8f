import type { Kysely } from 'kysely'

/**
 * Moderation of competition entries (issue 24 item 2, README "Organisers' console"): staff may return a
 * submitted entry to its entrant with a reason (before the submission deadline) or disqualify it with a
 * reason (before the results). The entry's current state lives on its registration, so one conditional
 * UPDATE decides a burst of the same action; its history is the audit trail (audit_log, target 'entry').
 * - `moderation`: null (none), 'returned' (cleared when the entrant submits again) or 'disqualified'.
 * - `moderation_reason`, `moderated_at`: the reason the entrant reads in 我的赛事, and when.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('competition_registrations').addColumn('moderation', 'varchar(16)').execute()
  await db.schema
    .alterTable('competition_registrations')
    .addColumn('moderation_reason', 'varchar(200)')
    .execute()
  await db.schema.alterTable('competition_registrations').addColumn('moderated_at', 'varchar(32)').execute()
  await db.schema
    .createIndex('audit_log_target')
    .on('audit_log')
    .columns(['target_type', 'target_id', 'id'])
    .execute()
}
