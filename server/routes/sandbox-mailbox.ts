import type { FastifyInstance } from 'fastify'
import { escapeHtml, sandboxPage } from '../lib/html.ts'
import { fileReplies, MEDIA, query } from '../lib/route-schema.ts'
import { sandboxOutbox } from '../services/messages.ts'

const SHOWN = 30
/** Who may read the mailbox: this machine only (the client address, as TRUST_PROXY lets the server see it). */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const

const schemas = {
  mailbox: {
    tags: ['短信与邮件沙箱'],
    summary: '本机邮箱：沙箱短信与邮件（验证码）的最近 30 条，仅限本机访问',
    querystring: query({}),
    response: fileReplies('邮箱页面（HTML）', [MEDIA.html], { envelope: false }),
  },
} as const

/**
 * The local dev mailbox (README "Sign-up and messages"): the sandbox message provider sends nothing,
 * so a tester reads the codes here. Only to requests from this machine that no proxy forwarded, and
 * never in production (server/app.ts): the codes would let anyone reset anyone's password.
 */
export async function sandboxMailboxRoutes(app: FastifyInstance): Promise<void> {
  app.get('/sandbox/mailbox', { schema: schemas.mailbox }, async (request, reply) => {
    // A proxy on this machine makes every visitor look local: a forwarded request is never shown codes.
    const forwarded = FORWARDING_HEADERS.some((h) => request.headers[h] !== undefined)
    if (forwarded || !LOOPBACK.has(request.ip)) {
      return sandboxPage(
        reply,
        '仅限本机',
        '<h1>仅限本机访问</h1><p>沙箱邮箱只对运行服务器的这台机器开放。</p>',
      )
    }
    const rows = (await sandboxOutbox(app.db, SHOWN))
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.created_at.replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(m.to)}</td><td>${escapeHtml(m.subject)}</td><td>${escapeHtml(m.body)}</td></tr>`,
      )
      .join('')
    return sandboxPage(
      reply,
      '本机邮箱',
      `<h1>本机邮箱 <span class="tag">沙箱 · 未真实发送</span></h1>
<p>验证码短信与邮件不会真实发出，最近 ${SHOWN} 条显示在这里（UTC 时间）。刷新页面查看新消息。</p>
${rows ? `<table><thead><tr><th>时间</th><th>收件人</th><th>类型</th><th>内容</th></tr></thead><tbody>${rows}</tbody></table>` : '<p>还没有消息。</p>'}`,
      { wide: true },
    )
  })
}
