import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * A mail server on a free local port that keeps what it is handed (parsed) and asks for a user and
 * password, so a test sees what a real one would receive. `refuse` names recipients it answers 550.
 */
export async function startSmtpSink(credentials = { user: 'kabu', pass: 'smtp-pass-7f3a' }) {
  const mails: ParsedMail[] = []
  const refused = new Set<string>()
  const server = new SMTPServer({
    authOptional: false,
    // Plain SMTP on loopback: STARTTLS would need a certificate the client does not trust.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, done) {
      if (auth.username === credentials.user && auth.password === credentials.pass)
        return done(null, { user: auth.username })
      return done(new Error('wrong user or password'))
    },
    onRcptTo(address, _session, done) {
      if (refused.has(address.address))
        return done(Object.assign(new Error('no such mailbox'), { responseCode: 550 }))
      return done()
    },
    onData(stream, _session, done) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail)
          done()
        },
        (error: Error) => done(error),
      )
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://${credentials.user}:${credentials.pass}@127.0.0.1:${port}`,
    password: credentials.pass,
    mails,
    refuse: (address: string) => refused.add(address),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export interface ReceivedText {
  authorization: string | undefined
  idempotencyKey: string | undefined
  body: { id: string; to: string; body: string }
}

/**
 * An SMS gateway on a free local port: keeps each text posted to it, and answers `status()` (200 by
 * default) so a test can make it fail.
 */
export async function startSmsSink() {
  const texts: ReceivedText[] = []
  let answer = 200
  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => {
      raw += chunk
    })
    req.on('end', () => {
      texts.push({
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        body: JSON.parse(raw) as ReceivedText['body'],
      })
      res.writeHead(answer, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer < 300 ? { ok: true } : { error: `status ${answer}` }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/send`,
    texts,
    answerWith: (status: number) => {
      answer = status
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
