import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'
import type { Competition } from '../../../definitions/competition/types.ts'
import {
  MESSAGE_LIMITS,
  type MessagePreview,
  type MessageSent,
  type MessagesPage,
  type MyMessage,
} from '../../../schemas/api/entrant-messages.ts'
import type { Database } from '../../db/schema.ts'
import { BusinessError, CODE } from '../../lib/envelope.ts'
import { OutboxMessages } from '../messages.ts'
import type { Limit, RateLimits } from '../rate-limits.ts'
import { isPublished } from '../results/published.ts'
import { writeAudit } from '../staff/audit.ts'
import {
  checkedFilter,
  filterChoices,
  filterLabel,
  type MessageFilter,
  recipientsOf,
} from './message-audience.ts'

type K = Kysely<Database>

/** The Chinese answers of console messages, each written once. */
export const ENTRANT_MESSAGE_MSG = {
  textEmpty: '正文不能为空',
  textTooLong: (n: number) => `正文不能超过 ${MESSAGE_LIMITS.textMax} 字（现为 ${n} 字）`,
  subjectTooLong: (n: number) => `邮件主题不能超过 ${MESSAGE_LIMITS.subjectMax} 字（现为 ${n} 字）`,
  nobody: '没有符合条件的参赛者，未发送',
  countChanged: (n: number) => `收件人数已变为 ${n} 位，请重新预览并确认`,
  sameMessage: `同样的正文 ${MESSAGE_LIMITS.sameMessageMinutes} 分钟内已发给这些参赛者；确要再发，请在确认时勾选“再次发送”`,
  tooSoon: (seconds: number) => `刚刚已发送过一条消息，请 ${seconds} 秒后再发送`,
  perHour: (minutes: number) =>
    `本赛事一小时内最多发送 ${MESSAGE_LIMITS.perHour} 次消息，请 ${minutes} 分钟后再发送`,
  sent: (n: number) => `已发送给 ${n} 位参赛者`,
} as const

/** The subject an e-mail gets when the organiser wrote none. */
const DEFAULT_SUBJECT = '组委会通知'

export interface MessageDraft extends MessageFilter {
  subject?: string
  text: string
}

const lengthOf = (s: string) => [...s].length

/** The draft's subject and text, trimmed and within the limits, or refused in staff's words. */
function checkedText(draft: MessageDraft): { subject: string; text: string } {
  const text = draft.text.trim()
  const subject = (draft.subject ?? '').trim() || DEFAULT_SUBJECT
  if (!text) throw new BusinessError(CODE.badRequest, ENTRANT_MESSAGE_MSG.textEmpty)
  if (lengthOf(text) > MESSAGE_LIMITS.textMax)
    throw new BusinessError(CODE.badRequest, ENTRANT_MESSAGE_MSG.textTooLong(lengthOf(text)))
  if (lengthOf(subject) > MESSAGE_LIMITS.subjectMax)
    throw new BusinessError(CODE.badRequest, ENTRANT_MESSAGE_MSG.subjectTooLong(lengthOf(subject)))
  return { subject, text }
}

/**
 * Exactly what an entrant receives: the 【咖簿网】 opening and the competition's title, as the other
 * notices (moderation, publication); a phone account gets `smsText`, an e-mail account the e-mail.
 */
export function messageTexts(c: Competition, subject: string, text: string) {
  const body = `【咖簿网】“${c.title}”组委会：${text}`
  return { smsText: body, emailSubject: `${c.title}：${subject}`, emailText: body }
}

const filterJson = (f: MessageFilter) =>
  JSON.stringify({ audience: f.audience, roundId: f.roundId ?? null, range: f.range ?? null })

/** When the same text went to the same filter within the limit's minutes (ISO), else null. */
async function repeatOf(k: K, c: Competition, f: MessageFilter, text: string, now: number) {
  const since = new Date(now - MESSAGE_LIMITS.sameMessageMinutes * 60_000).toISOString()
  const row = await k
    .selectFrom('entrant_messages')
    .select('sent_at')
    .where('competition_id', '=', c.competitionId)
    .where('filter', '=', filterJson(f))
    .where('text', '=', text)
    .where('sent_at', '>', since)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row?.sent_at ?? null
}

/** What the console shows before sending: the count of accounts and the exact texts. */
export async function previewMessage(
  k: K,
  c: Competition,
  draft: MessageDraft,
  now = Date.now(),
): Promise<MessagePreview> {
  const filter = checkedFilter(c, draft)
  const { subject, text } = checkedText(draft)
  const recipients = await recipientsOf(k, c, filter)
  return {
    recipients: recipients.length,
    filterLabel: filterLabel(c, filter),
    ...messageTexts(c, subject, text),
    repeatOf: await repeatOf(k, c, filter, text, now),
  }
}

const LIMITS = {
  gap: { windowMs: MESSAGE_LIMITS.gapSeconds * 1000, max: 1 },
  same: { windowMs: MESSAGE_LIMITS.sameMessageMinutes * 60_000, max: 1 },
  hour: { windowMs: 3_600_000, max: MESSAGE_LIMITS.perHour },
} satisfies Record<string, Limit>

/**
 * Claims the limits of a send one after the other, the narrowest first: of a burst, the gap lets
 * exactly one through and the rest are refused before they touch the others (claimed together, each
 * could be refused by a count the others pushed up, and none go). A refusal gives back what it claimed.
 */
async function claimSend(
  rateLimits: RateLimits,
  c: Competition,
  f: MessageFilter,
  text: string,
  repeat: boolean,
) {
  const id = c.competitionId
  const sameKey = createHash('sha256')
    .update(`${filterJson(f)}\n${text}`)
    .digest('hex')
    .slice(0, 32)
  type Claim = [key: string, limit: Limit, refusal: (retryAfterMs: number) => string]
  const claims: Claim[] = [
    [`entrant-message:gap:${id}`, LIMITS.gap, (ms) => ENTRANT_MESSAGE_MSG.tooSoon(Math.ceil(ms / 1000))],
  ]
  // Confirmed anew (勾选“再次发送”): the same text may go to the same filter again.
  if (!repeat)
    claims.push([`entrant-message:same:${id}:${sameKey}`, LIMITS.same, () => ENTRANT_MESSAGE_MSG.sameMessage])
  claims.push([
    `entrant-message:hour:${id}`,
    LIMITS.hour,
    (ms) => ENTRANT_MESSAGE_MSG.perHour(Math.ceil(ms / 60_000)),
  ])
  const held: string[] = []
  const release = () => Promise.all(held.map((key) => rateLimits.release(key)))
  for (const [key, limit, refusal] of claims) {
    const claim = await rateLimits.claim(key, limit)
    held.push(key)
    if (!claim.allowed) {
      await release()
      throw new BusinessError(CODE.tooMany, refusal(claim.retryAfterMs))
    }
  }
  return release
}

export interface SendDeps {
  k: K
  rateLimits: RateLimits
  /** Asks the outbox to deliver now rather than at its next round. */
  deliverSoon(): void
}

/**
 * Sends a console message: the limits are claimed first (before the recipients are read), then the
 * count the organiser confirmed is checked against the recipients now, and the message, one recipient
 * row and one outbox message per account, and the audit entry are written in one transaction — all
 * queued or none. The outbox's delivery jobs send them exactly once with their back-off.
 */
export async function sendMessage(
  deps: SendDeps,
  actorId: number,
  c: Competition,
  draft: MessageDraft & { confirmCount: number; repeat?: boolean },
): Promise<MessageSent> {
  const filter = checkedFilter(c, draft)
  const { subject, text } = checkedText(draft)
  const release = await claimSend(deps.rateLimits, c, filter, text, draft.repeat === true)
  try {
    const recipients = await recipientsOf(deps.k, c, filter)
    if (!recipients.length) throw new BusinessError(CODE.badRequest, ENTRANT_MESSAGE_MSG.nobody)
    if (recipients.length !== draft.confirmCount)
      throw new BusinessError(CODE.conflict, ENTRANT_MESSAGE_MSG.countChanged(recipients.length))
    const label = filterLabel(c, filter)
    const texts = messageTexts(c, subject, text)
    const messageId = await deps.k.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('entrant_messages')
        .values({
          competition_id: c.competitionId,
          filter: filterJson(filter),
          filter_label: label,
          subject,
          text,
          recipients: recipients.length,
          sent_by: actorId,
          sent_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (let i = 0; i < recipients.length; i += 500)
        await trx
          .insertInto('entrant_message_recipients')
          .values(
            recipients
              .slice(i, i + 500)
              .map((r) => ({ message_id: id, user_id: r.userId, registration_id: r.registrationId })),
          )
          .execute()
      const outbox = new OutboxMessages(trx)
      // The account is the entrant's phone number or e-mail address: the message goes where they sign in.
      for (const r of recipients)
        await outbox.send(r.account, { subject: texts.emailSubject, body: texts.smsText })
      await writeAudit(trx, {
        actorId,
        action: 'entrants.message',
        targetType: 'message',
        targetId: id,
        competitionId: c.competitionId,
        detail: { filter, filterLabel: label, count: recipients.length, subject, body: text },
      })
      return id
    })
    deps.deliverSoon()
    return { messageId, recipients: recipients.length }
  } catch (error) {
    // Nothing was sent: the attempt does not count against the limits.
    await release()
    throw error
  }
}

/** The console's page: the filters this competition offers and the newest messages sent. */
export async function messagesPage(k: K, c: Competition): Promise<MessagesPage> {
  const rows = await k
    .selectFrom('entrant_messages as m')
    .leftJoin('users as u', 'u.id', 'm.sent_by')
    .select(['m.id', 'm.filter_label', 'm.subject', 'm.text', 'm.recipients', 'm.sent_at', 'u.account'])
    .where('m.competition_id', '=', c.competitionId)
    .orderBy('m.id', 'desc')
    .limit(50)
    .execute()
  return {
    ...filterChoices(c),
    published: await isPublished(k, c.competitionId),
    sent: rows.map((r) => ({
      id: r.id,
      filterLabel: r.filter_label,
      subject: r.subject,
      text: r.text,
      recipients: r.recipients,
      sentBy: r.account ?? '',
      sentAt: r.sent_at,
    })),
  }
}

/** The messages a user received about each of their registrations, newest first (我的赛事). */
export async function messagesByRegistration(k: K, userId: number): Promise<Map<number, MyMessage[]>> {
  const rows = await k
    .selectFrom('entrant_message_recipients as r')
    .innerJoin('entrant_messages as m', 'm.id', 'r.message_id')
    .select(['r.registration_id', 'm.subject', 'm.text', 'm.sent_at'])
    .where('r.user_id', '=', userId)
    .orderBy('m.id', 'desc')
    .execute()
  const byRegistration = new Map<number, MyMessage[]>()
  for (const r of rows) {
    const list = byRegistration.get(r.registration_id) ?? []
    list.push({ subject: r.subject, text: r.text, sentAt: r.sent_at })
    byRegistration.set(r.registration_id, list)
  }
  return byRegistration
}
