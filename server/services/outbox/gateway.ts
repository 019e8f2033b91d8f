import nodemailer from 'nodemailer'
import type { MessageSettings } from './settings.ts'

/** One message of an outbox, named by its outbox and id (`sms-12`): the same name on every retry. */
export interface OutgoingText {
  id: string
  to: string
  body: string
}
export interface OutgoingMail extends OutgoingText {
  subject: string
}

/** A refusal that trying again will not change (a malformed number, say): the message is given up. */
export class PermanentFailure extends Error {}

/** Where the outboxes are delivered: texts to an HTTP gateway, e-mails to a mail server. */
export interface MessageGateway {
  text(message: OutgoingText): Promise<void>
  mail(message: OutgoingMail): Promise<void>
  close(): void
}

/** No send may hold a delivery round longer than this. */
const SEND_TIMEOUT_MS = 15_000

/** A refusal of the SMS gateway that may pass if tried later: the rest of 4xx will not. */
const RETRIED_STATUSES = new Set([408, 425, 429])

type GatewaySettings = Extract<MessageSettings, { provider: 'gateway' }>

export function createMessageGateway(settings: GatewaySettings): MessageGateway {
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  })
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.mailFrom)?.[1] ?? 'localhost'
  return {
    async text({ id, to, body }) {
      const res = await fetch(settings.smsUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${settings.smsToken}`,
          // The gateway may see a retry of a text it already took (an answer lost on the way back).
          'idempotency-key': id,
        },
        body: JSON.stringify({ id, to, body }),
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
      // Read to the end, so the connection is free again.
      const answer = (await res.text()).slice(0, 120)
      if (res.ok) return
      const reason = `SMS gateway answered ${res.status}${answer ? `: ${answer}` : ''}`
      if (res.status >= 400 && res.status < 500 && !RETRIED_STATUSES.has(res.status))
        throw new PermanentFailure(reason)
      throw new Error(reason)
    },
    async mail({ id, to, subject, body }) {
      try {
        await transport.sendMail({
          from: settings.mailFrom,
          to,
          subject,
          text: body,
          // The same Message-ID on a retry lets the receiving side drop a duplicate.
          messageId: `<${id}.outbox@${domain}>`,
        })
      } catch (error) {
        // SMTP's 5xx is final (no such mailbox, say); 4xx and lost connections may pass later.
        const code = (error as { responseCode?: number }).responseCode
        if (code !== undefined && code >= 500) throw new PermanentFailure((error as Error).message)
        throw error
      }
    },
    close: () => transport.close(),
  }
}
