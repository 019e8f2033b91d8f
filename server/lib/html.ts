import type { FastifyInstance, FastifyReply } from 'fastify'

/** Text and attribute values written into HTML the server builds by hand (the sandbox pages). */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A whole small page of a sandbox provider (the payment cashier, the WeChat confirmation, the local
 * mailbox): they live outside the SPA, like a real provider's pages. Always HTTP 200, the outcome in
 * words, as every answer of this API carries its outcome in the body. `body` is trusted HTML.
 */
export function sandboxPage(reply: FastifyReply, title: string, body: string, { wide = false } = {}) {
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" type="image/svg+xml" href="/favicon.svg"><title>${escapeHtml(title)} - 咖簿网沙箱</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2129}
main{max-width:${wide ? 880 : 420}px;margin:40px auto;background:#fff;border-radius:8px;padding:28px;box-shadow:0 2px 8px #0001}
h1{font-size:20px;margin:0 0 4px}.tag{color:#b54708;background:#fef0c7;padding:2px 8px;border-radius:4px;font-size:12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px;margin:20px 0}dt{color:#86909c}dd{margin:0;word-break:break-all}
.amount{font-size:28px;font-weight:600;color:#c4302b}form{display:inline}
button{font-size:16px;padding:10px 24px;border-radius:6px;border:1px solid #c9cdd4;background:#fff;cursor:pointer;margin-right:12px}
button.pay{background:#07c160;border-color:#07c160;color:#fff}a{color:#1664ff}
table{border-collapse:collapse;width:100%;font-size:14px}td,th{border-bottom:1px solid #e5e6eb;padding:8px;text-align:left;vertical-align:top}
input[type=text]{font-size:16px;padding:8px;border:1px solid #c9cdd4;border-radius:6px;width:100%;box-sizing:border-box;margin:8px 0 16px}</style></head>
<body><main>${body}</main></body></html>`)
}

/**
 * Lets a sandbox page's plain HTML forms post to routes of its own plugin (encapsulated: the rest of
 * the API still refuses form-encoded bodies with 415). The fields arrive as an object of strings.
 */
export function acceptHtmlForms(app: FastifyInstance, bodyLimit = 16 * 1024): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  )
}
