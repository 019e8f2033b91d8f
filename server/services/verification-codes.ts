import { createHash, randomInt } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { type Kysely, sql, type Transaction } from 'kysely'
import type { Database } from '../db/schema.ts'
import { BusinessError, CODE } from '../lib/envelope.ts'
import { isoIn, nowIso } from '../lib/time.ts'
import { OutboxMessages } from './messages.ts'

export const CODE_TTL_MS = 5 * 60_000
const RESEND_AFTER_MS = 60_000
const MAX_ATTEMPTS = 5
/**
 * One code a minute per recipient, and 10 a day: 5 guesses a code and a code a minute would otherwise
 * allow ~300 guesses an hour at one phone; 10 codes give 50 guesses a day (a 1 in 20,000 chance at a
 * 6-digit code), and a person who mistypes a few codes is not stopped. Reset and sign-up codes share
 * both. Per address, enough for a family or an office, not for bombing.
 */
export const SEND_LIMITS = {
  perRecipient: { windowMs: RESEND_AFTER_MS, max: 1 },
  perRecipientDaily: { windowMs: 24 * 3600_000, max: 10 },
  perAddress: { windowMs: 3600_000, max: 20 },
} as const
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
export const WRONG_CODE = '验证码错误或已过期'

export type CodePurpose = 'reset' | 'register'

/** What a refused code request reads, by the limit that refused it (the index in SEND_LIMITS' order). */
function refusal(limit: number, retryAfterMs: number): string {
  if (limit === 0) return '验证码发送过于频繁，请1分钟后再试'
  if (limit === 1)
    return `该号码获取验证码次数已达每日上限，请${Math.max(1, Math.ceil(retryAfterMs / 3600_000))}小时后再试`
  return '验证码发送过于频繁，请稍后再试'
}

/**
 * Verification codes by SMS or e-mail (password reset, sign-up): issued under one limit per recipient
 * and one per client address, valid 5 minutes, 5 guesses, single use. Issuing does the same work and
 * gives the same answer whether or not the recipient has an account: only the message differs, and
 * only its recipient reads it.
 */
export class VerificationCodes {
  private readonly app: FastifyInstance
  private readonly messages: OutboxMessages
  constructor(app: FastifyInstance) {
    this.app = app
    this.messages = new OutboxMessages(app.db.kysely)
  }

  private get db(): Kysely<Database> {
    return this.app.db.kysely
  }

  /**
   * Claims the limits, stores a new code and sends `message(code)`. `message` may ignore the code (a
   * notice that the account exists) or answer null (send nothing): a code is stored all the same, so
   * the work done tells nothing.
   */
  async issue(
    recipient: string,
    purpose: CodePurpose,
    clientIp: string,
    message: (code: string) => { subject: string; body: string } | null,
  ): Promise<void> {
    // The same claims whether or not the recipient has an account: the answers cannot tell them apart.
    const claim = await this.app.rateLimits.claimAll([
      [`code:recipient:${recipient}`, SEND_LIMITS.perRecipient],
      [`code:recipient-day:${recipient}`, SEND_LIMITS.perRecipientDaily],
      [`code:address:${clientIp}`, SEND_LIMITS.perAddress],
    ])
    if (!claim.allowed) throw new BusinessError(CODE.tooMany, refusal(claim.refused, claim.retryAfterMs))
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
    await this.db
      .insertInto('verification_codes')
      .values({
        recipient,
        purpose,
        code_hash: sha256(code),
        attempts: 0,
        created_at: nowIso(),
        expires_at: isoIn(CODE_TTL_MS),
        used_at: null,
      })
      .execute()
    const text = message(code)
    if (text) {
      await this.messages.send(recipient, text)
      // Someone is waiting for this one: delivered now, not at the next regular round.
      this.app.outbox.soon()
    }
  }

  /**
   * Checks a code: the latest live one for the recipient and purpose, one guess claimed before
   * comparing (so a burst gets at most 5 compared). Answers the code's id, which `markUsed` spends.
   */
  async check(recipient: string, purpose: CodePurpose, code: string): Promise<number> {
    const row = await this.db
      .selectFrom('verification_codes')
      .select(['id', 'code_hash'])
      .where('recipient', '=', recipient)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso())
      .orderBy('id', 'desc')
      .executeTakeFirst()
    if (!row) throw new BusinessError(CODE.badRequest, WRONG_CODE)
    const claimed = await this.db
      .updateTable('verification_codes')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', row.id)
      .where('attempts', '<', MAX_ATTEMPTS)
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) === 0 || row.code_hash !== sha256(code)) {
      throw new BusinessError(CODE.badRequest, WRONG_CODE)
    }
    return row.id
  }

  /** Spends a checked code in the caller's transaction: of two racing requests only one gets it. */
  static async markUsed(trx: Transaction<Database>, id: number): Promise<void> {
    const used = await trx
      .updateTable('verification_codes')
      .set({ used_at: nowIso() })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst()
    if (Number(used.numUpdatedRows) === 0) throw new BusinessError(CODE.badRequest, WRONG_CODE)
  }
}
