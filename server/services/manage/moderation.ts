import type { Kysely, Transaction } from 'kysely'
import { formatPhase } from '../../../definitions/competition/phases.ts'
import type { Competition } from '../../../definitions/competition/types.ts'
import type { ModerationResult, ModerationState } from '../../../schemas/api/manage.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { nowIso } from '../../lib/time.ts'
import { lockRound } from '../judging/round-lock.ts'
import { OutboxMessages } from '../messages.ts'
import { isPublished } from '../results/published.ts'
import { writeAudit } from '../staff/audit.ts'
import { moderationOf } from './moderation-view.ts'

/** The Chinese answers of moderation, each written once. */
export const MODERATION_MSG = {
  entryNotFound: '报名不存在',
  notSubmitted: '该报名尚未确认提交，无需退回',
  disqualified: '该报名已被取消资格',
  returnClosed: (deadline: string) =>
    `作品提交已于 ${formatPhase(deadline)} 截止，不能再退回修改；如有问题可取消资格`,
  disqualifyClosed: (results: string) => `结果已于 ${formatPhase(results)} 公布，不能再取消资格`,
  alreadyReturned: '该报名已退回，等待参赛者修改后重新提交',
  alreadyDisqualified: '该报名已被取消资格',
  returned: '已退回参赛者修改，并已通知参赛者',
  disqualifiedDone: '已取消参赛资格，并已通知参赛者',
  published: '评审结果已公布，不能再退回、取消或恢复参赛资格；如需更正，请在“评审结果”中撤回公布后再处理',
  notDisqualified: '该报名未被取消资格，无需恢复',
  reinstated: '已恢复参赛资格，并已通知参赛者；该作品回到原来的评审分配和评分',
  alreadyReinstated: '该报名的参赛资格已恢复',
} as const

/** A reason as staff typed it, without the closing punctuation the notices add themselves (no “。。”). */
export const reasonText = (reason: string) => reason.trim().replace(/[\s。．.，,；;：:！!]+$/u, '')

/**
 * A published result is a snapshot: who was judged and awarded changes only through a correction.
 * Asked under every round's lock, the lock a publication takes, so no entry leaves or comes back
 * while results are being published.
 */
async function refuseOncePublished(trx: Transaction<Database>, c: Competition): Promise<void> {
  for (const round of c.judging?.rounds ?? []) await lockRound(trx, c.competitionId, round.id)
  if (await isPublished(trx, c.competitionId))
    throw new BusinessError(CODE.badRequest, MODERATION_MSG.published)
}

/** The entry of `c` staff act on, with its state and the entrant's account; 报名不存在 otherwise. */
async function entryOf(k: Kysely<Database>, c: Competition, entryId: number) {
  const row = await k
    .selectFrom('competition_registrations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.id', 'r.finalised_at', 'r.moderation', 'r.moderation_reason', 'u.account'])
    .where('r.id', '=', entryId)
    .where('r.competition_id', '=', c.competitionId)
    .executeTakeFirst()
  if (!row) throw new BusinessError(CODE.notFound, MODERATION_MSG.entryNotFound)
  return row
}

/** Whether the phase allows each action now: returning before the submission deadline, disqualifying before results. */
export function moderationWindow(c: Competition, now = Date.now()) {
  return {
    mayReturn: now < Date.parse(c.phases.submissionDeadline),
    mayDisqualify: now < Date.parse(c.phases.results),
  }
}

/** What the entrant is told, by text message or e-mail (the account's own address). */
function noticeOf(state: ModerationState | 'reinstated', c: Competition, reason: string) {
  if (state === 'reinstated')
    return {
      subject: `${c.title}：参赛资格已恢复`,
      body: `【咖簿网】您在“${c.title}”的参赛资格已恢复，说明：${reason}。您的作品将继续参加评审，可在“我的赛事”中查看。`,
    }
  return state === 'returned'
    ? {
        subject: `${c.title}：参赛报名已退回修改`,
        body: `【咖簿网】您在“${c.title}”的参赛报名已被退回修改，原因：${reason}。请登录咖簿网，在“我的赛事”中修改后于 ${formatPhase(c.phases.submissionDeadline)} 前重新确认提交。`,
      }
    : {
        subject: `${c.title}：参赛资格已取消`,
        body: `【咖簿网】您在“${c.title}”的参赛资格已被取消，原因：${reason}。如有疑问，请联系大赛组委会。`,
      }
}

/**
 * Returns a submitted entry to its entrant, or disqualifies an entry, with a reason. One conditional
 * UPDATE decides: of a burst of the same action exactly one changes the entry, and only that request
 * writes the audit entry and queues the message (in the same transaction, so none goes without the
 * others); the rest answer `changed: false`. Returning reopens the entry (finalised_at cleared) so the
 * entrant can correct it and confirm again, which clears the returned state (competition-receipts.ts).
 */
export async function moderate(
  k: Kysely<Database>,
  actorId: number,
  c: Competition,
  entryId: number,
  state: ModerationState,
  reason: string,
  now = Date.now(),
): Promise<ModerationResult> {
  const row = await entryOf(k, c, entryId)
  const window = moderationWindow(c, now)
  if (state === 'returned' && !window.mayReturn)
    throw new BusinessError(CODE.badRequest, MODERATION_MSG.returnClosed(c.phases.submissionDeadline))
  if (state === 'disqualified' && !window.mayDisqualify)
    throw new BusinessError(CODE.badRequest, MODERATION_MSG.disqualifyClosed(c.phases.results))
  const at = new Date(now).toISOString()
  const text = reasonText(reason)
  const changed = await k.transaction().execute(async (trx) => {
    await refuseOncePublished(trx, c)
    let update = trx
      .updateTable('competition_registrations')
      .set({ moderation: state, moderation_reason: text, moderated_at: at, updated_at: nowIso() })
      .where('id', '=', entryId)
    if (state === 'returned')
      update = update
        .set({ finalised_at: null })
        .where('finalised_at', 'is not', null)
        .where('moderation', 'is', null)
    else
      update = update.where((eb) => eb.or([eb('moderation', 'is', null), eb('moderation', '=', 'returned')]))
    const done = await update.executeTakeFirst()
    if (Number(done.numUpdatedRows) !== 1) return false
    await writeAudit(trx, {
      actorId,
      action: state === 'returned' ? 'entry.return' : 'entry.disqualify',
      targetType: 'entry',
      targetId: entryId,
      competitionId: c.competitionId,
      detail: {
        before: { state: row.moderation ?? (row.finalised_at ? 'submitted' : 'open') },
        after: { state, reason: text },
      },
    })
    // The account is the entrant's phone number or e-mail address: the message goes where they sign in.
    await new OutboxMessages(trx).send(row.account, noticeOf(state, c, text))
    return true
  })
  const after = await k
    .selectFrom('competition_registrations')
    .select(['moderation', 'moderation_reason', 'moderated_at', 'finalised_at'])
    .where('id', '=', entryId)
    .executeTakeFirstOrThrow()
  if (!changed) {
    // Nothing changed: say why — the same action already done answers as done, anything else is refused.
    if (after.moderation === state) return { changed: false, entryId, moderation: moderationOf(after) }
    if (after.moderation === 'disqualified')
      throw new BusinessError(CODE.badRequest, MODERATION_MSG.disqualified)
    throw new BusinessError(CODE.badRequest, MODERATION_MSG.notSubmitted)
  }
  return { changed: true, entryId, moderation: moderationOf(after) }
}

/**
 * Gives a disqualified entry its place back (恢复参赛资格), with a reason: the entry is confirmed again
 * as it was, and since its assignments and sheets were kept (judging/eligibility.ts) it returns to
 * every round exactly where it stood. Before publication only; one conditional UPDATE decides, with
 * its audit entry and the entrant's notice in the same transaction, as `moderate` does.
 */
export async function reinstate(
  k: Kysely<Database>,
  actorId: number,
  c: Competition,
  entryId: number,
  reason: string,
): Promise<ModerationResult> {
  const row = await entryOf(k, c, entryId)
  const text = reasonText(reason)
  const changed = await k.transaction().execute(async (trx) => {
    await refuseOncePublished(trx, c)
    const done = await trx
      .updateTable('competition_registrations')
      .set({ moderation: null, moderation_reason: null, moderated_at: null, updated_at: nowIso() })
      .where('id', '=', entryId)
      .where('moderation', '=', 'disqualified')
      .executeTakeFirst()
    if (Number(done.numUpdatedRows) !== 1) return false
    await writeAudit(trx, {
      actorId,
      action: 'entry.reinstate',
      targetType: 'entry',
      targetId: entryId,
      competitionId: c.competitionId,
      detail: {
        before: { state: 'disqualified', reason: row.moderation_reason ?? '' },
        after: { state: 'submitted', reason: text },
      },
    })
    await new OutboxMessages(trx).send(row.account, noticeOf('reinstated', c, text))
    return true
  })
  const after = await k
    .selectFrom('competition_registrations')
    .select(['moderation', 'moderation_reason', 'moderated_at'])
    .where('id', '=', entryId)
    .executeTakeFirstOrThrow()
  // Nothing changed: a concurrent reinstatement answers as done; an entry never disqualified is refused.
  if (!changed && !(row.moderation === 'disqualified' && after.moderation === null))
    throw new BusinessError(CODE.badRequest, MODERATION_MSG.notDisqualified)
  return { changed, entryId, moderation: moderationOf(after) }
}
