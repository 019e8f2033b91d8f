import type { Kysely } from 'kysely'
import { FORMATS } from '../../schemas/formats.ts'
import type { Database } from '../db/schema.ts'
import { nowIso } from '../lib/time.ts'

/**
 * Text messages and e-mails (verification codes, notices). The sandbox provider, the only one until a
 * gateway is contracted, queues each message in sms_outbox or email_outbox instead of sending it; the
 * local mailbox page (/api/sandbox/mailbox) and the tests read them there. A real gateway sends from
 * the same queues, so a request never waits on the provider.
 */
export interface MessageSender {
  /** `to` is a phone number or an email address. */
  send(to: string, message: { subject: string; body: string }): Promise<void>
}

export class SandboxMessages implements MessageSender {
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
