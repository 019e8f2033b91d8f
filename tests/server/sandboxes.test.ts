import { afterEach, describe, expect, it } from 'vitest'
import { createTestApp } from '../support/test-app.ts'

const saved = { NODE_ENV: process.env.NODE_ENV, ALLOW_SANDBOX: process.env.ALLOW_SANDBOX }
afterEach(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
})

describe('sandbox providers in production', () => {
  it('refuses to start with NODE_ENV=production and sandbox providers', async () => {
    process.env.NODE_ENV = 'production'
    delete process.env.ALLOW_SANDBOX
    await expect(createTestApp()).rejects.toThrow(
      /sandbox providers \(payment, wechat, messages\).*ALLOW_SANDBOX=1/,
    )
  })

  it('starts as a demo with ALLOW_SANDBOX=1, but without the code mailbox', async () => {
    process.env.NODE_ENV = 'production'
    process.env.ALLOW_SANDBOX = '1'
    const server = await createTestApp({ demoData: false })
    try {
      const mailbox = await server.app.inject({ url: '/api/sandbox/mailbox' })
      expect(mailbox.statusCode).toBe(404)
      const cashier = await server.app.inject({ url: '/api/sandbox/cashier' })
      expect(cashier.body).toContain('链接无效')
    } finally {
      await server.close()
    }
  })

  it('never shows the mailbox to a request a proxy forwarded', async () => {
    const server = await createTestApp()
    try {
      const direct = await server.app.inject({ url: '/api/sandbox/mailbox' })
      expect(direct.body).toContain('本机邮箱')
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        const proxied = await server.app.inject({
          url: '/api/sandbox/mailbox',
          headers: { [header]: '127.0.0.1' },
        })
        expect(proxied.body, header).toContain('仅限本机访问')
      }
    } finally {
      await server.close()
    }
  })
})
