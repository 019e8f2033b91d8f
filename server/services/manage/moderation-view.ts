import type { Moderation, ModerationState } from '../../../schemas/api/manage.ts'

/**
 * An entry's moderation as the API answers it (the console, 我的赛事 and the competition workspace):
 * the registration's columns of migration 0021, or null when staff have not acted on it.
 */
export const moderationOf = (row: {
  moderation: string | null
  moderation_reason: string | null
  moderated_at: string | null
}): Moderation =>
  row.moderation === 'returned' || row.moderation === 'disqualified'
    ? {
        state: row.moderation as ModerationState,
        reason: row.moderation_reason ?? '',
        at: row.moderated_at ?? '',
      }
    : null
