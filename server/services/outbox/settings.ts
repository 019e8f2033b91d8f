/** MESSAGE_PROVIDER and the gateway's settings (readConfig); refused at start when incomplete. */
export type MessageSettings =
  | { provider: 'sandbox' }
  | {
      provider: 'gateway'
      /** SMTP_URL: smtp:// or smtps://user:password@host:port, the mail server e-mails are handed to. */
      smtpUrl: string
      /** MAIL_FROM: the sender, e.g. 咖簿网 <noreply@example.org>. */
      mailFrom: string
      /** SMS_GATEWAY_URL: the HTTPS endpoint texts are posted to (README "Messages"). */
      smsUrl: string
      /** SMS_GATEWAY_TOKEN: the bearer token that endpoint expects. */
      smsToken: string
    }

const GATEWAY_VARIABLES = ['SMTP_URL', 'MAIL_FROM', 'SMS_GATEWAY_URL', 'SMS_GATEWAY_TOKEN'] as const

/** Only the scheme and the host are ever named in an error: the URLs may hold a password. */
function checkUrl(raw: string, name: string, schemes: string[]): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`${name} is not a URL`)
  }
  if (!schemes.includes(url.protocol))
    throw new Error(
      `${name} must start with ${schemes.map((s) => `${s}//`).join(' or ')}, not ${url.protocol}//`,
    )
  return raw
}

export function parseMessages(env: NodeJS.ProcessEnv): MessageSettings {
  const provider = env.MESSAGE_PROVIDER || 'sandbox'
  if (provider === 'sandbox') return { provider }
  if (provider !== 'gateway')
    throw new Error(`MESSAGE_PROVIDER must be sandbox or gateway, not ${JSON.stringify(provider)}`)
  const missing = GATEWAY_VARIABLES.filter((name) => !env[name])
  if (missing.length) throw new Error(`MESSAGE_PROVIDER=gateway needs ${missing.join(', ')}`)
  return {
    provider,
    smtpUrl: checkUrl(env.SMTP_URL!, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM!,
    smsUrl: checkUrl(env.SMS_GATEWAY_URL!, 'SMS_GATEWAY_URL', ['https:', 'http:']),
    smsToken: env.SMS_GATEWAY_TOKEN!,
  }
}
