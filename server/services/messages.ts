import type { Kysely } from 'kysely'
import { FORMATS } from '../../schemas/formats.ts'
import type { Db } from '../db/connect.ts'
import type { Database } from '../db/schema.ts'
import { nowIso } from '../lib/time.ts'

/**
 * Text messages and e-mails (verification codes, notices). Each is written to sms_outbox or
 * email_outbox — in the caller's transaction when it has one, so a message goes out only with the
 * change it tells of — and never sent by the request: with MESSAGE_PROVIDER=gateway the delivery jobs
 * send it (services/outbox/), with the sandbox it stays there for the local mailbox page
 * (/api/sandbox/mailbox) and the tests.
 */
export interface MessageSender {
  /** `to` is a phone number or an email address. */
  send(to: string, message: { subject: string; body: string }): Promise<void>
}

export class OutboxMessages implements MessageSender {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }
  async send(to: string, message: { subject: string; body: string }): Promise<void> {
    const created_at = nowIso()
    if (FORMATS.phone.test(to)) {
      await this.db.insertInto('sms_outbox').values({ phone: to, body: message.body, created_at }).execute()
    } else {
      await this.db
        .insertInto('email_outbox')
        .values({ email: to, subject: message.subject, body: message.body, created_at })
        .execute()
    }
  }
}

/** The newest `limit` texts and e-mails the sandbox kept, newest first (the local mailbox page). */
export async function sandboxOutbox(
  { kysely: db }: Db,
  limit: number,
): Promise<Array<{ to: string; subject: string; body: string; created_at: string }>> {
  const [sms, mail] = await Promise.all([
    db
      .selectFrom('sms_outbox')
      .select(['phone as to', 'body', 'created_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('email_outbox')
      .select(['email as to', 'subject', 'body', 'created_at'])
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ])
  return [...sms.map((m) => ({ ...m, subject: '短信' })), ...mail]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, limit)
}
