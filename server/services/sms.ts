import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.ts'
import { nowIso } from '../lib/time.ts'

/**
 * Text messages. The sandbox provider, the only one until a real gateway is contracted, writes each
 * message to the sms_outbox table instead of sending it, so development and tests can read the code.
 */
export interface SmsProvider {
  send(phone: string, body: string): Promise<void>
}

export class SandboxSms implements SmsProvider {
  private readonly db: Kysely<Database>
  constructor(db: Kysely<Database>) {
    this.db = db
  }
  async send(phone: string, body: string): Promise<void> {
    await this.db.insertInto('sms_outbox').values({ phone, body, created_at: nowIso() }).execute()
  }
}
