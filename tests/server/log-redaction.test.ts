import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_CERT_FEE_FEN } from '../../server/config.ts'
import { redactText } from '../../server/lib/log-options.ts'
import { grantRole } from '../../server/services/staff/roles.ts'
import { apiOf } from '../support/api-client.ts'
import { FIXTURE_IDS } from '../support/competitions.ts'
import { logLines } from '../support/log-lines.ts'
import { newPayer } from '../support/payers.ts'
import { createTestApp, DEMO } from '../support/test-app.ts'
import { insertUser } from '../support/users.ts'

/** What the request log would hold in production (level info), read line by line. */
const { lines, stream: logStream } = logLines()

let server: Awaited<ReturnType<typeof createTestApp>>
beforeAll(async () => {
  server = await createTestApp({ logStream })
})
afterAll(() => server.close())

async function signIn(): Promise<string> {
  const login = await server.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { account: DEMO.designer, password: DEMO.password, logInSource: 2 },
  })
  return login.json().data.token as string
}

describe('the request log', () => {
  it('never holds a token from the query, the Authorization header or the cookie', async () => {
    const token = await signIn()
    lines.length = 0
    await server.app.inject({ url: `/api/my/getUserBase?token=${token}` })
    await server.app.inject({ url: `/api/my/getUserBase?a=1&TOKEN=${token}&b=2` })
    await server.app.inject({ url: '/api/my/getUserBase', headers: { authorization: `Bearer ${token}` } })
    await server.app.inject({ url: '/api/my/getUserBase', headers: { cookie: `kb_member_token=${token}` } })
    await server.app.inject({ url: `/redirect?token=${token}&url=%2Fmine` })
    // A name the server decodes is the same credential: %74oken is token.
    await server.app.inject({ url: `/api/my/getUserBase?%74oken=${token}` })
    // A signed document link carries its credential in the path.
    await server.app.inject({ url: `/api/others/download/${token}/1` })

    expect(lines.length).toBeGreaterThan(6)
    for (const line of lines) expect(line).not.toContain(token)
    // The rest of the URL is still there to debug with.
    expect(lines.some((l) => l.includes('/api/my/getUserBase?a=1&TOKEN=[REDACTED]&b=2'))).toBe(true)
  })

  it('writes one compact line a request: method, redacted URL, status and time', async () => {
    lines.length = 0
    await server.app.inject({ url: '/api/tbMenuInfo/queryAll?x=1' })
    expect(lines).toHaveLength(1)
    const line = JSON.parse(lines[0] as string)
    expect(line).toMatchObject({ method: 'GET', url: '/api/tbMenuInfo/queryAll?x=1', status: 200 })
    expect(typeof line.ms).toBe('number')
    // A soak at info wrote ≈380 bytes a request in two lines; one line of what matters is under 200.
    expect(Buffer.byteLength(lines[0] as string)).toBeLessThan(200)
  })
})

describe('every other log line', () => {
  it('holds no token wherever one appears: message, error, stack, fields, an HTTP client’s config', async () => {
    const token = await signIn()
    lines.length = 0
    const err = Object.assign(new Error(`GET /redirect?token=${token} failed`), {
      // An axios error carries the request it made, Authorization header included.
      config: { url: `/api/x?token=${token}`, headers: { Authorization: `Bearer ${token}` } },
    })
    server.app.log.error({ err, url: `/redirect?token=${token}&url=%2Fmine` }, 'server rendering failed')
    server.app.log.warn(`loading /news/index?token=${token} failed (Bearer ${token})`)
    server.app.log.warn({ cookie: `kb_member_token=${token}; other=1` }, 'a header')
    expect(lines).toHaveLength(3)
    for (const line of lines) expect(line).not.toContain(token)
    expect(lines[0]).toContain('/redirect?token=[REDACTED]&url=%2Fmine')
    expect(lines[0]).toContain('server rendering failed')
  })

  it('holds no token when a request fails inside (the database gone)', async () => {
    const own = await createTestApp({ logStream })
    try {
      const login = await own.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { account: DEMO.designer, password: DEMO.password, logInSource: 2 },
      })
      const token = login.json().data.token as string
      await own.app.db.kysely.destroy()
      lines.length = 0
      const res = await own.app.inject({
        url: `/api/my/getUserBase?token=${token}`,
        headers: { authorization: token, cookie: `kb_member_token=${token}` },
      })
      expect(res.statusCode).toBeGreaterThanOrEqual(500)
      expect(lines.some((l) => l.includes('"level":50'))).toBe(true)
      for (const line of lines) expect(line).not.toContain(token)
    } finally {
      await own.close().catch(() => undefined)
    }
  })
})

describe('nothing personal in the log (issue 33 item 5)', () => {
  /** A phone number (with or without +86), or a mainland identity number, not masked. */
  const PHONE = /(?<![0-9A-Za-z])(?:(?:\+|%2B)?86)?1[3-9]\d{9}(?![0-9A-Za-z])/i
  const IDENTITY = /(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/

  it('masks phone and identity numbers and e-mail addresses, and redacts signatures and signed states, over a session', async () => {
    const app = server.app
    const api = apiOf(app)
    const fee = FIXTURE_IDS['fee-default']
    await insertUser(app, '13900000501', DEMO.password)
    const { id } = await app.db.kysely
      .selectFrom('users')
      .select('id')
      .where('account', '=', '13900000501')
      .executeTakeFirstOrThrow()
    await grantRole(app.db.kysely, null, id, { role: 'admin' })
    const staff = await api.login('13900000501', DEMO.password)
    const payer = await newPayer(app, api, DEFAULT_CERT_FEE_FEN)
    const identity = '110105199003071234'
    lines.length = 0

    // Staff search entrants and certificates by account: the phone number is in the address.
    const searches = [
      `/api/manage/entries?competitionId=${fee}&q=${DEMO.designer}`,
      `/api/manage/entries?competitionId=${fee}&q=%2B86${DEMO.newcomer}`,
      `/api/manage/certificates?competitionId=${fee}&account=${payer.account}`,
      `/api/manage/entries?competitionId=${fee}&q=chen.siyuan%2Bkabu%40example.com`,
      `/api/manage/certificates?competitionId=${fee}&account=chen@example.com`,
      `/api/certificate/verify?keyword=${identity}`,
      `/api/certificate/verify?keyword=${identity.slice(0, 17)}x`,
    ]
    for (const url of searches) {
      const res = await app.inject({ url, headers: { authorization: staff } })
      expect(res.statusCode, url).toBeLessThan(500)
    }

    // The sandbox cashier, opened from the QR code: its address carries the order's signature.
    const qr = await api.post('/api/my/approve/2', { source: 'cert' }, payer.token)
    const cashier = new URL(qr.data.codeUrl)
    const sign = cashier.searchParams.get('sign') as string
    expect(sign).toMatch(/^[0-9a-f]{64}$/)
    expect((await app.inject({ url: cashier.pathname + cashier.search })).statusCode).toBe(200)

    // A WeChat sign-in: the signed state travels through the sandbox's page and back to /authorizeWx.
    const started = (await api.get('/api/wx/authorize')).data as { url: string; state: string }
    const authorize = new URL(started.url)
    await app.inject({ url: authorize.pathname + authorize.search })
    const confirmed = await app.inject({
      method: 'POST',
      url: authorize.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        state: started.state,
        redirect_uri: authorize.searchParams.get('redirect_uri') as string,
        nickname: '日志测试',
        decision: 'allow',
      }).toString(),
    })
    const callback = new URL(confirmed.headers.location as string)
    await app.inject({ url: callback.pathname + callback.search })

    const written = lines.join('\n')
    expect(lines.length).toBeGreaterThan(8)
    for (const line of lines) {
      expect(line).not.toMatch(PHONE)
      expect(line).not.toMatch(IDENTITY)
    }
    for (const secret of [sign, started.state, ...started.state.split('.')])
      expect(written).not.toContain(secret)
    // What is left still says what was asked.
    expect(written).toContain(`/api/manage/entries?competitionId=${fee}&q=138****0001`)
    expect(written).toContain('/api/certificate/verify?keyword=110***********1234')
    expect(written).toContain('q=c***%40example.com')
    expect(written).toContain('account=c***@example.com')
    expect(written).not.toMatch(/chen|siyuan/)
    expect(written).toContain('sign=[REDACTED]')
    expect(written).toContain('state=[REDACTED]')
  })

  it('leaves numbers and names that are not personal: order numbers, times, versions, hashes', () => {
    for (const text of [
      '/api/my/getPayStatus?orderNumber=KB20261206213000123456',
      '{"time":1796591027618,"pid":13800}',
      'at node_modules/.pnpm/pino@9.14.0/node_modules/pino/lib/proto.js:213:13',
      'sha256 e3b0c44298fc1c149afbf4c8996fb92413800000001b934ca495991b7852b855',
    ])
      expect(redactText(text)).toBe(text)
  })

  it('keeps a filter named state that is a plain word (the entries table’s state=returned)', () => {
    expect(redactText('/api/manage/entries?competitionId=1&state=returned')).toBe(
      '/api/manage/entries?competitionId=1&state=returned',
    )
  })
})
