import { setTimeout } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboxMessages } from '../../server/services/messages.ts'
import {
  LEASE_MS,
  MAX_AGE_MS,
  MAX_ATTEMPTS,
  OUTBOX_ROUND_QUEUE,
  RETRY_AFTER_MS,
} from '../../server/services/outbox/delivery.ts'
import { parseMessages } from '../../server/services/outbox/settings.ts'
import { apiOf } from '../support/api-client.ts'
import { logLines } from '../support/log-lines.ts'
import { startSmsSink, startSmtpSink } from '../support/message-sinks.ts'
import { createTestApp } from '../support/test-app.ts'

const SMS_TOKEN = 'sms-token-4b1d9e'
const MAIL_FROM = '咖簿网 <noreply@kabu.example>'
const PASSWORD = 'Newcomer2026!'

let smtp: Awaited<ReturnType<typeof startSmtpSink>>
let sms: Awaited<ReturnType<typeof startSmsSink>>
let server: Awaited<ReturnType<typeof createTestApp>>
let api: ReturnType<typeof apiOf>
const log = logLines()

beforeAll(async () => {
  smtp = await startSmtpSink()
  sms = await startSmsSink()
  server = await createTestApp({
    logStream: log.stream,
    messages: {
      provider: 'gateway',
      smtpUrl: smtp.url,
      mailFrom: MAIL_FROM,
      smsUrl: sms.url,
      smsToken: SMS_TOKEN,
    },
  })
  api = apiOf(server.app)
})
afterAll(async () => {
  await server?.close()
  await Promise.all([smtp?.close(), sms?.close()])
})

const k = () => server.app.db.kysely
const delivery = () => server.app.outbox.delivery!
let serial = 0
const newPhone = () => `1371111${String(++serial).padStart(4, '0')}`

async function until<T>(find: () => T | undefined | Promise<T | undefined>, what: string): Promise<T> {
  for (let waited = 0; waited < 10_000; waited += 25) {
    const found = await find()
    if (found !== undefined) return found
    await setTimeout(25)
  }
  throw new Error(`waited 10 s for ${what}`)
}

/** Writes a text as the services do, and answers its row id. */
async function queueText(phone: string, body: string): Promise<number> {
  await new OutboxMessages(k()).send(phone, { subject: '', body })
  const row = await k()
    .selectFrom('sms_outbox')
    .select('id')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  return row.id
}
const smsRow = (id: number) =>
  k().selectFrom('sms_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const textsTo = (phone: string) => sms.texts.filter((t) => t.body.to === phone)

/**
 * The regular round (every OUTBOX_ROUND_MS) may claim a message just before a test's own round does;
 * the test's round then passes it by, and the row is settled only when the other round's send ends.
 */
async function settled<T extends { sent_at: string | null; failed_at: string | null }>(
  read: () => Promise<T[]>,
): Promise<T[]> {
  for (let waited = 0; waited < 10_000; waited += 25) {
    const rows = await read()
    if (rows.every((row) => row.sent_at !== null || row.failed_at !== null)) return rows
    await setTimeout(25)
  }
  throw new Error('waited 10 s for the messages to be sent or given up')
}

describe('delivery through a gateway (MESSAGE_PROVIDER=gateway)', () => {
  it('a sign-up code by text reaches the SMS gateway at once, with its token, and signs the account up', async () => {
    const phone = newPhone()
    expect((await api.post('/api/register/sendCode', { account: phone })).code).toBe(200)
    const text = await until(() => textsTo(phone)[0], 'the text')
    expect(text.authorization).toBe(`Bearer ${SMS_TOKEN}`)
    expect(text.idempotencyKey).toBe(text.body.id)
    const code = /\d{6}/.exec(text.body.body)![0]
    const done = await api.post('/api/register', {
      account: phone,
      code,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      read: true,
    })
    expect(done).toMatchObject({ code: 200, msg: '注册成功' })
    const row = await smsRow(Number(text.body.id.replace('sms-', '')))
    expect(row).toMatchObject({ phone, attempts: 1, failed_at: null, last_error: null })
    expect(row.sent_at).not.toBeNull()
  })

  it('an e-mailed code reaches the mail server from the configured sender, its Chinese intact', async () => {
    const email = `outbox${++serial}@kabu.example`
    expect((await api.post('/api/register/sendCode', { account: email })).code).toBe(200)
    const mail = await until(
      () => smtp.mails.find((m) => m.to && JSON.stringify(m.to).includes(email)),
      'the mail',
    )
    expect(mail.from?.value).toEqual([{ name: '咖簿网', address: 'noreply@kabu.example' }])
    expect(mail.subject).toMatch(/[\u4e00-\u9fff]/)
    expect(mail.text).toMatch(/\d{6}/)
    expect(mail.messageId).toMatch(/^<email-\d+\.outbox@kabu\.example>$/)
    const row = await k()
      .selectFrom('email_outbox')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(row.sent_at).not.toBeNull()
    expect(row.subject).toBe(mail.subject)
  })

  it('a message written without a nudge (a notice in a transaction) goes out with the regular round', async () => {
    expect(await server.app.jobs.queued(OUTBOX_ROUND_QUEUE)).toBe(true)
    const phone = newPhone()
    const id = await queueText(phone, '【咖簿网】您的证书已寄出')
    await delivery().round()
    const [row] = await settled(async () => [await smsRow(id)])
    expect(textsTo(phone)).toHaveLength(1)
    expect(row!.sent_at).not.toBeNull()
  })

  it('four rounds at once send each of 30 waiting messages exactly once', async () => {
    const phones = Array.from({ length: 30 }, newPhone)
    for (const phone of phones) await queueText(phone, '【咖簿网】并发投递')
    await Promise.all(Array.from({ length: 4 }, () => delivery().round()))
    await settled(() => k().selectFrom('sms_outbox').selectAll().where('phone', 'in', phones).execute())
    for (const phone of phones) expect(textsTo(phone)).toHaveLength(1)
  })
})

describe('failures', () => {
  it('a gateway that fails is tried again after each wait, and given up after MAX_ATTEMPTS tries, logged without the token', async () => {
    sms.answerWith(503)
    try {
      const phone = newPhone()
      const id = await queueText(phone, '【咖簿网】重试')
      let now = Date.now()
      await delivery().round(now)
      // Tried once, by this round or by the regular one that met it (a second or so apart).
      let row = await until(async () => {
        const tried = await smsRow(id)
        return tried.last_error ? tried : undefined
      }, 'the first try')
      expect(row).toMatchObject({ attempts: 1, sent_at: null, failed_at: null })
      expect(row.last_error).toContain('503')
      expect(Math.abs(Date.parse(row.next_attempt_at!) - (now + RETRY_AFTER_MS[0]))).toBeLessThan(2000)
      // Not due before its wait is over.
      await delivery().round(now + RETRY_AFTER_MS[0] - 1000)
      expect(textsTo(phone)).toHaveLength(1)
      for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
        now = Date.parse(row.next_attempt_at!)
        await delivery().round(now)
        row = await smsRow(id)
        expect(row.attempts).toBe(attempt)
      }
      expect(row.failed_at).not.toBeNull()
      expect(row.next_attempt_at).toBeNull()
      expect(textsTo(phone)).toHaveLength(MAX_ATTEMPTS)
      // Given up: no later round sends it.
      await delivery().round(now + 24 * 3600_000)
      expect(textsTo(phone)).toHaveLength(MAX_ATTEMPTS)
      const givenUp = log.lines.find((l) => l.includes('message given up') && l.includes(`"messageId":${id}`))
      expect(givenUp).toBeDefined()
      expect(givenUp).not.toContain(phone)
    } finally {
      sms.answerWith(200)
    }
    expect(log.lines.join('\n')).not.toContain(SMS_TOKEN)
    expect(log.lines.join('\n')).not.toContain(smtp.password)
  })

  it('a refusal that retrying cannot change (400) is given up at the first try', async () => {
    sms.answerWith(400)
    try {
      const id = await queueText(newPhone(), '【咖簿网】号码有误')
      // Two rounds at once, as the regular round may meet the test's: the message is still tried once.
      server.app.outbox.soon()
      await delivery().round()
      const [row] = await settled(async () => [await smsRow(id)])
      expect(row).toMatchObject({ attempts: 1, sent_at: null, next_attempt_at: null })
      expect(row!.failed_at).not.toBeNull()
    } finally {
      sms.answerWith(200)
    }
  })

  it('a mailbox the mail server refuses (550) is given up at once; the other mails still go', async () => {
    const refused = `nobody${++serial}@kabu.example`
    const fine = `someone${++serial}@kabu.example`
    smtp.refuse(refused)
    const messages = new OutboxMessages(k())
    await messages.send(refused, { subject: '通知', body: '正文' })
    await messages.send(fine, { subject: '通知', body: '正文' })
    server.app.outbox.soon()
    await delivery().round()
    const rows = await settled(() =>
      k()
        .selectFrom('email_outbox')
        .selectAll()
        .where('email', 'in', [refused, fine])
        .orderBy('id')
        .execute(),
    )
    expect(rows[0]).toMatchObject({ email: refused, attempts: 1, sent_at: null })
    expect(rows[0]!.failed_at).not.toBeNull()
    expect(rows[0]!.last_error).toContain('550')
    expect(rows[1]!.sent_at).not.toBeNull()
  })

  it('a try whose instance died holds its message for LEASE_MS, then the message is tried again', async () => {
    const phone = newPhone()
    const id = await queueText(phone, '【咖簿网】租约')
    const now = Date.now()
    // As a claim leaves it when its instance is killed before the send.
    await k()
      .updateTable('sms_outbox')
      .set({ attempts: 1, next_attempt_at: new Date(now + LEASE_MS).toISOString() })
      .where('id', '=', id)
      .execute()
    await delivery().round(now)
    expect(textsTo(phone)).toHaveLength(0)
    await delivery().round(now + LEASE_MS)
    expect(textsTo(phone)).toHaveLength(1)
    expect(await smsRow(id)).toMatchObject({ attempts: 2, next_attempt_at: null })
  })

  it('a message older than MAX_AGE_MS is not sent (a gateway turned on for an old sandbox database)', async () => {
    const phone = newPhone()
    const id = await queueText(phone, '【咖簿网】旧消息')
    await k()
      .updateTable('sms_outbox')
      .set({ created_at: new Date(Date.now() - MAX_AGE_MS - 60_000).toISOString() })
      .where('id', '=', id)
      .execute()
    await delivery().round()
    expect(textsTo(phone)).toHaveLength(0)
    expect((await smsRow(id)).failed_at).not.toBeNull()
  })

  it('the sandbox mailbox is not served beside a real gateway', async () => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/sandbox/mailbox',
      remoteAddress: '127.0.0.1',
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('MESSAGE_PROVIDER settings', () => {
  const gateway = {
    MESSAGE_PROVIDER: 'gateway',
    SMTP_URL: 'smtps://kabu:s3cret-pass@smtp.example.org:465',
    MAIL_FROM: MAIL_FROM,
    SMS_GATEWAY_URL: 'https://sms.example.org/send',
    SMS_GATEWAY_TOKEN: SMS_TOKEN,
  }
  it('is the sandbox unless said, and refuses an unknown provider', () => {
    expect(parseMessages({})).toEqual({ provider: 'sandbox' })
    expect(() => parseMessages({ MESSAGE_PROVIDER: 'smtp' })).toThrow(
      'MESSAGE_PROVIDER must be sandbox or gateway, not "smtp"',
    )
  })
  it('refuses a gateway with a setting missing, naming it', () => {
    expect(() => parseMessages({ ...gateway, SMS_GATEWAY_TOKEN: '' })).toThrow(
      'MESSAGE_PROVIDER=gateway needs SMS_GATEWAY_TOKEN',
    )
  })
  it('refuses a URL of the wrong kind without printing it (it may hold a password)', () => {
    const refusal = (() => {
      try {
        parseMessages({ ...gateway, SMTP_URL: 'https://kabu:s3cret-pass@smtp.example.org' })
      } catch (error) {
        return (error as Error).message
      }
    })()
    expect(refusal).toBe('SMTP_URL must start with smtp:// or smtps://, not https://')
    expect(refusal).not.toContain('s3cret')
  })
  it('reads a complete gateway', () => {
    expect(parseMessages(gateway)).toEqual({
      provider: 'gateway',
      smtpUrl: gateway.SMTP_URL,
      mailFrom: MAIL_FROM,
      smsUrl: gateway.SMS_GATEWAY_URL,
      smsToken: SMS_TOKEN,
    })
  })
})
